import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  type DeliverySchedule,
  ERROR_MESSAGES,
  type OpeningHours,
  type PlacedOrder,
  type ProductSummary,
  STORAGE_KEYS,
} from "@stoa/contract";
import {
  apiData as api,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  newShopperAddress,
  productsOf,
  signIn,
  uniqueEmail,
} from "./support.ts";

const DOMAIN = "localhost";
const PASSWORD = "console-journey-1";
/** The demo stores' staff account (README). */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const STAFF_COOKIE = "stoa-staff-session";
const SHOPPER_COOKIE = STORAGE_KEYS.authToken;
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

type Shopper = { email: string; token: string };

async function newCustomer(request: APIRequestContext, who: string): Promise<Shopper> {
  const email = uniqueEmail(who);
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  return { email, token };
}

let products: ProductSummary[] = [];
let pickupPoint = 0;
let keys = 0;

test.beforeAll(async ({ request }) => {
  const { records } = await productsOf(request, DOMAIN, 30);
  products = records.filter((p) => !p.hasVariations && !p.hasOptions && p.stock > 50);
  const options = await api<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  pickupPoint = options.pickupPoints[0]?.id ?? 0;
  expect(products.length).toBeGreaterThan(1);
});

/** An order placed as checkout places it: a home delivery in the first window, or a pickup; cash. */
async function placeOrder(request: APIRequestContext, shopper: Shopper, kind: "delivery" | "pickup") {
  keys += 1;
  const first = products[keys % products.length] as ProductSummary;
  const second = products[(keys + 1) % products.length] as ProductSummary;
  const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: kind,
  });
  const window = schedule.days.flatMap((day) => day.windows).find((w) => w.available);
  if (!window) throw new Error(`the grocery has no ${kind} time to choose`);
  const where =
    kind === "delivery"
      ? {
          shipping_address: {
            customerName: "Console Shopper",
            address: { street_address: "12 Orchard Lane", city: "Springfield", zip: "62701", country: "US" },
          },
        }
      : { pickupOption: pickupPoint };
  return api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [
        { productId: first.id, quantity: 2 },
        { productId: second.id, quantity: 1 },
      ],
      delivery_type: kind,
      delivery_time: { start: window.start, end: window.end },
      payment_gateway: "cash",
      customer_name: "Console Shopper",
      customer_contact: shopper.email,
      ...where,
    },
    shopper.token,
    { "Idempotency-Key": `console-journey-${Date.now()}-${keys}` },
  );
}

