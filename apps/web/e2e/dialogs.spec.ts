import { expect, type Page, test } from "@playwright/test";
import { GROCERY, hydrated } from "./support.ts";

const openDrawer = (page: Page) => page.locator('[role="dialog"][data-drawer-side][aria-hidden="false"]');
const openModal = (page: Page) => page.locator('[role="dialog"][data-modal-view][aria-hidden="false"]');

test("the cart drawer opens, and closes with Escape and with its close button", async ({ page }) => {
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  const cartButton = page.locator("[data-open-cart]");

  await cartButton.click();
  await expect(openDrawer(page)).toHaveAttribute("data-drawer-view", "cart");
  await expect(openDrawer(page)).toContainText("Your cart is empty");
  await page.keyboard.press("Escape");
  await expect(openDrawer(page)).toHaveCount(0);
  await expect(cartButton).toBeFocused();

  await cartButton.click();
  await openDrawer(page).locator("[data-close]").click();
  await expect(openDrawer(page)).toHaveCount(0);
});

test.describe("on a 360px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the main menu drawer lists the categories and closes", async ({ page }) => {
    await page.goto(`${GROCERY}/`);
    await hydrated(page);
    await page.locator("[data-open-main-menu]").click();
    const drawer = openDrawer(page);
    await expect(drawer).toHaveAttribute("data-drawer-view", "MAIN_MENU_VIEW");
    await expect(drawer.getByRole("link", { name: "All products" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);

    await page.locator("[data-open-main-menu]").click();
    await openDrawer(page).locator("[data-close]").click();
    await expect(openDrawer(page)).toHaveCount(0);
  });

  test("choosing a language in the main menu closes it on the translated page", async ({ page }) => {
    await page.goto(`${GROCERY}/`);
    await hydrated(page);
    await page.locator("[data-open-main-menu]").click();
    await openDrawer(page).locator('button[value="ar"]').click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(openDrawer(page)).toHaveCount(0);
  });
});

test("the sign-in modal validates before sending anything, and closes", async ({ page }) => {
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await page.locator("[data-open-account]").click();
  await page.locator("[data-sign-in]").click();

  const modal = openModal(page);
  const signInPosts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/auth/login")) signInPosts.push(request.url());
  });
  await expect(modal).toHaveAttribute("data-modal-view", "LOGIN_VIEW");
  await expect(modal.getByLabel("Email")).toBeFocused();

  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(modal).toContainText("Please enter your email address.");
  await expect(modal).toContainText("Please enter your password.");

  await modal.getByLabel("Email").fill("not-an-email");
  await modal.getByLabel("Password", { exact: true }).fill("secret");
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(modal).toContainText("The provided email address format is not valid.");

  await expect(modal.locator("[data-form-alert]")).toHaveCount(0);
  expect(signInPosts).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(openModal(page)).toHaveCount(0);
  await expect(page.locator("[data-open-account]")).toBeFocused();

  await page.locator("[data-open-account]").click();
  await page.locator("[data-sign-in]").click();
  await openModal(page).locator("[data-close]").click();
  await expect(openModal(page)).toHaveCount(0);
});
