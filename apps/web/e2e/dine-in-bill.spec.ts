import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  STORAGE_KEYS,
  type StaffTable,
  type StaffTableSheet,
  type Tab,
  type TableMenu,
  type TableScan,
} from "@stoa/contract";
import { WEB_PORT } from "./ports.ts";
import { apiData, hydrated, openModal } from "./support.ts";

/*
 * Issue 34, the bill: a seated table's two diners (one in English, one in Arabic, each on a 360 px
 * phone) ask for the bill, split it evenly in two and pay both parts by card with a tip, and the
 * tab shows settled; another table's diner asks to pay at the counter and staff settle it in cash
 * on the console's settle page.
 */

const SHOP = "restaurant.localhost";
const WEB = `http://${SHOP}:${WEB_PORT}`;
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const PHONE = { width: 360, height: 800 };
const SHOTS = process.env.E2E_SHOTS ?? "";

async function staffToken(request: APIRequestContext) {
  const { token } = await apiData<{ token: string }>(request, "/api/staff/login", STAFF, undefined, {}, SHOP);
  return token;
}

/** A new table of the demo restaurant, seated by staff (its rounds go straight to the kitchen). */
async function seatedTable(request: APIRequestContext, token: string) {
  const table = await apiData<StaffTable>(
    request,
    "/api/staff/tables/save",
    { name: `B${Date.now() % 100_000}`, area: "Journey", seats: 4 },
    token,
    {},
    SHOP,
  );
  const sheet = await apiData<StaffTableSheet>(
    request,
    "/api/staff/tables/sheet",
    { tableIds: [table.id] },
    token,
    {},
    SHOP,
  );
  const tab = await apiData<Tab>(request, "/api/staff/tabs/seat", { tableId: table.id }, token, {}, SHOP);
  const code = new URL(sheet.codes[0]?.url ?? "").searchParams.get("table") ?? "";
  return { table, code, tab };
}

/** A diner who scanned the table's code, joined its tab and sent a round of one dish. */
async function dinerWithRound(request: APIRequestContext, code: string, name: string, dish: number) {
  const scan = await apiData<TableScan>(request, "/api/storeTable/scan", { code }, undefined, {}, SHOP);
  await apiData<Tab>(
    request,
    "/api/storeOrder/create/cateringOrder",
    { dinerName: name },
    scan.token,
    {},
    SHOP,
  );
  const menu = await apiData<TableMenu>(request, "/api/storeTable/item", {}, scan.token, {}, SHOP);
  const dishes = menu.items.filter((item) => item.available && !item.hasOptions);
  const item = dishes[dish % dishes.length];
  if (!item) throw new Error("the demo restaurant has no plain dish at its tables");
  await apiData<Tab>(
    request,
    "/api/storeOrder/add/storeCateringOrderItem",
    { roundKey: `journey-${Date.now()}-${name}`, lines: [{ productId: item.id, quantity: 2 }] },
    scan.token,
    {},
    SHOP,
  );
  return scan.token;
}