/** Signs the demo staff in through the console's own form. */
async function staffSignIn(page: Page, next = "") {
  await page.goto(`${GROCERY}/staff/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("a console page without a staff session leads to the sign-in; a shopper's session opens none", async ({
  page,
  context,
  request,
}) => {
  test.slow();
  for (const path of ["/staff", "/staff/orders?status=placed", "/staff/orders/1", "/staff/orders/1/slip"]) {
    await page.goto(`${GROCERY}${path}`);
    await expect(page, path).toHaveURL(/\/staff\/login(\?next=.*)?$/);
    await expect(page.locator("[data-staff-login]")).toBeVisible();
  }
  await page.goto(`${GROCERY}/staff/orders?status=placed`);
  expect(new URL(page.url()).searchParams.get("next")).toBe("/staff/orders?status=placed");

  // A signed-in shopper is no member of staff, and their token forged into the staff cookie is refused.
  const shopper = await newCustomer(request, "console-shopper");
  await context.addCookies([{ name: SHOPPER_COOKIE, value: shopper.token, domain: "localhost", path: "/" }]);
  await page.goto(`${GROCERY}/orders`);
  await expect(page.locator("[data-orders-empty=all]")).toBeVisible();
  await page.goto(`${GROCERY}/staff/today`);
  await expect(page).toHaveURL(/\/staff\/login/);
  const member = Buffer.from(JSON.stringify({ id: 1, email: shopper.email, name: "Not staff" })).toString(
    "base64url",
  );
  await context.addCookies([
    { name: STAFF_COOKIE, value: `${shopper.token}.${member}`, domain: "localhost", path: "/staff" },
  ]);
  await page.goto(`${GROCERY}/staff/orders`);
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Forders$/);
  expect((await context.cookies(GROCERY)).find((cookie) => cookie.name === STAFF_COOKIE)).toBeUndefined();
});

test("staff sign in, a shopper's new order arrives on the list by itself, and staff ship it with its parcel", async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow();
  await staffSignIn(page);
  await expect(page).toHaveURL(/\/staff\/today$/);
  await expect(page.locator("[data-staff-member]")).toContainText("Demo staff");
  // The staff token is in a cookie page scripts cannot read, sent only to the console.
  const cookie = (await context.cookies(`${GROCERY}/staff`)).find((c) => c.name === STAFF_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/staff" });
  expect(await page.evaluate(() => document.cookie)).not.toContain(STAFF_COOKIE);
  expect((await context.cookies(`${GROCERY}/`)).some((c) => c.name === STAFF_COOKIE)).toBe(false);

  await page.getByRole("link", { name: "Orders", exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/orders$/);
  await expect(page.locator("[data-order-sound]")).toBeVisible();
  // Sound off, remembered on this browser.
  await page.locator("[data-order-sound]").click();
  await expect(page.locator("[data-order-sound]")).toHaveAttribute("data-order-sound", "off");
  expect(await page.evaluate(() => localStorage.getItem("stoa-staff-order-sound"))).toBe("off");
  await page.evaluate(() => {
    (window as { stillHere?: boolean }).stillHere = true;
  });

  // The shopper, in a browser of their own, places an order.
  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  const shopper = await newCustomer(request, "console-order");
  const { order } = await placeOrder(request, shopper, "delivery");

  const row = page.locator(`[data-staff-order="${order.id}"]`);
  await expect(row).toBeVisible({ timeout: 25_000 });
  await expect(row).toHaveAttribute("data-new-order", "");
  await expect(row).toContainText(`#${order.orderNumber}`);
  await expect(page.locator("[data-orders-arrived]")).toContainText("new order");
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  await shot(page, "orders-desktop-en");

  await row.getByRole("link").click();
  const detail = page.locator(`[data-staff-order-detail="${order.id}"]`);
  await expect(detail).toHaveAttribute("data-order-state", "placed");
  await expect(page.locator("[data-staff-customer]")).toContainText(shopper.email);
  await expect(page.locator("[data-staff-delivery]")).toContainText("12 Orchard Lane");
  await expect(page.locator("[data-payment-status]")).toHaveAttribute("data-payment-status", "cash_due");
  await shot(page, "order-desktop-en");

  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(detail).toHaveAttribute("data-order-state", "confirmed");
  await expect(page.locator("[data-form-done]")).toContainText(
    `Order #${order.orderNumber} is now: Confirmed`,
  );
  await page.getByRole("button", { name: "Start preparing" }).click();
  await expect(detail).toHaveAttribute("data-order-state", "preparing");

  // Shipping names the parcel; a number no carrier writes is refused on its field.
  const ship = page.locator("[data-staff-move=ship]");
  await ship.locator("#parcel-carrier").selectOption("ups");
  await ship.locator("#parcel-number").fill("no!");
  await ship.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(ship.locator("[data-field-error=number]")).toHaveText(
    ERROR_MESSAGES.en["error-field-invalid"],
  );
  await expect(detail).toHaveAttribute("data-order-state", "preparing");
  await ship.locator("#parcel-number").fill("1Z999AA10123456784");
  await ship.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(detail).toHaveAttribute("data-order-state", "shipped");
  await expect(page.locator("[data-staff-delivery] [data-parcel=ups]")).toContainText("1Z999AA10123456784");

  // The packing slip is a page of its own, for paper.
  await page.locator("[data-staff-slip-link]").click();
  await expect(page.locator(`[data-staff-slip="${order.id}"]`)).toContainText(`#${order.orderNumber}`);
  await expect(page.locator("[data-slip-line]")).toHaveCount(order.lines.length);
  await expect(page.locator("[data-staff-shell]")).toHaveCount(0);

  // The shopper's own order page shows what the shop did.
  await shopperPage.goto(`${GROCERY}/`);
  await hydrated(shopperPage);
  await signIn(shopperPage, shopper.email, PASSWORD);
  await shopperPage.goto(`${GROCERY}/orders/${order.id}`);
  await expect(shopperPage.locator("[data-order]")).toHaveAttribute("data-order-state", "shipped");
  await expect(shopperPage.locator("[data-parcel=ups] [data-tracking-number]")).toHaveText(
    "1Z999AA10123456784",
  );
  // The shopper's browser holds no staff session.
  expect((await shopperContext.cookies()).some((c) => c.name === STAFF_COOKIE)).toBe(false);
  await shopperContext.close();

  // Signing out ends the session: the console asks for the sign-in again.
  await page.goto(`${GROCERY}/staff/today`);
  await page.locator("[data-staff-member-menu] summary").click();
  await page.locator('[data-staff-member-menu] [data-staff-logout=""] button').click();
  await expect(page).toHaveURL(/\/staff\/login\?signedOut=1$/);
  expect((await context.cookies(`${GROCERY}/staff`)).some((c) => c.name === STAFF_COOKIE)).toBe(false);
  await page.goto(`${GROCERY}/staff/orders`);
  await expect(page).toHaveURL(/\/staff\/login/);
});

