import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import type { Envelope, OrderGiftCards, Paginated, PlacedOrder, ProductSummary } from "@stoa/contract";
import {
  API,
  apiData as api,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openDrawer,
  openModal,
  signIn,
  uniqueEmail,
} from "./support.ts";

const DOMAIN = "localhost";
const PASSWORD = "gift-card-journey-1";
const APPROVED_CARD = {
  number: "4242424242424242",
  expiryMonth: 12,
  expiryYear: new Date().getFullYear() + 2,
  cvc: "123",
  name: "Journey Shopper",
};

async function customer(request: APIRequestContext, who: string) {
  const email = uniqueEmail(who);
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  return { email, token };
}

test("a gift card bought is redeemed by a friend at checkout and paid with", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const { records } = await api<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {
      keyword: "gift card",
    },
  );
  const giftCard = records.find((p) => p.sku === "GRC-GIFT-25");
  const apples = (
    await api<Paginated<ProductSummary>>(request, "/api/storeProduct/search?limit=60&page=1", {})
  ).records.find((p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock > 5 && p.price < 2500);
  if (!giftCard || !apples) throw new Error("the grocery sells no gift card, or nothing to spend it on");

  // The buyer pays for a card; the order page shows its code.
  const buyer = await customer(request, "gift-buyer");
  const { order } = await api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [{ productId: giftCard.id, quantity: 1 }],
      delivery_type: "digital",
      payment_gateway: "test-card",
      credit_card: APPROVED_CARD,
      customer_contact: buyer.email,
      customer_name: "Journey Shopper",
    },
    buyer.token,
  );
  const { cards } = await api<OrderGiftCards>(
    request,
    "/api/giftCard/ofOrder/storeCustomer",
    { orderId: order.id },
    buyer.token,
  );
  const code = cards[0]?.code as string;
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`${GROCERY}/`);
  await hydrated(buyerPage);
  await signIn(buyerPage, buyer.email, PASSWORD);
  await buyerPage.goto(`${GROCERY}/orders/${order.id}`);
  await expect(buyerPage.locator("[data-gift-card] code")).toHaveText(code);
  await buyerContext.close();

  // A friend redeems it at checkout: the credit is then spent on the order.
  const friend = await customer(request, "gift-friend");
  await page.goto(`${GROCERY}/products/${apples.id}`);
  await hydrated(page);
  await signIn(page, friend.email, PASSWORD);
  await page.locator(`[data-product-purchase="${apples.id}"] [data-add-to-cart]`).click();
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  const redeem = page.locator("[data-gift-card-redeem]");
  await redeem.locator("summary").click();
  await redeem.getByLabel("Gift card code").fill("0000-0000-0000-0000");
  await redeem.locator("[data-gift-card-submit]").click();
  await expect(redeem.locator("[data-gift-card-error]")).toContainText("not valid");
  await redeem.getByLabel("Gift card code").fill(code.toLowerCase());
  await redeem.locator("[data-gift-card-submit]").click();
  await expect(redeem.locator("[data-gift-card-redeemed]")).toBeVisible();
  const wallet = page.locator("[data-use-wallet]");
  await expect(wallet).toContainText("$25.00");
  await expect(wallet.locator("input")).toBeChecked();
  await expect(page.locator('[data-total="wallet"]')).toBeVisible();
});

const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };

async function fillAddress(form: Locator) {
  await form.getByLabel("Recipient").fill("Anna Berg");
  await form.getByLabel("Street address").fill("12 Orchard Lane");
  await form.getByLabel("City").fill("Springfield");
  await form.getByLabel("Postal code").fill("62701");
  await form.getByLabel("Country").fill("United States");
  await form.getByRole("button", { name: "Save address" }).click();
}

