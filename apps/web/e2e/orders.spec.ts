import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  type CheckoutRequestInput,
  type DeliverySchedule,
  ERROR_MESSAGES,
  formatMoney,
  type Order,
  type PlacedOrder,
  type ProductSummary,
  STORAGE_KEYS,
} from "@stoa/contract";
import {
  apiData as api,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  latestMessage,
  openModal,
  productsOf,
  signIn,
  uniqueEmail,
} from "./support.ts";

const DOMAIN = "localhost";
const PASSWORD = "orders-journey-1";
/** The demo stores' staff account (README): the shop's side moves orders on through the staff API. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const APPROVED_CARD = {
  number: "4242424242424242",
  expiryMonth: 12,
  expiryYear: new Date().getFullYear() + 2,
  cvc: "123",
  name: "Journey Shopper",
};

type Shopper = { email: string; token: string };

/** A verified customer of the grocery, signed in through the API for placing orders. */
async function newCustomer(request: APIRequestContext, who: string): Promise<Shopper> {
  const email = uniqueEmail(who);
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  return { email, token };
}

let plainProducts: ProductSummary[] = [];
let pickupPoint = 0;
let pickupPlace = { name: "", address: "" };

test.beforeAll(async ({ request }) => {
  const { records } = await productsOf(request, DOMAIN, 30);
  plainProducts = records.filter((p) => !p.hasVariations && !p.hasOptions && p.stock > 50);
  const options = await api<{ pickupPoints: { id: number; name: string; address: string }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  pickupPoint = options.pickupPoints[0]?.id ?? 0;
  pickupPlace = {
    name: options.pickupPoints[0]?.name ?? "",
    address: options.pickupPoints[0]?.address ?? "",
  };
  expect(plainProducts.length).toBeGreaterThan(2);
  expect(pickupPoint).toBeGreaterThan(0);
});

/**
 * The grocery's first pickup time still open: a pickup for as soon as possible is taken only while
 * the shop is open, and the journeys run at any hour.
 */
async function firstPickupTime(request: APIRequestContext) {
  const times = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: "pickup",
  });
  const time = times.days.flatMap((day) => day.windows).find((w) => w.available);
  if (!time) throw new Error("the grocery has no pickup time to choose");
  return { start: time.start, end: time.end };
}

let keys = 0;
/** An order placed straight through the store API, as checkout places it: pickup at a time, cash, unless told. */
async function placeOrder(
  request: APIRequestContext,
  shopper: Shopper,
  body: Partial<CheckoutRequestInput> = {},
): Promise<PlacedOrder> {
  keys += 1;
  const first = plainProducts[keys % plainProducts.length] as ProductSummary;
  const second = plainProducts[(keys + 1) % plainProducts.length] as ProductSummary;
  const pickup = (body.delivery_type ?? "pickup") === "pickup";
  return api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [
        { productId: first.id, quantity: 2 },
        { productId: second.id, quantity: 1 },
      ],
      delivery_type: "pickup",
      pickupOption: pickupPoint,
      ...(pickup ? { delivery_time: await firstPickupTime(request) } : {}),
      payment_gateway: "cash",
      customer_name: "Journey Shopper",
      customer_contact: shopper.email,
      ...body,
    },
    shopper.token,
    { "Idempotency-Key": `orders-journey-${Date.now()}-${keys}` },
  );
}

/** A home delivery in the window given, paid in cash. */
function placeDelivery(request: APIRequestContext, shopper: Shopper, window: { start: string; end: string }) {
  return placeOrder(request, shopper, {
    delivery_type: "delivery",
    pickupOption: undefined,
    delivery_time: { start: window.start, end: window.end },
    shipping_address: {
      customerName: "Journey Shopper",
      address: { street_address: "12 Orchard Lane", city: "Springfield", zip: "62701", country: "US" },
    },
  });
}

let staffToken: string | undefined;
/** The shop moves an order on through the staff API, as its back office would. */
async function staffMoves(request: APIRequestContext, orderId: number, actions: string[]) {
  staffToken ??= (await api<{ token: string }>(request, "/api/staff/login", STAFF)).token;
  for (const action of actions) {
    await api(request, "/api/staff/orders/move", { orderId, action }, staffToken);
  }
}
const TO_DELIVERED = ["confirm", "startPreparing", "readyForPickup", "deliver"];