test("staff answer a refund request, and the answer reaches the shopper's refunds", async ({
  page,
  request,
}) => {
  const shopper = await newCustomer(request, "console-refund");
  const { order } = await placeOrder(request, shopper, "pickup");
  const { token } = await api<{ token: string }>(request, "/api/staff/login", STAFF);
  for (const action of ["confirm", "startPreparing", "readyForPickup", "deliver"])
    await api(request, "/api/staff/orders/move", { orderId: order.id, action }, token);
  const line = order.lines[0] as PlacedOrder["order"]["lines"][number];
  const refund = await api<{ id: number }>(
    request,
    "/api/storeOrder/refund/storeCustomer",
    { orderId: order.id, lines: [{ orderLineId: line.id, quantity: 1 }], reason: "The bag was torn." },
    shopper.token,
  );

  await staffSignIn(page, "/staff/refunds?status=requested");
  await expect(page).toHaveURL(/\/staff\/refunds\?status=requested$/);
  const card = page.locator(`[data-staff-refund="${refund.id}"]`);
  await expect(card).toContainText("The bag was torn.");
  await expect(card).toHaveAttribute("data-refund-state", "requested");
  await card.locator("textarea[name=answer]").fill("Sorry about the bag: the amount is in your shop credit.");
  await card.getByRole("button", { name: "Approve" }).click();
  // Answered, it leaves the requests waiting; the page says what became of it.
  await expect(page.locator("[data-form-done]")).toContainText(`Refund for order #${order.orderNumber}`);
  await expect(card).toHaveCount(0);
  await page.locator("#refund-status").selectOption("");
  await expect(page).toHaveURL(/\/staff\/refunds(\?status=)?$/);
  await expect(card).toHaveAttribute("data-refund-state", /approved|refunded/);
  await expect(card).toContainText("shop credit");
  await expect(card.locator("[data-staff-refund-answer]")).toHaveCount(0);
  await shot(page, "refunds-desktop-en");

  const answered = await api<{ records: { id: number; status: string; answer: string | null }[] }>(
    request,
    "/api/storeOrderRefund/list/storeCustomer",
    {},
    shopper.token,
  );
  expect(answered.records.find((r) => r.id === refund.id)?.answer).toContain("shop credit");
});

