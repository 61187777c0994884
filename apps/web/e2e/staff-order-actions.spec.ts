import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { type DeliverySchedule, type PlacedOrder, type ProductSummary, STORAGE_KEYS } from "@stoa/contract";
import { apiData as api, createVerifiedAccount, GROCERY, productsOf, uniqueEmail } from "./support.ts";

/*
 * Staff cancel an order, refund part of another and keep a note on it from the order page, in a
 * browser with scripts off (the console's forms are plain posts); the shopper, in a browser of their
 * own, sees the cancel and the refund on their order page and never the note.
 */

const DOMAIN = "localhost";
const PASSWORD = "order-actions-1";
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the order page's new forms there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

let products: ProductSummary[] = [];
let pickupPoint = 0;

test.beforeAll(async ({ request }) => {
  const { records } = await productsOf(request, DOMAIN, 30);
  products = records.filter((p) => !p.hasVariations && !p.hasOptions && p.stock > 50);
  expect(products.length).toBeGreaterThan(1);
  const options = await api<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  pickupPoint = options.pickupPoints[0]?.id ?? 0;
});

/** A shopper with an account, signed in in a browser of their own. */
async function shopperBrowser(browser: Browser, request: APIRequestContext) {
  const email = uniqueEmail("order-actions");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  const context = await browser.newContext();
  await context.addCookies([{ name: STORAGE_KEYS.authToken, value: token, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  /** Places a pickup order of two products, paid in cash, from the shopper's browser. */
  const order = async () => {
    const [first, second] = products as [ProductSummary, ProductSummary];
    const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
      delivery_type: "pickup",
    });
    const window = schedule.days.flatMap((day) => day.windows).find((w) => w.available);
    if (!window) throw new Error("the grocery has no pickup time to choose");
    const { order } = await api<PlacedOrder>(
      context.request,
      "/api/storeOrder/create",
      {
        products: [
          { productId: first.id, quantity: 3 },
          { productId: second.id, quantity: 1 },
        ],
        delivery_type: "pickup",
        pickupOption: pickupPoint,
        delivery_time: { start: window.start, end: window.end },
        payment_gateway: "cash",
        customer_name: "Order Actions Shopper",
        customer_contact: email,
      },
      token,
    );
    return order;
  };
  return { context, page, order, email };
}

async function staffSignIn(page: Page) {
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, label] of [
    [1280, "desktop"],
    [360, "phone"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const stockOf = async (request: APIRequestContext, productId: number) =>
  (await productsOf(request, DOMAIN, 30)).records.find((p) => p.id === productId)?.stock;

test("staff cancel an order, refund lines of another and note it; the shopper sees the cancel and refund, never the note", async ({
  browser,
  request,
}) => {
  test.slow();
  const shopper = await shopperBrowser(browser, request);
  const toCancel = await shopper.order();
  const toRefund = await shopper.order();
  const { token } = await api<{ token: string }>(request, "/api/staff/login", STAFF);
  for (const action of ["confirm", "startPreparing", "readyForPickup", "deliver"])
    await api(request, "/api/staff/orders/move", { orderId: toRefund.id, action }, token);

  // Staff work with scripts off: every form here is a plain post answered by the page.
  const staffContext = await browser.newContext({ javaScriptEnabled: false });
  const page = await staffContext.newPage();
  await staffSignIn(page);

  // Cancel: a reason, then a confirmation saying what goes back, then the cancel.
  await page.goto(`${GROCERY}/staff/orders/${toCancel.id}`);
  const detail = page.locator(`[data-staff-order-detail="${toCancel.id}"]`);
  await expect(detail).toHaveAttribute("data-order-state", "placed");
  await shoot(page, "order-actions-en");
  const cancel = page.locator("[data-staff-cancel]");
  await cancel.getByRole("button", { name: "Cancel order…" }).click();
  // The browser asks for a reason first: nothing is sent without one.
  await expect(page.locator("[data-staff-cancel-confirm]")).toHaveCount(0);
  await page.locator("#cancel-reason").fill("The shopper phoned: they will order again later.");
  await page.locator("[data-staff-cancel]").getByRole("button", { name: "Cancel order…" }).click();
  const confirm = page.locator("[data-staff-cancel-confirm]");
  await expect(confirm).toContainText(`Cancel order #${toCancel.orderNumber}?`);
  await expect(confirm).toContainText("The stock goes back");
  await shoot(page, "order-cancel-confirm-en");
  await expect(detail).toHaveAttribute("data-order-state", "placed");
  await confirm.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(detail).toHaveAttribute("data-order-state", "cancelled");
  await expect(page.locator("[data-staff-cancel] [data-form-done]")).toContainText(
    `Order #${toCancel.orderNumber} is cancelled.`,
  );

  // Refund one unit of the first line, putting it back in stock.
  const line = toRefund.lines[0] as PlacedOrder["order"]["lines"][number];
  const stockBefore = await stockOf(request, line.productId);
  await page.goto(`${GROCERY}/staff/orders/${toRefund.id}`);
  const refund = page.locator("[data-staff-refund]");
  // The browser keeps a quantity to what is left of the line.
  await expect(refund.locator(`#refund-qty-${line.id}`)).toHaveAttribute("max", String(line.quantity));
  // Nothing chosen: refused on the choice, with what was typed kept.
  await page.locator("#refund-reason").fill("One was bruised, sorry.");
  await refund.getByRole("button", { name: "Review refund…" }).click();
  await expect(page.locator("[data-staff-refund] [data-field-error=lines]")).toBeVisible();
  await expect(page.locator("#refund-reason")).toHaveValue("One was bruised, sorry.");
  await page.locator(`#refund-qty-${line.id}`).fill("1");
  await page.locator("[data-staff-refund] input[name=restock]").check();
  await page.locator("[data-staff-refund]").getByRole("button", { name: "Review refund…" }).click();
  const refundConfirm = page.locator("[data-staff-refund-confirm]");
  await expect(refundConfirm).toContainText("The items go back in stock.");
  await expect(refundConfirm).toContainText(`1 × ${line.name}`);
  await shoot(page, "order-refund-confirm-en");
  await refundConfirm.getByRole("button", { name: "Yes, refund" }).click();
  await expect(page.locator("[data-staff-refund] [data-form-done]")).toContainText("Refunded");
  await expect(page.locator("[data-payment-status]")).toHaveAttribute(
    "data-payment-status",
    "partially_refunded",
  );
  expect(await stockOf(request, line.productId)).toBe((stockBefore ?? 0) + 1);

  // A note for staff only.
  const note = "Shopper prefers a call before pickup — internal.";
  await page.locator("#order-note").fill(note);
  await page.locator("[data-staff-note-form]").getByRole("button", { name: "Add note" }).click();
  await expect(page.locator("[data-staff-order-note]")).toContainText(note);
  await expect(page.locator("[data-staff-order-note]")).toContainText("Demo staff");
  await shoot(page, "order-after-en");

  // The shop's pages in Arabic, right to left.
  if (SHOTS) {
    await staffContext.addCookies([{ name: "lang", value: "ar", url: GROCERY }]);
    await page.goto(`${GROCERY}/staff/orders/${toRefund.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await shoot(page, "order-after-ar");
    await page.goto(`${GROCERY}/staff/orders/${(await shopper.order()).id}`);
    await page.locator("#cancel-reason").fill("طلب العميل الإلغاء");
    await page.locator("[data-staff-cancel-form] button[type=submit]").click();
    await expect(page.locator("[data-staff-cancel-confirm]")).toBeVisible();
    await shoot(page, "order-cancel-confirm-ar");
  }
  await staffContext.close();

  // The shopper's own pages show what the shop did, and nothing of the note.
  const shopperPage = shopper.page;
  await shopperPage.goto(`${GROCERY}/orders/${toCancel.id}`);
  await expect(shopperPage.locator("[data-order]")).toHaveAttribute("data-order-state", "cancelled");
  await expect(shopperPage.locator("[data-cancel-order]")).toHaveCount(0);
  await shopperPage.goto(`${GROCERY}/orders/${toRefund.id}`);
  await expect(shopperPage.locator("[data-order]")).toHaveAttribute("data-order-state", "delivered");
  await expect(shopperPage.locator("[data-refunded]").first()).toHaveAttribute("data-refunded", "1");
  await expect(shopperPage.locator("body")).not.toContainText("internal");
  await shopperPage.goto(`${GROCERY}/refunds`);
  await expect(shopperPage.locator("body")).toContainText("One was bruised, sorry.");
  await shopper.context.close();
});
