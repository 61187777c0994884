import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { STORAGE_KEYS, type StaffTable, type StaffTableSheet } from "@stoa/contract";
import { WEB_PORT } from "./ports.ts";
import { apiData, hydrated } from "./support.ts";

/*
 * Issue 34: two diners at one table, each on their own phone (360 px, one in English, one in
 * Arabic), send rounds into one tab and each sees the other's appear; staff confirm the table on
 * the board, and the kitchen starts a ticket on its screen (a third browser) while the diner
 * watches it turn to "preparing".
 */

const SHOP = "restaurant.localhost";
const WEB = `http://${SHOP}:${WEB_PORT}`;
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const PHONE = { width: 360, height: 800 };

/** A new table of the demo restaurant, and the code its QR code carries. */
async function newTable(request: Parameters<typeof apiData>[0]) {
  const { token } = await apiData<{ token: string }>(request, "/api/staff/login", STAFF, undefined, {}, SHOP);
  const table = await apiData<StaffTable>(
    request,
    "/api/staff/tables/save",
    { name: `J${Date.now() % 100_000}`, area: "Journey", seats: 4 },
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
  const code = new URL(sheet.codes[0]?.url ?? "").searchParams.get("table") ?? "";
  return { table, code };
}

/** A diner's phone at the table: the QR code's link opens the table's page (the scan). */
async function dinerPhone(browser: Browser, code: string, locale: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    locale,
    extraHTTPHeaders: { "accept-language": locale },
  });
  const page = await context.newPage();
  await page.goto(`${WEB}/menu?table=${code}`);
  await page.waitForURL(/\/table$/);
  await hydrated(page);
  return { context, page };
}

async function join(page: Page, name: string) {
  await page.locator("#diner-name").fill(name);
  await page.locator("[data-name-prompt] button[type=submit]").click();
  await expect(page.locator("[data-name-prompt]")).toHaveCount(0);
}

/** One dish without options into the round, then "Send to the kitchen". */
async function sendFirstDish(page: Page, which: number) {
  await page.locator("[data-dish-add]").nth(which).click();
  await expect(page.locator("[data-round-basket]")).toBeVisible();
  await page.locator("[data-send-round]").click();
  await expect(page.locator("[data-round-basket]")).toHaveCount(0);
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test("two diners order into one tab, staff confirm the table, and the kitchen starts a ticket", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { table, code } = await newTable(request);
  const contexts: BrowserContext[] = [];
  try {
    const maya = await dinerPhone(browser, code, "en");
    const noa = await dinerPhone(browser, code, "ar");
    contexts.push(maya.context, noa.context);
    await expect(noa.page.locator("html")).toHaveAttribute("dir", "rtl");
    await join(maya.page, "Maya");
    await join(noa.page, "Noa");
    await expect(maya.page.locator("[data-table-name]")).toContainText(table.name);
    await expect(maya.page.locator("[data-table-diners]")).toContainText("Noa", { timeout: 15_000 });

    // Unconfirmed: Maya's round waits for staff, and Noa sees it appear without a reload.
    await sendFirstDish(maya.page, 0);
    await expect(maya.page.locator("[data-round='1'] [data-round-status]")).toHaveAttribute(
      "data-round-status",
      "held",
    );
    await expect(noa.page.locator("[data-round='1']")).toHaveAttribute("data-round-by", "Maya", {
      timeout: 15_000,
    });
    await fitsThePhone(maya.page);
    await fitsThePhone(noa.page);

    // Staff confirm the table from the board: the held round goes to the kitchen.
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(staff);
    const desk = await staff.newPage();
    await desk.goto(`${WEB}/staff/login`);
    await desk.locator("input[name=email]").fill(STAFF.email);
    await desk.locator("input[name=password]").fill(STAFF.password);
    await desk.locator("input[name=password]").press("Enter");
    await desk.waitForURL(/\/staff\/today/);
    await desk.goto(`${WEB}/staff/board`);
    const card = desk.locator(`[data-board-table="${table.name}"]`);
    await expect(card).toHaveAttribute("data-board-state", "unconfirmed");
    await card.locator("[data-confirm]").click();
    await expect(desk.locator("[data-form-done]")).toBeVisible();
    await expect(desk.locator(`[data-board-table="${table.name}"]`)).toHaveAttribute(
      "data-board-state",
      "waitingForFood",
    );
    await expect(maya.page.locator("[data-round='1'] [data-round-status]")).toHaveAttribute(
      "data-round-status",
      "sent",
      { timeout: 15_000 },
    );

    // Noa sends the next round, straight to the kitchen; Maya sees it.
    await sendFirstDish(noa.page, 1);
    await expect(noa.page.locator("[data-round='2'] [data-round-status]")).toHaveAttribute(
      "data-round-status",
      "sent",
    );
    await expect(maya.page.locator("[data-round='2']")).toHaveAttribute("data-round-by", "Noa", {
      timeout: 15_000,
    });

    // The kitchen starts Maya's ticket; her phone shows it being prepared.
    await desk.goto(`${WEB}/staff/kitchen`);
    const ticket = desk.locator(`[data-ticket-table="${table.name}"][data-ticket="1"]`);
    await ticket.locator("[data-kitchen-move=preparing]").click();
    await expect(desk.locator(`[data-ticket-table="${table.name}"][data-ticket="1"]`)).toHaveAttribute(
      "data-ticket-status",
      "preparing",
    );
    await expect(maya.page.locator("[data-round='1'] [data-round-status]")).toHaveAttribute(
      "data-round-status",
      "preparing",
      { timeout: 15_000 },
    );
    await expect(noa.page.locator("[data-round='1'] [data-round-status]")).toHaveAttribute(
      "data-round-status",
      "preparing",
      { timeout: 15_000 },
    );
    await expect(maya.page.locator("[data-ask-bill]")).toHaveAttribute("href", "/checkout/table");
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test("an in-store token that ended asks the diner to scan the table's code again", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addCookies([
    { name: STORAGE_KEYS.inStoreCustomer, value: "A".repeat(43), domain: SHOP, path: "/" },
  ]);
  const page = await context.newPage();
  await page.goto(`${WEB}/table`);
  await expect(page.locator("[data-scan-again]")).toBeVisible();
  await context.close();
});
