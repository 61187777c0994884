import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  type DeliverySchedule,
  type Envelope,
  ERROR_MESSAGES,
  ERRORS,
  messageText,
  type PlacedOrder,
  type ProductSummary,
} from "@stoa/contract";
import {
  API,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openDrawer,
  openModal,
  productsOf,
  signIn,
  uniqueEmail,
} from "./support.ts";

const DOMAIN = "localhost";
const PASSWORD = "unpaid-journey-1";
const LIMIT_KEY = ERRORS.TOO_MANY_UNPAID_ORDERS.key;
/** What one shopper's unpaid orders may hold together by default (the demo shops keep it). */
const DEFAULT_HOLDS = { unitsPerShopper: 100 };

async function post<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; envelope: Envelope<T> }> {
  const response = await request.post(`${API}${path}`, {
    headers: { "store-domain": DOMAIN, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: body,
  });
  return { status: response.status(), envelope: (await response.json()) as Envelope<T> };
}

test("a shopper with as many unpaid orders as the shop allows is told so at checkout, in their language, and keeps what they typed", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("unpaid-limit");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: "Anna" });
  const login = await post<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  const token = login.envelope.data.token;
  const { records } = await productsOf(request, DOMAIN, 30);
  const product = records.find(
    (p) => !p.hasVariations && !p.hasOptions && !p.isDigital && p.isAvailable && p.stock > 50 && p.image,
  ) as ProductSummary;
  expect(product).toBeTruthy();
  const points = await post<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  const pickupOption = points.envelope.data.pickupPoints[0]?.id;
  // A time to collect them: a pickup for as soon as possible is taken only while the shop is open,
  // and the journeys run at any hour.
  const times = await post<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: "pickup",
  });
  const time = times.envelope.data.days.flatMap((day) => day.windows).find((w) => w.available);
  expect(time).toBeTruthy();
  const delivery_time = { start: time?.start, end: time?.end };

  // Orders to collect and pay at the counter, placed elsewhere, until the shop takes no more.
  const open: PlacedOrder["order"][] = [];
  let refused: Awaited<ReturnType<typeof post>> | null = null;
  while (!refused && open.length < 50) {
    const answer = await post<PlacedOrder>(
      request,
      "/api/storeOrder/create",
      {
        products: [{ productId: product.id, quantity: 1 }],
        delivery_type: "pickup",
        pickupOption,
        delivery_time,
        payment_gateway: "cash",
        customer_name: "Anna Berg",
        customer_contact: email,
      },
      token,
    );
    if (answer.envelope.code === "0") open.push(answer.envelope.data.order);
    else refused = answer;
  }
  expect(open.length).toBeGreaterThan(0);
  expect({ status: refused?.status, code: refused?.envelope.code }).toEqual({
    status: ERRORS.TOO_MANY_UNPAID_ORDERS.status,
    code: ERRORS.TOO_MANY_UNPAID_ORDERS.code,
  });

  // The shopper fills in a delivery at checkout, as if nothing were waiting.
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await page.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  const form = openModal(page).locator('[data-address-form="shipping"]');
  await form.getByLabel("Recipient").fill("Anna Berg");
  await form.getByLabel("Street address").fill("12 Orchard Lane");
  await form.getByLabel("City").fill("Springfield");
  await form.getByLabel("Postal code").fill("62701");
  await form.getByLabel("Country").fill("United States");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await checkout.locator("[data-choose-time]").click();
  const window = openModal(page).locator('[data-window][data-available="true"]').first();
  const start = (await window.getAttribute("data-window")) ?? "";
  await window.click();
  await expect(openModal(page)).toHaveCount(0);
  await checkout.locator('[data-choice="cash"]').click();
  const note = checkout.locator('textarea[name="note"]');
  await note.fill("Please ring twice");

  const place = page.locator("[data-place-order]");
  const alert = page.locator("[data-place-alert]");
  await expect(place).toBeEnabled();
  await place.click();
  // Said by the button, where the shopper pressed, and focused so a screen reader reads it.
  await expect(alert).toHaveText(ERROR_MESSAGES.en[LIMIT_KEY]);
  await expect(alert).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("unpaid-limit-en.png") });
  await expect(page).toHaveURL(/\/checkout$/);

  // Nothing the shopper chose or typed is lost.
  await expect(note).toHaveValue("Please ring twice");
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
  await expect(checkout.locator("[data-chosen-window]")).toHaveAttribute("data-chosen-window", start);
  await expect(checkout.locator(`[data-summary-line="${product.id}::"]`)).toBeVisible();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");

  // In Hebrew the same refusal reads in Hebrew.
  await page.locator("[data-language-menu] summary").click();
  await page.locator('[data-language-menu] button[value="he"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
  await expect(place).toBeEnabled();
  await place.click();
  await expect(alert).toHaveText(ERROR_MESSAGES.he[LIMIT_KEY]);
  await page.screenshot({ path: test.info().outputPath("unpaid-limit-he.png") });
  await expect(note).toHaveValue("Please ring twice");

  // Once the shop has one order fewer waiting, the same checkout goes through.
  const cancelled = await post(
    request,
    "/api/storeOrder/cancel/storeCustomer",
    { orderId: open[0]?.id },
    token,
  );
  expect(cancelled.envelope.code).toBe("0");
  await place.click();
  await expect(page).toHaveURL(/\/order-received\?order=\d+$/);
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "0");
});