test("staff look a gift card up by its code and set its value, saying why", async ({ page, request }) => {
  const { records } = await api<{ records: ProductSummary[] }>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {
      keyword: "gift card",
    },
  );
  const giftCard = records.find((p) => p.sku === "GRC-GIFT-25");
  if (!giftCard) throw new Error("the grocery sells no gift card");
  const buyer = await newCustomer(request, "console-gift");
  const { order } = await api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [{ productId: giftCard.id, quantity: 1 }],
      delivery_type: "digital",
      payment_gateway: "test-card",
      credit_card: {
        number: "4242424242424242",
        expiryMonth: 12,
        expiryYear: new Date().getFullYear() + 2,
        cvc: "123",
        name: "Console Shopper",
      },
      customer_contact: buyer.email,
      customer_name: "Console Shopper",
    },
    buyer.token,
  );
  const { cards } = await api<{ cards: { code: string }[] }>(
    request,
    "/api/giftCard/ofOrder/storeCustomer",
    { orderId: order.id },
    buyer.token,
  );
  const code = cards[0]?.code as string;

  await staffSignIn(page, "/staff/gift-cards");
  const lookup = page.locator("[data-staff-gift-card-lookup]");
  await lookup.locator("#gift-card-code").fill("0000-0000-0000-0000");
  await lookup.getByRole("button", { name: "Look up" }).click();
  await expect(lookup.locator("[data-field-error=code]")).toHaveText(
    ERROR_MESSAGES.en["error-gift-card-invalid"],
  );

  await lookup.locator("#gift-card-code").fill(code);
  await lookup.getByRole("button", { name: "Look up" }).click();
  await expect(page.locator("[data-gift-card-value]")).toHaveAttribute("data-gift-card-value", "2500");
  await expect(page.locator(`[data-staff-gift-card="${order.id}"]`)).toContainText(`#${order.orderNumber}`);

  // A change needs its reason: refused without one, the card stays on screen.
  const adjust = page.locator("[data-staff-gift-card-adjust]");
  await adjust.locator("#gift-card-value").fill("20.00");
  await adjust.locator("#gift-card-note").evaluate((node) => node.removeAttribute("required"));
  await adjust.getByRole("button", { name: "Save the new value" }).click();
  await expect(adjust.locator("[data-field-error=note]")).toHaveText(
    ERROR_MESSAGES.en["error-field-required"],
  );
  await expect(page.locator("[data-gift-card-value]")).toHaveAttribute("data-gift-card-value", "2500");
  await adjust.locator("#gift-card-note").fill("Goodwill: the card was printed damaged.");
  await adjust.getByRole("button", { name: "Save the new value" }).click();
  await expect(page.locator("[data-form-done]")).toContainText("The card is now worth $20.00");
  await expect(page.locator("[data-gift-card-value]")).toHaveAttribute("data-gift-card-value", "2000");
  await expect(page.locator("[data-gift-card-events]")).toContainText(
    "Goodwill: the card was printed damaged.",
  );
});

