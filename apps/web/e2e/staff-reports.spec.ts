import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { DeliverySchedule, PlacedOrder, ProductSummary, StaffSalesReport } from "@stoa/contract";
import { apiData as api, createVerifiedAccount, GROCERY, productsOf, uniqueEmail } from "./support.ts";

/*
 * The console's sales report (issue 33): the owner reads this month's report, in which a shopper's
 * order placed during the journey shows, downloads it as CSV and finds the same figures in the
 * file. Then once on a phone, in Arabic, with the day table scrolling in its own box.
 */

const DOMAIN = "localhost";
/** The demo stores' staff account (README): the grocery's owner. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const PASSWORD = "reports-journey-1";
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A shopper's pickup order paid in cash, as checkout places it. */
async function placeOrder(request: APIRequestContext) {
  const email = uniqueEmail("reports");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  const { records } = await productsOf(request, DOMAIN, 30);
  const product = records.find((p) => !p.hasVariations && !p.hasOptions && p.stock > 5) as ProductSummary;
  const { pickupPoints } = await api<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: "pickup",
  });
  const window = schedule.days.flatMap((day) => day.windows).find((w) => w.available);
  if (!window) throw new Error("the grocery has no pickup time to choose");
  const placed = await api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [{ productId: product.id, quantity: 2 }],
      delivery_type: "pickup",
      delivery_time: { start: window.start, end: window.end },
      payment_gateway: "cash",
      customer_name: "Reports Shopper",
      customer_contact: email,
      pickupOption: pickupPoints[0]?.id ?? 0,
    },
    token,
    { "Idempotency-Key": `reports-journey-${Date.now()}` },
  );
  return { order: placed.order, product };
}

async function staffSignIn(page: Page) {
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

async function monthReport(request: APIRequestContext): Promise<StaffSalesReport> {
  const { token } = await api<{ token: string }>(request, "/api/staff/login", STAFF);
  return api<StaffSalesReport>(request, "/api/staff/reports/sales", { period: "thisMonth" }, token);
}

/** An amount as the CSV writes it: major units. */
const major = (amount: number) => String(amount / 100);

test("the owner reads this month's report, with a shopper's new order in it, and downloads it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const before = await monthReport(request);
  const { order, product } = await placeOrder(request);
  const paid = order.payable_amount;

  await staffSignIn(page);
  await page.locator("[data-staff-nav]").getByRole("link", { name: "Reports" }).first().click();
  await expect(page).toHaveURL(/\/staff\/reports/);
  await expect(page.locator('[data-report-period="thisMonth"]')).toHaveAttribute("aria-current", "page");
  const orders = before.totals.orders + 1;
  await expect(page.locator('[data-report-total="orders"] dd')).toHaveText(String(orders));
  // Today's row counts the new order, and the shopper's product is among the top ones.
  const today = page.locator(`[data-report-table="days"] [data-report-row="${before.today}"]`);
  await expect(today).toBeVisible();
  const todayBefore = before.days.find((day) => day.date === before.today);
  await expect(today.locator("td").first()).toHaveText(String((todayBefore?.orders ?? 0) + 1));
  await expect(page.locator(`[data-report-top="units"] [data-report-product="${product.id}"]`)).toBeVisible();
  await expect(page.locator('[data-report-method="cash"]')).toBeVisible();
  await shot(page, "reports-1280-en");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator("[data-report-download]").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sales-localhost-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("report,from,to,timezone,currency");
  expect(lines[1]).toBe(`sales,${before.from},${before.to},${before.timezone},${before.currency}`);
  const totals = lines.find((line) => line.startsWith("all,"))?.split(",") ?? [];
  expect(totals[1]).toBe(String(orders));
  // Sales, the eighth figure, grew by what the shopper was asked for.
  expect(totals[8]).toBe(major(before.totals.sales + paid));
  const todayLine = lines.find((line) => line.startsWith(`${before.today},`))?.split(",") ?? [];
  expect(todayLine[1]).toBe(String((todayBefore?.orders ?? 0) + 1));
  expect(lines).toContain("payment_method,orders,amount");
  expect(lines.some((line) => line.startsWith(`units,`) && line.includes(`,${product.id},`))).toBe(true);

  // A range backwards is refused at its field, with what was typed kept.
  await page.locator("#report-from").fill("2026-03-10");
  await page.locator("#report-to").fill("2026-03-01");
  await page.locator("[data-report-custom] button[type=submit]").click();
  await expect(page.locator('[data-field-error="to"]')).toHaveText(
    "The last day cannot be before the first.",
  );
  await expect(page.locator("#report-from")).toHaveValue("2026-03-10");
  await expect(page.locator("[data-report-download]")).toHaveCount(0);
});

test("at 360 px in Arabic the report reads right to left, and only the day table scrolls sideways", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await staffSignIn(page);
  await page.goto(`${GROCERY}/staff/reports?period=last30Days`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("التقارير");
  await expect(page.locator('[data-report-period="last30Days"]')).toHaveAttribute("aria-current", "page");
  await expect(page.locator('[data-report-table="days"] tbody tr')).toHaveCount(30);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = page.locator('[data-report-table="days"]');
  expect(await box.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
  await shot(page, "reports-360-ar");
  await context.close();
});