test("a guest pays part of an order with a gift card's code, the rest in cash", async ({ page, request }) => {
  test.slow();
  const { records } = await api<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    { keyword: "gift card" },
  );
  const giftCard = records.find((p) => p.sku === "GRC-GIFT-25");
  const apples = (
    await api<Paginated<ProductSummary>>(request, "/api/storeProduct/search?limit=60&page=1", {})
  ).records.find(
    (p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock > 5 && p.price > 100 && !p.isDigital,
  );
  if (!giftCard || !apples) throw new Error("the grocery sells no gift card, or nothing to spend it on");
  const buyer = await customer(request, "gift-buyer");
  const { order } = await api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [{ productId: giftCard.id, quantity: 1 }],
      delivery_type: "digital",
      payment_gateway: "test-card",
      credit_card: APPROVED_CARD,
      customer_contact: buyer.email,
      customer_name: "Journey Shopper",
    },
    buyer.token,
  );
  const { cards } = await api<OrderGiftCards>(
    request,
    "/api/giftCard/ofOrder/storeCustomer",
    { orderId: order.id },
    buyer.token,
  );
  const code = cards[0]?.code as string;
  // Most of it was spent already: 1.00 is left, less than the guest's order.
  const staff = (await api<{ token: string }>(request, "/api/staff/login", STAFF)).token;
  await api(request, "/api/staff/giftCards/adjust", { code, value: 100, note: "journey" }, staff);

  await page.goto(`${GROCERY}/products/${apples.id}`);
  await hydrated(page);
  await page.locator(`[data-product-purchase="${apples.id}"] [data-add-to-cart]`).click();
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  await page.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(/\/checkout\/guest$/);
  const checkout = page.locator('[data-checkout="guest"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-guest-address-form="shipping"]'));
  await page.locator("[data-choose-time]").click();
  await openModal(page).locator('[data-window][data-available="true"]').first().click();
  await expect(openModal(page)).toHaveCount(0);
  const contact = checkout.locator("[data-guest-contact]");
  await contact.getByLabel("Full name").fill("Anna Berg");
  await contact.getByLabel("Email or phone").fill(uniqueEmail("guest-gift"));

  const giftField = checkout.locator("[data-gift-card-redeem]");
  await giftField.locator("summary").click();
  await expect(giftField.locator("[data-gift-card-submit]")).toHaveCount(0);
  await giftField.getByLabel("Gift card code").fill("0000-0000-0000-0000");
  await giftField.locator("[data-gift-card-pay]").click();
  await expect(giftField.locator("[data-gift-card-error]")).toContainText("not valid");
  await giftField.getByLabel("Gift card code").fill(code.toLowerCase());
  await giftField.locator("[data-gift-card-pay]").click();
  await expect(giftField.locator("[data-gift-card-paying]")).toContainText("$1.00");
  await expect(page.locator('[data-total="gift-card"]')).toContainText("$1.00");
  await page.setViewportSize({ width: 360, height: 900 });
  await giftField.screenshot({ path: test.info().outputPath("checkout-gift-card-en.png") });
  await checkout.locator('[data-choice="cash"]').click();
  const place = page.locator("[data-place-order]");
  await expect(place).toBeEnabled();
  await place.click();
  await expect(page).toHaveURL(/\/order-received\?order=\d+$/);

  const after = await api<{ value: number; events: { kind: string }[] }>(
    request,
    "/api/staff/giftCards/lookup",
    { code },
    staff,
  );
  expect(after.value).toBe(0);
  expect(after.events.map((e) => e.kind)).toEqual(["adjusted", "spent"]);
});

test("a gift card bought as a present names its recipient on the order and downloads with its code", async ({
  page,
  request,
}) => {
  test.slow();
  const { records } = await api<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {
      keyword: "gift card",
    },
  );
  const giftCard = records.find((p) => p.sku === "GRC-GIFT-25");
  if (!giftCard) throw new Error("the grocery sells no gift card");
  const buyer = await customer(request, "gift-present");
  await page.goto(`${GROCERY}/products/${giftCard.id}`);
  await hydrated(page);
  await signIn(page, buyer.email, PASSWORD);
  const present = page.locator("[data-gift-recipient]");
  await present.getByLabel("Recipient's name").fill("Noa Friend");
  await present.getByLabel("Recipient's email").fill("noa.friend@example.com");
  await present.getByLabel("Your message").fill("Happy birthday!");
  await page.locator(`[data-product-purchase="${giftCard.id}"] [data-add-to-cart]`).click();
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  await expect(page).toHaveURL(/\/checkout\/digital$/);
  await page.locator("[data-enter-card]").click();
  const modal = openModal(page);
  await modal.getByLabel("Card number").fill(APPROVED_CARD.number);
  await modal.getByLabel("Month").fill("12");
  await modal.getByLabel("Year").fill(String((new Date().getFullYear() + 3) % 100));
  await modal.getByLabel("Security code").fill("123");
  await modal.getByLabel("Name on card").fill("Journey Shopper");
  await modal.getByRole("button", { name: "Use this card" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await page.locator("[data-place-order]").click();
  await expect(page).toHaveURL(/\/order-received\?order=\d+$/);
  const orderId = new URL(page.url()).searchParams.get("order");

  await page.goto(`${GROCERY}/orders/${orderId}`);
  await expect(page.locator("[data-gift-recipient-line]")).toContainText("Noa Friend");
  await expect(page.locator("[data-gift-recipient-line]")).toContainText("noa.friend@example.com");
  const code = (await page.locator("[data-gift-card] code").first().textContent()) ?? "";
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

  // The download is the card's own printable page, with its code.
  const { records: downloads } = await (
    await request.get(`${API}/api/storeOrder/downloads/storeCustomer`, {
      headers: { "store-domain": DOMAIN, authorization: `Bearer ${buyer.token}` },
    })
  )
    .json()
    .then((envelope: Envelope<Paginated<{ url: string }>>) => envelope.data);
  const link = new URL(downloads[0]?.url ?? "");
  const file = await request.get(
    `${API}/api/storeOrder/download/${link.pathname.split("/").at(-1)}${link.search}`,
    {
      headers: { "store-domain": DOMAIN, authorization: `Bearer ${buyer.token}` },
    },
  );
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect((await file.body()).toString("latin1")).toContain(code);
});