test("staff change the opening hours, with the contract's field errors on the form", async ({
  page,
  request,
}) => {
  const { token } = await api<{ token: string }>(request, "/api/staff/login", STAFF);
  const before = await api<OpeningHours>(request, "/api/staff/hours/detail", {}, token);
  try {
    await staffSignIn(page, "/staff/settings/hours");
    const form = page.locator("[data-staff-hours]");
    await expect(form.locator("#hours-timezone")).toHaveValue(before.timezone);
    await form.locator("#hours-timezone").fill("Atlantis/Capital");
    await form.getByRole("button", { name: "Save opening hours" }).click();
    await expect(form.locator("[data-field-error=timezone]")).toHaveText(
      ERROR_MESSAGES.en["error-field-invalid"],
    );
    await expect(form.locator("#hours-timezone")).toHaveAttribute("aria-invalid", "true");

    await form.locator("#hours-timezone").fill("Europe/Oslo");
    await form.locator("#hours-opensAt").fill("07:30");
    await form.locator("#hours-closesAt").fill("01:00");
    for (let day = 0; day < 7; day++) await form.locator(`[data-open-day="${day}"]`).setChecked(day !== 0);
    await form.getByRole("button", { name: "Save opening hours" }).click();
    await expect(page.locator("[data-form-done]")).toHaveText("Opening hours saved");
    const after = await api<OpeningHours>(request, "/api/staff/hours/detail", {}, token);
    // Closing at one in the morning is the next day's: 25 hours after midnight.
    expect(after).toEqual({
      timezone: "Europe/Oslo",
      opensAt: 450,
      closesAt: 1500,
      openDays: [1, 2, 3, 4, 5, 6],
    });
    await page.reload();
    await expect(page.locator("#hours-closesAt")).toHaveValue("01:00");
    await shot(page, "hours-desktop-en");
    // An order that is not the shop's is a problem page inside the console's frame.
    await page.goto(`${GROCERY}/staff/orders/987654321`);
    await expect(page.locator("[data-staff-shell] [data-problem=not-found]")).toBeVisible();
    await page.goto(`${GROCERY}/staff/today`);
    await expect(page.locator("[data-today=to-confirm]")).toBeVisible();
    await shot(page, "today-desktop-en");
  } finally {
    await api(request, "/api/staff/hours/update", before, token);
  }
});

test("at 360 px in Arabic, without scripts: the console reads right to left, its menu opens, throttled sign-ins are said", async ({
  browser,
  request,
}) => {
  test.slow();
  const phone = async (javaScriptEnabled: boolean): Promise<BrowserContext> => {
    const made = await browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled,
      extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
    });
    await made.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
    return made;
  };

  // Guessing is slowed down, and the page says so in Arabic.
  const guessing = await phone(false);
  const guesser = await guessing.newPage();
  await guesser.goto(`${GROCERY}/staff/login`);
  await expect(guesser.locator("html")).toHaveAttribute("dir", "rtl");
  const wrong = `nobody.${Date.now()}@example.com`;
  for (let attempt = 0; attempt < 8; attempt++) {
    await guesser.locator("#staff-email").fill(wrong);
    await guesser.locator("#staff-password").fill("not-the-password");
    await guesser.locator("[data-staff-login] button[type=submit]").click();
    const error = guesser.locator("[data-form-error]");
    await expect(error).toBeVisible();
    if ((await error.getAttribute("data-form-error")) === "429") break;
    await expect(error).toHaveText(ERROR_MESSAGES.ar["error-invalid-credentials"]);
  }
  await expect(guesser.locator("[data-form-error]")).toHaveText(ERROR_MESSAGES.ar["error-too-many-requests"]);
  await guessing.close();

  const shopper = await newCustomer(request, "console-phone");
  const { order } = await placeOrder(request, shopper, "delivery");
  const context = await phone(false);
  const page = await context.newPage();
  await staffSignIn(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // The nav is behind the menu, which opens without scripts.
  const nav = page.locator("[data-staff-menu] [data-staff-nav]");
  await expect(nav).toBeHidden();
  await page.locator("[data-staff-menu] summary").click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "الطلبات" }).click();
  await expect(page).toHaveURL(/\/staff\/orders$/);
  const row = page.locator(`[data-staff-order="${order.id}"]`);
  await expect(row).toBeVisible();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "orders-360-ar");

  await row.getByRole("link").click();
  await expect(page.locator(`[data-staff-order-detail="${order.id}"]`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "order-360-ar");
  // Without scripts the move is a plain form post.
  await page.getByRole("button", { name: "تأكيد الطلب" }).click();
  await expect(page.locator(`[data-staff-order-detail="${order.id}"]`)).toHaveAttribute(
    "data-order-state",
    "confirmed",
  );
  await context.close();
});
