import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { STORAGE_KEYS, type TableMenu, type TableScan } from "@stoa/contract";
import { WEB_PORT } from "./ports.ts";
import { apiData as api } from "./support.ts";

/*
 * Dine-in tables (issue 34): staff add a table, print its QR code and a diner's phone scanning it
 * lands on the table's page; a new code makes the printed one show "ask a member of staff", as a
 * typed table number does; a dish the kitchen snoozes is unavailable on the table's menu at once.
 * In English and in Arabic, on a phone. The journey's table is switched off and the dish brought
 * back afterwards: other journeys share the demo database.
 */

const DOMAIN = "restaurant.localhost";
const RESTAURANT = `http://${DOMAIN}:${WEB_PORT}`;
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const PHONE = { width: 360, height: 740 };
/** Set to a folder to keep screenshots of the screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function newPage(browser: Browser, locale: "en" | "ar") {
  const context = await browser.newContext({ viewport: PHONE });
  if (locale === "ar") await context.addCookies([{ name: "lang", value: "ar", domain: DOMAIN, path: "/" }]);
  return context.newPage();
}

async function staffSignIn(page: Page) {
  await page.goto(`${RESTAURANT}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The link printed for the table, read from its card on the sheet (its QR code drawn). */
async function printedLink(page: Page, name: string): Promise<string> {
  const card = page.locator(`[data-sheet-card="${name}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator("[data-table-qr] path")).toHaveAttribute("d", /^M\d+ \d+h\d+/);
  return (await card.getAttribute("data-table-url")) as string;
}

async function menuAtTable(request: APIRequestContext, link: string): Promise<TableMenu> {
  const code = new URL(link).searchParams.get("table");
  const scan = await api<TableScan>(request, "/api/storeTable/scan", { code }, undefined, {}, DOMAIN);
  return api<TableMenu>(request, "/api/storeTable/item", {}, scan.token, {}, DOMAIN);
}

for (const locale of ["en", "ar"] as const) {
  test(`staff add a table and print its code; a diner's scan opens it, a new code stops the old one, a snoozed dish leaves the menu (${locale}, phone)`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const name = `Journey ${locale} ${Date.now().toString(36)}`;
    const staff = await newPage(browser, locale);
    await staffSignIn(staff);

    // Add the table.
    await staff.goto(`${RESTAURANT}/staff/tables`);
    await staff.locator("#table-name").fill(name);
    await staff.locator("#table-area").fill("Patio");
    await staff.locator("#table-seats").fill("3");
    await staff.locator("[data-save-table]").click();
    const row = staff.locator(`[data-staff-table="${name}"]`);
    await expect(row).toBeVisible();
    await expect(staff.locator("[data-form-done]")).toBeVisible();
    await expectNoOverflow(staff);
    await shot(staff, `tables-${locale}`, false);

    // Print its code: the sheet draws its QR code with the link it opens.
    await row.locator("[data-print-table]").click();
    const link = await printedLink(staff, name);
    expect(link).toMatch(new RegExp(`^${RESTAURANT}/menu\\?table=[A-Za-z0-9_-]{43}$`));
    await expect(staff.locator("[data-sheet-card]")).toHaveCount(1);
    await shot(staff, `sheet-${locale}`);

    // A diner scans it: the table's page, the in-store token kept, the table's name remembered.
    const diner = await newPage(browser, locale);
    await diner.goto(link);
    await expect(diner).toHaveURL(`${RESTAURANT}/table`);
    await expect(diner.locator("[data-table-page]")).toBeVisible();
    await expect(diner.locator("[data-table-banner]")).toContainText(name);
    const cookies = await diner.context().cookies(RESTAURANT);
    expect(cookies.find((c) => c.name === "table")?.value).toBe(encodeURIComponent(name));
    expect(cookies.find((c) => c.name === STORAGE_KEYS.inStoreCustomer)?.httpOnly).toBe(true);
    // Wherever the diner goes in the shop, the banner names the table and the logo leads back to it.
    await diner.goto(`${RESTAURANT}/menu`);
    await expect(diner.locator("[data-table-banner]")).toContainText(name);
    await expect(diner.locator(`header a[href="/table"]`).first()).toBeVisible();
    await expectNoOverflow(diner);
    await shot(diner, `menu-at-table-${locale}`, false);

    // A new code, after the console asked: the printed one opens nothing now.
    await staff.goto(`${RESTAURANT}/staff/tables`);
    await staff.locator(`[data-staff-table="${name}"] [data-rotate-table]`).click();
    await expect(staff.locator("[data-rotate-confirm]")).toBeVisible();
    await shot(staff, `rotate-confirm-${locale}`);
    await staff.locator("[data-rotate-confirm-button]").click();
    await expect(staff.locator("[data-print-rotated]")).toBeVisible();

    const stranger = await newPage(browser, locale);
    await stranger.goto(link);
    await expect(stranger.locator("[data-table-unknown]")).toBeVisible();
    await expect(stranger).toHaveURL(link);
    await expect(stranger.locator("[data-table-banner]")).toHaveCount(0);
    await expectNoOverflow(stranger);
    await shot(stranger, `table-unknown-${locale}`);
    // A table's number typed by hand opens nothing either.
    await stranger.goto(`${RESTAURANT}/menu?table=7`);
    await expect(stranger.locator("[data-table-unknown]")).toBeVisible();
    await expect(stranger.locator("[data-table-banner]")).toHaveCount(0);

    // The kitchen snoozes a dish: the table's menu marks it unavailable at once; then it comes back.
    await staff.goto(`${RESTAURANT}/staff/tables/sheet`);
    const fresh = await printedLink(staff, name);
    expect(fresh).not.toBe(link);
    await staff.goto(`${RESTAURANT}/staff/dishes`);
    const dish = staff.locator("[data-dish][data-snoozed=false]").first();
    const productId = Number(await dish.getAttribute("data-product-id"));
    await dish.locator("[data-snooze-button]").click();
    const snoozed = staff.locator(`[data-product-id="${productId}"]`);
    await expect(snoozed).toHaveAttribute("data-snoozed", "true");
    await expectNoOverflow(staff);
    await shot(staff, `dishes-${locale}`, false);
    const menu = await menuAtTable(request, fresh);
    const item = menu.items.find((i) => i.id === productId);
    expect(item?.available, JSON.stringify(item)).toBe(false);
    await snoozed.locator("[data-snooze-button]").click();
    await expect(snoozed).toHaveAttribute("data-snoozed", "false");
    expect((await menuAtTable(request, fresh)).items.find((i) => i.id === productId)?.available).toBe(true);

    // Switched off, the journey's table opens nothing and leaves the demo as it was.
    await staff.goto(`${RESTAURANT}/staff/tables`);
    await staff.locator(`[data-staff-table="${name}"] [data-edit-table]`).click();
    await expect(staff.locator("[data-table-form=edit]")).toBeVisible();
    await staff.locator("#table-form input[name=active]").uncheck();
    await staff.locator("[data-save-table]").click();
    await expect(staff.locator(`[data-staff-table="${name}"] [data-table-active]`)).toHaveAttribute(
      "data-table-active",
      "false",
    );
    await diner.goto(fresh);
    await expect(diner.locator("[data-table-unknown]")).toBeVisible();
  });
}