/** A diner's phone on the bill page, with the scan's in-store token kept as the storefront keeps it. */
async function billPhone(browser: Browser, token: string, locale: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    locale,
    extraHTTPHeaders: { "accept-language": locale },
  });
  await context.addCookies([{ name: STORAGE_KEYS.inStoreCustomer, value: token, domain: SHOP, path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${WEB}/checkout/table`);
  await hydrated(page);
  return { context, page };
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Pays part `part` of 2 with a 10 % tip and the test card that is approved. */
async function payEvenPart(page: Page, part: number) {
  const form = page.locator("[data-pay-form]");
  await form.locator("[data-share=even]").check();
  await form.locator(`[data-part='${part}'] input`).check();
  // The tip is chosen in the checkout's own tip dialog (ADD_OR_UPDATE_CHECKOUT_TIP_OPTION).
  await form.locator("[data-choose-tip]").click();
  const dialog = openModal(page);
  await expect(dialog).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_CHECKOUT_TIP_OPTION");
  await dialog.locator('[data-tip-choice="10"]').click();
  await dialog.locator("[data-tip-form] button[type=submit]").click();
  await expect(dialog).toBeHidden();
  await expect(form.locator("input[name=tip]")).toHaveValue("10");
  await form.locator("input[name=number]").fill("4242 4242 4242 4242");
  await form.locator("input[name=expiryMonth]").fill("12");
  await form.locator("input[name=expiryYear]").fill(String(new Date().getFullYear() + 2));
  await form.locator("input[name=cvc]").fill("123");
  await form.locator("input[name=name]").fill("Maya Cohen");
  await form.locator("[data-pay-card]").click();
  await expect(page.locator("[data-receipt]")).toBeVisible();
}

test("two diners ask for the bill, split it evenly and pay both parts with a tip; the bill is settled", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await staffToken(request);
  const { code } = await seatedTable(request, token);
  const mayaToken = await dinerWithRound(request, code, "Maya", 0);
  const noaToken = await dinerWithRound(request, code, "Noa", 1);
  const maya = await billPhone(browser, mayaToken, "en");
  const noa = await billPhone(browser, noaToken, "ar");
  try {
    await expect(noa.page.locator("html")).toHaveAttribute("dir", "rtl");
    await shot(maya.page, "bill-ask-en-360");
    await maya.page.locator("[data-ask-for-bill]").click();
    await expect(maya.page.locator("[data-pay-form]")).toBeVisible();
    await shot(maya.page, "bill-pay-en-360");
    await fitsThePhone(maya.page);
    await maya.page.setViewportSize({ width: 1280, height: 900 });
    await shot(maya.page, "bill-pay-en-desktop");
    await maya.page.setViewportSize(PHONE);

    await payEvenPart(maya.page, 1);
    await expect(maya.page.locator("[data-bill-left]")).toContainText("Still to pay");
    await shot(maya.page, "bill-receipt-en-360");

    await noa.page.reload();
    await expect(noa.page.locator("[data-pay-form]")).toBeVisible();
    await expect(noa.page.locator("[data-part='1'] input")).toBeDisabled();
    await shot(noa.page, "bill-pay-ar-360");
    await fitsThePhone(noa.page);
    await payEvenPart(noa.page, 2);
    await expect(noa.page.locator("[data-bill-left]")).toContainText("سُدّدت");
    await expect(noa.page.locator("[data-bill-balance]")).toContainText("0");
    await shot(noa.page, "bill-receipt-ar-360");
  } finally {
    await maya.context.close();
    await noa.context.close();
  }
});

test("a diner asks to pay at the counter and staff settle the tab in cash", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await staffToken(request);
  const { tab } = await seatedTable(request, token);
  const sheetCode = await apiData<StaffTableSheet>(
    request,
    "/api/staff/tables/sheet",
    { tableIds: [tab.table.id] },
    token,
    {},
    SHOP,
  );
  const code = new URL(sheetCode.codes[0]?.url ?? "").searchParams.get("table") ?? "";
  const dinerToken = await dinerWithRound(request, code, "Dana", 2);
  const diner = await billPhone(browser, dinerToken, "ar");
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await diner.page.locator("[data-ask-for-bill]").click();
    await diner.page.locator("[data-pay-counter]").click();
    await expect(diner.page.locator("[data-receipt]")).toBeVisible();
    await fitsThePhone(diner.page);

    const desk = await staff.newPage();
    await desk.goto(`${WEB}/staff/login`);
    await desk.locator("input[name=email]").fill(STAFF.email);
    await desk.locator("input[name=password]").fill(STAFF.password);
    await desk.locator("input[name=password]").press("Enter");
    // The login page is under /staff/ too: wait until the console left it.
    await desk.waitForURL((url) => url.pathname.startsWith("/staff/") && !url.pathname.endsWith("/login"));
    await desk.goto(`${WEB}/staff/tabs/${tab.id}/settle`);
    await shot(desk, "settle-en-desktop");
    await desk.locator("[data-settle-tip-amount]").check();
    await desk.locator("input[name=tipAmount]").fill("3");
    await desk.locator("[data-settle-cash]").click();
    await expect(desk.locator("[data-staff-settle]")).toHaveAttribute("data-tab-status", "paid");
    await shot(desk, "settled-en-desktop");

    // The tab is paid: the diner's pass is dead, the page asks to scan again.
    await diner.page.goto(`${WEB}/checkout/table`);
    await expect(diner.page.locator("[data-scan-again]")).toBeVisible();
  } finally {
    await diner.context.close();
    await staff.close();
  }
});