test("a shopper whose unpaid orders hold as much as the shop allows is told the shop's limits at checkout", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("unpaid-holds");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: "Anna" });
  const login = await post<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  const token = login.envelope.data.token;
  const { records } = await productsOf(request, DOMAIN, 60);
  const product = records.find(
    (p) => !p.hasVariations && !p.hasOptions && !p.isDigital && p.isAvailable && p.stock > 110 && p.image,
  ) as ProductSummary;
  expect(product).toBeTruthy();
  const points = await post<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  const times = await post<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: "pickup",
  });
  const time = times.envelope.data.days.flatMap((day) => day.windows).find((w) => w.available);
  // Two orders to pay at the counter that hold the shopper's whole allowance of units.
  const units = DEFAULT_HOLDS.unitsPerShopper / 2;
  const open: number[] = [];
  for (let i = 0; i < 2; i++) {
    const answer = await post<PlacedOrder>(
      request,
      "/api/storeOrder/create",
      {
        products: [{ productId: product.id, quantity: units }],
        delivery_type: "pickup",
        pickupOption: points.envelope.data.pickupPoints[0]?.id,
        delivery_time: { start: time?.start, end: time?.end },
        payment_gateway: "cash",
        customer_name: "Anna Berg",
        customer_contact: email,
      },
      token,
    );
    expect(answer.envelope.code, answer.envelope.msg).toBe("0");
    open.push(answer.envelope.data.order.id);
  }

  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await page.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  const form = openModal(page).locator('[data-address-form="shipping"]');
  await form.getByLabel("Recipient").fill("Anna Berg");
  await form.getByLabel("Street address").fill("12 Orchard Lane");
  await form.getByLabel("City").fill("Springfield");
  await form.getByLabel("Postal code").fill("62701");
  await form.getByLabel("Country").fill("United States");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await checkout.locator("[data-choose-time]").click();
  await openModal(page).locator('[data-window][data-available="true"]').first().click();
  await expect(openModal(page)).toHaveCount(0);
  await checkout.locator('[data-choice="cash"]').click();

  const place = page.locator("[data-place-order]");
  await expect(place).toBeEnabled();
  await place.click();
  // The figures are the shop's own, said by the button in the shopper's language.
  await expect(page.locator("[data-place-alert]")).toHaveText(
    messageText("error-unpaid-holds-too-large", "en", { units: "100", value: "$2,000.00" }),
  );
  await expect(page).toHaveURL(/\/checkout$/);

  // Their stock goes back to the shop, and the order goes through.
  for (const orderId of open) {
    const cancelled = await post(request, "/api/storeOrder/cancel/storeCustomer", { orderId }, token);
    expect(cancelled.envelope.code).toBe("0");
  }
  await place.click();
  await expect(page).toHaveURL(/\/order-received\?order=\d+$/);
});