async function signedInAt(page: Page, email: string, path: string) {
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await page.goto(`${GROCERY}${path}`);
  await hydrated(page);
}

const money = (amount: number) => formatMoney(amount, "USD", "en");

test("a visitor meets the login view on every order page", async ({ page }) => {
  for (const path of ["/orders", "/orders/1", "/refunds", "/downloads", "/order-received?order=1"]) {
    await page.goto(`${GROCERY}${path}`);
    await expect(page.locator("[data-inline-login]"), path).toBeVisible();
  }
});

test("orders: status tabs, pages of ten in the URL, and a card that opens the order", async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await newCustomer(request, "orders-list");
  const placed: Order[] = [];
  // The first seven are paid by card: a shopper may leave only a few orders unpaid at once.
  const paid = { payment_gateway: "test-card", credit_card: APPROVED_CARD } as const;
  for (let i = 0; i < 11; i++) placed.push((await placeOrder(request, shopper, i < 7 ? paid : {})).order);
  const delivered = placed[0] as Order;
  await staffMoves(request, delivered.id, TO_DELIVERED);

  await signedInAt(page, shopper.email, "/orders");
  await expect(page.locator("[data-orders-total]")).toHaveAttribute("data-orders-total", "11");
  await expect(page.locator("[data-order-card]")).toHaveCount(10);
  // Newest first: the last order placed leads the first page.
  await expect(page.locator("[data-order-card]").first()).toHaveAttribute(
    "data-order-card",
    String(placed[10]?.id),
  );
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/orders\?page=2$/);
  await expect(page.locator("[data-order-card]")).toHaveCount(1);
  await expect(page.locator(`[data-order-card="${delivered.id}"] [data-order-status]`)).toHaveAttribute(
    "data-order-status",
    "delivered",
  );

  await page.locator("[data-order-tab=delivered]").click();
  await expect(page).toHaveURL(/\/orders\?tab=delivered$/);
  await expect(page.locator("[data-order-card]")).toHaveCount(1);
  await page.locator("[data-order-tab=active]").click();
  await expect(page.locator("[data-orders-total]")).toHaveAttribute("data-orders-total", "10");
  await page.locator("[data-order-tab=cancelled]").click();
  await expect(page.locator("[data-orders-empty=cancelled]")).toBeVisible();
  // A page past the last one says so, and leads back to the first.
  await page.goto(`${GROCERY}/orders?page=9`);
  await expect(page.locator("[data-orders-empty=past-last]")).toBeVisible();

  // The card opens the order: its lines, totals, where it stands and how it comes.
  await page.goto(`${GROCERY}/orders`);
  const newest = placed[10] as Order;
  await page.locator(`[data-order-card="${newest.id}"] [data-order-link]`).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${newest.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${newest.orderNumber}`);
  await expect(page.locator("[data-order-line]")).toHaveCount(newest.lines.length);
  for (const line of newest.lines) {
    const row = page.locator(`[data-order-line="${line.id}"]`);
    await expect(row.locator("[data-order-line-name]")).toHaveText(line.name);
    await expect(row.locator("[data-line-total]")).toHaveText(money(line.lineTotal));
  }
  await expect(page.locator("[data-total=total]")).toContainText(money(newest.payable_amount));
  await expect(page.locator("[data-step-state=current]")).toHaveAttribute("data-step", "placed");
  await expect(page.locator("[data-step]")).toHaveCount(5);
  await expect(page.locator("[data-order-fact=delivery]")).toContainText("Pickup");
  await expect(page.locator("[data-order-fact=payment]")).toContainText("Cash at pickup");

  // The delivered order's timeline is dated up to delivered.
  await page.goto(`${GROCERY}/orders/${delivered.id}`);
  await expect(page.locator("[data-step-state=current]")).toHaveAttribute("data-step", "delivered");
  await expect(page.locator("[data-step-state=upcoming]")).toHaveCount(0);
  await expect(page.locator("[data-step] time")).toHaveCount(5);
});

test("cancel asks first, then the order is cancelled; a move by the shop meanwhile is a clear error", async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await newCustomer(request, "orders-cancel");
  const { order } = await placeOrder(request, shopper);
  const late = (await placeOrder(request, shopper)).order;

  await signedInAt(page, shopper.email, `/orders/${order.id}`);
  const cancel = page.locator("[data-cancel-order]");
  await cancel.click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "CANCEL_ORDER");
  await expect(modal.getByRole("heading")).toHaveText(`Cancel order #${order.orderNumber}?`);
  // Keeping the order is where focus starts; Escape keeps it too, and focus comes back.
  await expect(modal.getByRole("button", { name: "Keep my order" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(openModal(page)).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(page.locator("[data-order]")).toHaveAttribute("data-order-state", "placed");

  await cancel.click();
  await modal.getByLabel("Why are you cancelling? (optional)").fill("Ordered twice by mistake");
  await modal.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(page.locator("[data-order]")).toHaveAttribute("data-order-state", "cancelled");
  await expect(page.locator("[data-order-status]").first()).toHaveText("Cancelled");
  await expect(page.locator("[data-step]").last()).toHaveAttribute("data-step", "cancelled");
  // A cash order had nothing on a card: it owes nothing now, and says so.
  await expect(page.locator("[data-payment-status]")).toHaveText("Nothing to pay: the order was cancelled");
  await expect(page.locator("[data-cancel-order]")).toHaveCount(0);
  await page.goto(`${GROCERY}/orders?tab=cancelled`);
  await expect(page.locator(`[data-order-card="${order.id}"]`)).toBeVisible();

  // The shop hands the other order over while the shopper has its page open: the cancel is refused.
  await page.goto(`${GROCERY}/orders/${late.id}`);
  await hydrated(page);
  await staffMoves(request, late.id, TO_DELIVERED);
  await page.locator("[data-cancel-order]").click();
  await openModal(page).getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(openModal(page).locator("[data-form-alert]")).toHaveText(
    ERROR_MESSAGES.en["error-transition-refused"],
  );
});

test("a delivered order: ask for a refund of some units, follow it on /refunds and read the shop's answer", async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await newCustomer(request, "orders-refund");
  const { order } = await placeOrder(request, shopper);
  await staffMoves(request, order.id, TO_DELIVERED);
  const first = order.lines[0] as Order["lines"][number];
  expect(first.quantity).toBe(2);

  await signedInAt(page, shopper.email, `/orders/${order.id}`);
  await page.locator("[data-request-refund]").click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "REFUND_REQUEST");
  // Nothing chosen and no reason: both said, nothing sent.
  await modal.getByRole("button", { name: "Send the request" }).click();
  await expect(modal.getByText("Choose at least one item.")).toBeVisible();
  await expect(modal.getByText(ERROR_MESSAGES.en["error-field-required"])).toBeVisible();

  // Each message goes once what it asks for is done.
  const line = modal.locator(`[data-refund-line="${first.id}"]`);
  await line.getByRole("checkbox").check();
  await expect(modal.getByText("Choose at least one item.")).toHaveCount(0);
  await expect(modal.getByText(ERROR_MESSAGES.en["error-field-required"])).toBeVisible();
  await modal.getByLabel("Reason").fill("Torn");
  await expect(modal.locator("[data-field-error]")).toHaveCount(0);
  await expect(modal.getByLabel("Reason")).not.toHaveAttribute("aria-invalid", "true");
  // Up to what was bought; one of the two is asked back.
  await expect(line.getByRole("combobox").locator("option")).toHaveCount(2);
  await line.getByRole("combobox").selectOption("1");
  await modal.getByLabel("Reason").fill("One bag arrived torn");
  await modal.getByRole("button", { name: "Send the request" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(page.locator(`[data-order-line="${first.id}"] [data-refund-requested]`)).toHaveAttribute(
    "data-refund-requested",
    "1",
  );

  await page.goto(`${GROCERY}/refunds`);
  const refund = page.locator("[data-refund]").first();
  await expect(refund.locator("[data-refund-status]")).toHaveAttribute("data-refund-status", "requested");
  await expect(refund).toContainText(`Refund for order #${order.orderNumber}`);
  await expect(refund.locator("[data-refund-lines]")).toContainText(first.name);
  // One of two units: half the line with its tax (prices here are without tax), rounded half up.
  const gross = first.lineTotal + (order.totals.taxIncluded ? 0 : first.tax);
  await expect(refund.locator("[data-refund-amount]")).toContainText(money(Math.round(gross / 2)));
  await expect(refund.locator("[data-refund-answer]")).toContainText("The shop has not answered yet.");

  // The shop declines, with a word of why.
  const id = Number(await refund.getAttribute("data-refund"));
  await api(
    request,
    "/api/staff/refunds/answer",
    { refundId: id, decision: "decline", answer: "Torn bags are replaced at the counter." },
    staffToken,
  );
  await page.reload();
  await expect(refund.locator("[data-refund-status]")).toHaveAttribute("data-refund-status", "declined");
  await expect(refund.locator("[data-refund-answer]")).toContainText(
    "Torn bags are replaced at the counter.",
  );
});

test("downloads: a paid digital order lists its file, the link downloads it, and a wrong link says so", async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await newCustomer(request, "orders-downloads");
  const gifts = await api<{ records: ProductSummary[] }>(request, "/api/storeProduct/search?limit=5&page=1", {
    keyword: "gift card",
  });
  const gift = gifts.records[0] as ProductSummary;

  await signedInAt(page, shopper.email, "/downloads");
  await expect(page.locator("[data-downloads-empty]")).toBeVisible();

  const { order } = await placeOrder(request, shopper, {
    products: [{ productId: gift.id, quantity: 1 }],
    delivery_type: "digital",
    pickupOption: null,
    payment_gateway: "test-card",
    credit_card: APPROVED_CARD,
  });
  await page.reload();
  await hydrated(page);
  const item = page.locator(`[data-download="${order.lines[0]?.id}"]`);
  await expect(item).toContainText(gift.name);
  await expect(item).toContainText(`Order #${order.orderNumber}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.locator("[data-download-link]").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  expect(file).toBeTruthy();

  // A link whose signature is not this shopper's opens nothing and comes back with a word.
  const href = (await item.locator("[data-download-link]").getAttribute("href")) as string;
  const forged = new URL(href);
  forged.searchParams.set("signature", "A".repeat(43));
  await page.goto(forged.href);
  await expect(page).toHaveURL(/\/downloads\?link=invalid$/);
  await expect(page.locator("[data-link-problem=invalid]")).toBeVisible();
});

test("order received: what was bought, the totals, what happens next, and the way to the order", async ({
  page,
  request,
}) => {
  const shopper = await newCustomer(request, "orders-received");
  const { order } = await placeOrder(request, shopper);
  await signedInAt(page, shopper.email, `/order-received?order=${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    // The name is the shopper's own words, isolated so it keeps its own direction.
    "Thank you, \u2068Journey Shopper\u2069!",
  );
  await expect(page.locator("[data-order-received]")).toContainText(`Order #${order.orderNumber} is placed`);
  await expect(page.locator("[data-order-line]")).toHaveCount(order.lines.length);
  await expect(page.locator("[data-total=total]")).toContainText(money(order.payable_amount));
  await expect(page.locator("[data-next-step]")).toHaveCount(3);
  await expect(page.locator("[data-next-step='orders.next.pay-cash-pickup']")).toBeVisible();
  await expect(page.locator("[data-next-step='orders.next.updates']")).toContainText(shopper.email);
  // A pickup order says where to collect it, here and on the order's page.
  expect(pickupPlace.address).not.toBe("");
  await expect(page.locator("[data-pickup-point] [data-delivery-option]")).toHaveText(pickupPlace.name);
  await expect(page.locator("[data-pickup-point] [data-pickup-address]")).toHaveText(pickupPlace.address);
  await page.locator("[data-view-order]").click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.locator("[data-pickup-point] [data-delivery-option]")).toHaveText(pickupPlace.name);
  await expect(page.locator("[data-pickup-point] [data-pickup-address]")).toHaveText(pickupPlace.address);
});

test("buy again puts a past order's lines in the cart at their quantities and opens it", async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await newCustomer(request, "orders-buy-again");
  const { order } = await placeOrder(request, shopper);
  const [first, second] = order.lines;
  if (!first || !second) throw new Error("the order has two lines");
  await signedInAt(page, shopper.email, `/orders/${order.id}`);
  await page.locator("[data-buy-again]").click();
  const drawer = page.locator("[data-cart-lines]");
  await expect(drawer.locator("[data-cart-line]")).toHaveCount(2);
  await expect(drawer.locator(`[data-cart-line="${first.productId}::"]`)).toHaveAttribute(
    "data-quantity",
    String(first.quantity),
  );
  await expect(drawer.locator(`[data-cart-line="${second.productId}::"]`)).toHaveAttribute(
    "data-quantity",
    String(second.quantity),
  );
  await expect(page.locator("[data-buy-again-notes]")).toHaveCount(0);
});

