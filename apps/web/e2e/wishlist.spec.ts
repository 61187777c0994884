import { expect, type Page, test } from "@playwright/test";
import { STORAGE_KEYS } from "@stoa/contract";
import {
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openModal,
  signOutFromDrawer,
  uniqueEmail,
} from "./support.ts";

const firstCard = (page: Page) =>
  page.locator("[data-home-section=best-sellers] [data-product-card]").first();

async function signInFromModal(page: Page, email: string, password: string) {
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "LOGIN_VIEW");
  await modal.getByLabel(/Email|البريد/).fill(email);
  await modal.locator('input[name="password"]').fill(password);
  await modal.locator('button[type="submit"]').first().click();
  await expect(openModal(page)).toHaveCount(0);
}

test("signed out, a heart asks to sign in; signed in, it saves, /wishlist lists and removes", async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail("wish");
  const password = "heart-basket-1";
  await createVerifiedAccount(request, "localhost", { email, password });

  // The wishlist page itself asks a visitor to sign in.
  await page.goto(`${GROCERY}/wishlist`);
  await expect(page.locator("[data-inline-login]")).toBeVisible();

  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  const card = firstCard(page);
  const productId = await card.getAttribute("data-product-card");
  const heart = card.locator("[data-wishlist-heart]");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(heart).toHaveAccessibleName(/^Save .+ to your wishlist$/);
  await heart.click();
  await signInFromModal(page, email, password);
  await expect(page.locator("[data-open-account]")).toHaveAttribute("data-auth-status", "signed-in");

  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // Every heart of that product on the page agrees.
  for (const other of await page.locator(`[data-wishlist-heart="${productId}"]`).all()) {
    await expect(other).toHaveAttribute("aria-pressed", "true");
  }

  // Saved on the server: it is still saved after a reload.
  await page.reload();
  await hydrated(page);
  await expect(firstCard(page).locator("[data-wishlist-heart]")).toHaveAttribute("aria-pressed", "true");

  await page.goto(`${GROCERY}/wishlist`);
  const item = page.locator(`[data-wishlist-item="${productId}"]`);
  await expect(item).toBeVisible();
  await expect(page.locator("[data-wishlist-count]")).toHaveAttribute("data-wishlist-count", "1");
  await hydrated(page);
  await item.getByRole("button", { name: /^Remove .+ from your wishlist$/ }).click();
  await expect(page.locator("[data-wishlist-empty]")).toBeVisible();
  await page.reload();
  await expect(page.locator("[data-wishlist-empty]")).toBeVisible();

  // Sign-out forgets the wishlist (spec §4).
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await firstCard(page).locator("[data-wishlist-heart]").click();
  await expect(firstCard(page).locator("[data-wishlist-heart]")).toHaveAttribute("aria-pressed", "true");
  await signOutFromDrawer(page);
  await expect(firstCard(page).locator("[data-wishlist-heart]")).toHaveAttribute("aria-pressed", "false");
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.wishlist)).toBeNull();
});

test("right to left: save from a card and remove on the Arabic wishlist page", async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const email = uniqueEmail("amal");
  const password = "heart-basket-2";
  await createVerifiedAccount(request, "localhost", { email, password });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);

  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const heart = firstCard(page).locator("[data-wishlist-heart]");
  await expect(heart).toHaveAccessibleName(/^حفظ .+ في قائمة الأمنيات$/);
  await heart.click();
  await signInFromModal(page, email, password);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  await page.goto(`${GROCERY}/wishlist`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("قائمة أمنياتي");
  await hydrated(page);
  await page.locator("[data-wishlist-item]").first().getByRole("button").click();
  await expect(page.locator("[data-wishlist-empty]")).toContainText("قائمة أمنياتك فارغة");
});
