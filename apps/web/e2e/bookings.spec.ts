import { expect, type Page, test } from "@playwright/test";
import { CARPARTS, createVerifiedAccount, FURNITURE, hydrated, signIn, uniqueEmail } from "./support.ts";

/*
 * Issue 35, bookings at `/appointment`: a signed-in shopper books a tyre fitting at the car-parts
 * shop, moves it to another day, finds it in their account and cancels it (desktop, English); a
 * shopper on a 360 px phone in Arabic books a home design visit at the furniture shop, whose
 * deposit a declined test card refuses and a good one pays.
 */

const PHONE = { width: 360, height: 800 };
const GOOD_CARD = "4242424242424242";
const DECLINED_CARD = "4000000000000002";

/** Picks the nth service, the resource (or anyone), the first day with room and its first time. */
async function pickTime(page: Page, service: number, resource: string | null, day = 0) {
  await page.locator("[data-service]").nth(service).click();
  if (resource) await page.locator(`[data-choice]`, { hasText: resource }).click();
  await page.locator('[data-room="yes"]').nth(day).click();
  await expect(page.locator("[data-booking-form]")).toBeVisible();
  await page.locator("[data-time-list] label").first().click();
}

async function fillDetails(page: Page, email: string) {
  await page.locator('[data-booking-form] input[name="contactName"]').fill("Dana Levi");
  await page.locator('[data-booking-form] input[name="phone"]').fill("555 0100");
  await page.locator('[data-booking-form] input[name="email"]').fill(email);
}

async function fillCard(page: Page, number: string) {
  await page.locator('[data-booking-form] input[name="number"]').fill(number);
  await page.locator('[data-booking-form] input[name="expiryMonth"]').fill("12");
  await page
    .locator('[data-booking-form] input[name="expiryYear"]')
    .fill(String(new Date().getFullYear() + 2));
  await page.locator('[data-booking-form] input[name="cvc"]').fill("123");
  await page.locator('[data-booking-form] input[name="name"]').fill("Dana Levi");
}

test("a tyre fitting booked, moved to another day and cancelled by its manage link", async ({ page }) => {
  await page.goto(`${CARPARTS}/appointment`);
  await expect(page.locator("[data-zone]")).toContainText("America/");
  // The second day with room: the first can be inside the shop's 12-hour window for online
  // changes late in its evening, and this booking is moved and cancelled online below.
  await pickTime(page, 0, "Bay 1", 1);
  await fillDetails(page, uniqueEmail("fitting"));
  await page.locator("[data-book]").click();

  await expect(page).toHaveURL(/\/appointment\/manage\/[\w-]{43}$/);
  await expect(page.locator("[data-booking-status]")).toHaveAttribute("data-booking-status", "confirmed");
  await expect(page.locator('[data-fact="resource"]')).toContainText("Bay 1");
  const code = (await page.locator("[data-booking-code]").textContent()) ?? "";
  expect(code).toMatch(/^B-/);
  // The calendar file, fetched as the browser would download it.
  const href = (await page.locator("[data-calendar-file]").getAttribute("href")) ?? "";
  const calendar = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { type: response.headers.get("content-type") ?? "", text: await response.text() };
  }, href);
  expect(calendar.type).toContain("text/calendar");
  expect(calendar.text).toContain(`UID:${code}@carparts.localhost`);

  // Moved to the next day with room: the same booking, at its new time.
  const before = await page.locator("[data-local-time]").getAttribute("datetime");
  await page.locator('[data-room="yes"]').nth(1).click();
  await page.locator("[data-move-form] [data-time-list] label").last().click();
  await page.locator("[data-move]").click();
  await expect(page.locator("[data-local-time]")).not.toHaveAttribute("datetime", before ?? "");
  await expect(page.locator("[data-booking-code]")).toHaveText(code);

  await page.locator("[data-cancel]").click();
  await expect(page.locator("[data-booking-status]")).toHaveAttribute("data-booking-status", "cancelled");
  await expect(page.locator("[data-cancelled]")).toBeVisible();
});

test("a signed-in shopper's consultation shows in their account, where they cancel it", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("booker");
  const password = "correct horse 1";
  await createVerifiedAccount(request, "furniture.localhost", { email, password });
  await page.goto(FURNITURE);
  await hydrated(page);
  await signIn(page, email, password);

  await page.goto(`${FURNITURE}/appointment`);
  await pickTime(page, 0, null);
  await fillDetails(page, email);
  await page.locator("[data-book]").click();
  await expect(page).toHaveURL(/\/appointment\/manage\//);
  const code = (await page.locator("[data-booking-code]").textContent()) ?? "";

  await page.goto(`${FURNITURE}/account/bookings`);
  const card = page.locator("[data-booking]").filter({ hasText: code });
  await expect(card).toBeVisible();
  await card.locator("[data-cancel]").click();
  await expect(card.locator("[data-booking-status]")).toHaveAttribute("data-booking-status", "cancelled");
});

test("a deposit refused by a declined card is paid with a good one, in Arabic on a phone", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addCookies([{ name: "lang", value: "ar", url: FURNITURE }]);
  const page = await context.newPage();
  await page.goto(`${FURNITURE}/appointment`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // The second service asks for a deposit.
  await expect(page.locator("[data-service]").nth(1).locator("[data-deposit]")).not.toHaveAttribute(
    "data-deposit",
    "0",
  );
  await pickTime(page, 1, null);
  const email = uniqueEmail("deposit");
  await fillDetails(page, email);
  await fillCard(page, DECLINED_CARD);
  await page.locator("[data-book]").click();
  await expect(page.locator("[data-booking-error]")).toBeVisible();
  await expect(page).toHaveURL(/\/appointment\?/);

  // The time the declined card held is free again: the same first time is offered.
  await page.locator("[data-time-list] label").first().click();
  await fillDetails(page, email);
  await fillCard(page, GOOD_CARD);
  await page.locator("[data-book]").click();
  await expect(page).toHaveURL(/\/appointment\/manage\//);
  await expect(page.locator("[data-booking-status]")).toHaveAttribute("data-booking-status", "confirmed");
  await expect(page.locator('[data-fact="status"]')).toContainText("50.00");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await context.close();
});