test("a shipped order shows its parcel with the carrier's tracking page", async ({ page, request }) => {
  const shopper = await newCustomer(request, "orders-parcel");
  const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {});
  const window = schedule.days.flatMap((day) => day.windows).find((w) => w.available);
  if (!window) throw new Error("the grocery has no window to book");
  const { order } = await placeDelivery(request, shopper, window);
  await staffMoves(request, order.id, ["confirm", "startPreparing"]);
  await api(
    request,
    "/api/staff/orders/move",
    {
      orderId: order.id,
      action: "ship",
      tracking: { carrier: "ups", number: "1Z999AA10123456784" },
    },
    staffToken,
  );
  await signedInAt(page, shopper.email, `/orders/${order.id}`);
  const parcel = page.locator("[data-parcel=ups]");
  await expect(parcel).toContainText("UPS");
  await expect(parcel.locator("[data-tracking-number]")).toHaveText("1Z999AA10123456784");
  const track = parcel.locator("[data-track-parcel]");
  await expect(track).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");
  await expect(track).toHaveAttribute("rel", "noopener noreferrer");
  const mail = await latestMessage(request, shopper.email, /on its way|has left the shop/);
  expect(mail.body).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
});

/** A delivery window as the orders' pages write it, in the zone given, spaces made plain. */
function windowText(window: { start: string; end: string }, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).formatRange(new Date(window.start), new Date(window.end));
  return plain(text);
}
const plain = (text: string) => text.replace(/[\s\u2068\u2069]+/g, " ").trim();

