import { expect, type Page, test } from "@playwright/test";
import { formatMoney } from "@stoa/contract";
import { CARPARTS, GROCERY, hydrated, storeOf } from "./support.ts";

/*
 * The offers page (spec §2 `/offers`): the coupons the demo shops advertise, each with its
 * conditions, read from the footer, in Arabic, copied, without scripts and on a small phone.
 */

const offer = (page: Page, code: string) => page.locator(`[data-offer="${code}"]`);

/** A card's text as read, without the marks that keep amounts left to right in Arabic and Hebrew. */
async function cardText(page: Page, code: string): Promise<string> {
  const text = (await offer(page, code).textContent()) ?? "";
  return text.replace(/[\u2066-\u2069]/g, "");
}

test("the footer leads to the offers, each with its conditions, and the ended one is left out", async ({
  page,
  request,
}) => {
  const store = await storeOf(request, "localhost");
  const money = (amount: number) => formatMoney(amount, store.settings.currency, "en");
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await page
    .locator("footer")
    .getByRole("navigation", { name: "Shop" })
    .getByRole("link", { name: "Offers" })
    .click();
  await expect(page).toHaveURL(`${GROCERY}/offers`);
  await expect(page.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
  await expect(page).toHaveTitle(/^Offers \| /);

  await expect(offer(page, "WELCOME10")).toBeVisible();
  expect(await cardText(page, "WELCOME10")).toContain("10% off");
  expect(await cardText(page, "WELCOME10")).toContain("Once per customer");
  expect(await cardText(page, "WELCOME10")).toContain("Sign in to use it");

  expect(await cardText(page, "SAVE5")).toContain(`${money(500)} off`);
  expect(await cardText(page, "SAVE5")).toContain(`On orders of ${money(3000)} or more`);
  expect(await cardText(page, "SAVE5")).not.toContain("Sign in");

  expect(await cardText(page, "FIRSTORDER")).toContain("15% off");
  expect(await cardText(page, "FIRSTORDER")).toContain("Your first order only");
  expect(await cardText(page, "FIRSTORDER")).toContain("Sign in to use it");

  await expect(offer(page, "SUMMER2025")).toHaveCount(0);
  await expect(page.getByText("SUMMER2025")).toHaveCount(0);

  await offer(page, "SAVE5").getByRole("link", { name: "Shop now" }).click();
  await expect(page).toHaveURL(`${GROCERY}/products`);
});

test("the offers in Arabic read right to left, translated, the codes left to right", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "lang", value: "ar", url: CARPARTS }]);
  await page.goto(`${CARPARTS}/offers`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "كوبونات الخصم" })).toBeVisible();
  expect(await cardText(page, "WELCOME10")).toContain("مرة واحدة لكل عميل");
  expect(await cardText(page, "FIRSTORDER")).toContain("لطلبك الأول فقط");
  expect(await cardText(page, "SAVE5")).toContain("للطلبات بقيمة");
  await expect(offer(page, "SAVE5").getByRole("button", { name: /نسخ الرمز/ })).toBeVisible();
  await expect(offer(page, "WELCOME10").locator("[data-offer-code]")).toHaveAttribute("dir", "ltr");
  await expect(offer(page, "SUMMER2025")).toHaveCount(0);
});

test.describe("with the clipboard", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("'Copy code' copies the code and says so for a moment", async ({ page }) => {
    await page.goto(`${GROCERY}/offers`);
    await hydrated(page);
    const card = offer(page, "WELCOME10");
    await card.getByRole("button", { name: "Copy code WELCOME10" }).click();
    await expect(card.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(card.getByRole("status")).toHaveText("Code WELCOME10 copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("WELCOME10");
    await expect(card.getByRole("button", { name: "Copy code WELCOME10" })).toBeVisible({ timeout: 5_000 });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page shows the codes to select, and no button that would do nothing", async ({ page }) => {
    await page.goto(`${GROCERY}/offers`);
    for (const code of ["WELCOME10", "SAVE5", "FIRSTORDER"])
      await expect(offer(page, code).locator("[data-offer-code]")).toHaveText(code);
    await expect(page.locator("[data-copy-code]")).toHaveCount(0);
    await expect(offer(page, "SUMMER2025")).toHaveCount(0);
  });
});

for (const locale of ["en", "ar"] as const) {
  test(`at 360 px nothing is wider than the screen (${locale})`, async ({ page, context }) => {
    await context.addCookies([{ name: "lang", value: locale, url: GROCERY }]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${GROCERY}/offers`);
    await hydrated(page);
    await expect(offer(page, "WELCOME10")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // One column: the cards sit one under the other.
    const [first, second] = await Promise.all([
      offer(page, "WELCOME10").boundingBox(),
      offer(page, "SAVE5").boundingBox(),
    ]);
    expect(first?.x).toBe(second?.x);
  });
}