test("a shopper abroad reads the delivery window and the order's dates in the shop's time zone", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const shopper = await newCustomer(request, "orders-zone");
  const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {});
  expect(schedule.timezone).toBe("America/New_York");
  const window = schedule.days
    .flatMap((day) => day.windows)
    .filter((w) => w.available)
    .at(-1);
  if (!window) throw new Error("the grocery has no window to book");
  const { order } = await placeDelivery(request, shopper, window);
  expect(order.timezone).toBe("America/New_York");
  const shopTime = windowText(window, "America/New_York");
  // Half a day away from the shop, the same window reads otherwise in the shopper's own zone.
  expect(windowText(window, "Asia/Tokyo")).not.toBe(shopTime);

  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  await context.addCookies([
    { name: STORAGE_KEYS.authToken, value: shopper.token, domain: "localhost", path: "/" },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${new URL(page.url()).pathname} ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${new URL(page.url()).pathname} ${error.message}`));
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");

  await page.goto(`${GROCERY}/order-received?order=${order.id}`);
  await hydrated(page);
  const received = page.locator("[data-order-received]");
  expect(plain((await received.locator("[data-delivery-window]").textContent()) ?? "")).toBe(shopTime);
  const next = plain((await page.locator("[data-next-steps]").textContent()) ?? "");
  expect(next).toContain(shopTime);

  await page.goto(`${GROCERY}/orders/${order.id}`);
  await hydrated(page);
  expect(plain((await page.locator("[data-delivery-window]").textContent()) ?? "")).toBe(shopTime);
  // The timeline's first step is when the order was placed, in the shop's time too.
  const placedAt = plain(
    new Intl.DateTimeFormat("en", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "America/New_York",
    }).format(new Date(order.createdAt)),
  );
  expect(plain((await page.locator("[data-step=placed] time").textContent()) ?? "")).toBe(placedAt);

  await page.goto(`${GROCERY}/orders`);
  await hydrated(page);
  const placedOn = plain(
    new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "America/New_York" }).format(
      new Date(order.createdAt),
    ),
  );
  expect(plain((await page.locator(`[data-order-card="${order.id}"] time`).textContent()) ?? "")).toBe(
    placedOn,
  );
  // The server wrote what the browser would: no page had to be mended after it loaded.
  // (React's production build names a mismatch by its error number: 418, 423, 425.)
  expect(problems.filter((text) => /hydrat|did not match|#41[89]|#42[35]/i.test(text))).toEqual([]);
  await context.close();
});

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test("a guest's confirmation email opens the order without a session; a wrong token opens nothing", async ({
  browser,
  request,
}) => {
  const guest = await api<{ token: string }>(request, "/api/auth/login/session", {});
  const email = uniqueEmail("orders-guest");
  const { order, guestAccessToken } = await placeOrder(request, { email, token: guest.token });
  expect(guestAccessToken).toBeTruthy();
  const message = await latestMessage(request, email, /\/orders\/\d+\?token=/);
  const link = /(https?:\/\/\S+\/orders\/\d+\?token=\S+)/.exec(message.body)?.[1] as string;
  const url = new URL(link);

  const page = await freshPage(browser);
  await page.goto(`${GROCERY}${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.orderNumber}`);
  await expect(page.locator("[data-order-line]")).toHaveCount(order.lines.length);
  // Only the order: cancelling needs the session that placed it, and there is no list to go back to.
  await expect(page.locator("[data-cancel-order]")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "All orders" })).toHaveCount(0);

  const wrong = await page.goto(`${GROCERY}${url.pathname}?token=${"x".repeat(43)}`);
  expect(wrong?.status()).toBe(404);
  await page.context().close();
});

test("right to left at 360 px: Arabic and Hebrew order pages fit the phone and mirror the timeline", async ({
  browser,
  request,
}) => {
  test.slow();
  // A long address with nothing to break it at: the confirmation names it in its next steps.
  const shopper = await newCustomer(request, "orders-rtl-with-a-rather-long-mailbox-name");
  const { order } = await placeOrder(request, shopper);
  await staffMoves(request, order.id, ["confirm"]);
  for (const locale of ["ar", "he"]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    // Signed in as the shopper, in the shopper's language: the session and language cookies.
    await context.addCookies([
      { name: STORAGE_KEYS.authToken, value: shopper.token, domain: "localhost", path: "/" },
      { name: "lang", value: locale, domain: "localhost", path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${GROCERY}/orders`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator(`[data-order-card="${order.id}"]`)).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), `${locale} /orders`).toBeLessThanOrEqual(0);

    await page.goto(`${GROCERY}/order-received?order=${order.id}`);
    await expect(page.locator('[data-next-step="orders.next.updates"]')).toBeVisible();
    expect(await overflow(), `${locale} /order-received`).toBeLessThanOrEqual(0);

    await page.goto(`${GROCERY}/orders/${order.id}`);
    await expect(page.locator("[data-step-state=current]")).toHaveAttribute("data-step", "confirmed");
    expect(await overflow(), `${locale} /orders/id`).toBeLessThanOrEqual(0);
    // The timeline's dots run down the right-hand side, its words to their left.
    const step = page.locator("[data-step=placed]");
    const dot = await step.locator("span").first().boundingBox();
    const words = await step.locator("p").first().boundingBox();
    expect(dot && words && dot.x > words.x).toBe(true);
    await context.close();
  }
});

test("on a phone the account tabs open on the page's own tab, left to right and right to left", async ({
  browser,
  request,
}) => {
  test.slow();
  const shopper = await newCustomer(request, "account-tabs");
  for (const locale of ["en", "ar"]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.addCookies([
      { name: STORAGE_KEYS.authToken, value: shopper.token, domain: "localhost", path: "/" },
      { name: "lang", value: locale, domain: "localhost", path: "/" },
    ]);
    const page = await context.newPage();
    // The last tabs lie past the phone's edge when the strip opens at its start.
    for (const path of ["/change-password", "/downloads", "/refunds", "/orders", "/profile"]) {
      await page.goto(`${GROCERY}${path}`);
      await hydrated(page);
      const tab = page.locator('[data-account-menu] a[aria-current="page"]');
      await expect(tab, `${locale} ${path}`).toHaveAttribute("href", path);
      await expect(tab, `${locale} ${path}`).toBeInViewport({ ratio: 1 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${locale} ${path}`).toBeLessThanOrEqual(0);
    }
    await context.close();
  }
});
