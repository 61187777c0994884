import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { Envelope, Paginated, ProductSummary } from "@stoa/contract";
import { WEB_PORT } from "./ports.ts";
import {
  API,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openDrawer,
  openModal,
  signIn,
  uniqueEmail,
} from "./support.ts";

/*
 * Card payments through Bambora and Stripe, against the local stand-ins of card-stand-ins.ts
 * (run by playwright.cards.config.ts): the storefront tokenizes Bambora cards there from the
 * browser and loads a stand-in Stripe.js from there; the API pays and saves cards there. The
 * providers' documented test cards approve, decline and ask for 3-D Secure. The shopper pays by
 * "Card" and never picks a provider: the grocery takes new cards through Bambora, its Riverside
 * branch through Stripe (the demo's DEMO_NEW_CARD_PROVIDERS).
 */

type Shop = { url: string; domain: string };
/** New cards through Bambora. */
const BAMBORA_SHOP: Shop = { url: GROCERY, domain: "localhost" };
/** The same catalogue; new cards through Stripe. */
const STRIPE_SHOP: Shop = { url: `http://grocery2.localhost:${WEB_PORT}`, domain: "grocery2.localhost" };
/** The demo stores' staff account (README): the shop's card provider is set through the staff API. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const PASSWORD = "correct horse 1";
const APPROVED = "4030 0000 1000 1234";
const DECLINED = "4003 0505 0004 0005";
const DECLINE_TEXT = "Your card was declined. Nothing was charged; please try another card.";
const SHOTS = "test-results/card-payments";

/** Goods that ship: simple, in stock, and priced (a free cart asks for no card). */
async function physicalProduct(request: APIRequestContext, shop: Shop): Promise<ProductSummary> {
  const response = await request.post(`${API}/api/storeProduct/search?limit=60&page=1`, {
    headers: { "store-domain": shop.domain },
    data: {},
  });
  const { data } = (await response.json()) as Envelope<Paginated<ProductSummary>>;
  const found = data.records.find(
    (p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 5 && p.price > 0 && !p.isDigital,
  );
  if (!found) throw new Error("no simple grocery product with stock");
  return found;
}

async function addToCartAndCheckout(page: Page, shop: Shop, product: ProductSummary) {
  await page.goto(`${shop.url}/products/${product.id}`);
  await hydrated(page);
  await page.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await expect(page.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
}

async function fillAddress(form: Locator) {
  await form.getByLabel("Recipient").fill("Dana Levi");
  await form.getByLabel("Street address").fill("1 Harbour Road");
  await form.getByLabel("City").fill("Vancouver");
  await form.getByLabel("Postal code").fill("V6B 1A1");
  await form.getByLabel("Country").fill("Canada");
  await form.getByRole("button", { name: "Save address" }).click();
}

/** A delivery window where the shop books them. */
async function chooseWindowIfAsked(page: Page) {
  // The delivery step is drawn once the shop's delivery offer has come with the page.
  await expect(page.locator("#delivery")).toBeVisible();
  const choose = page.locator("[data-choose-time]");
  if ((await choose.count()) === 0) return;
  await choose.click();
  await openModal(page).locator('[data-window][data-available="true"]').first().click();
  await expect(openModal(page)).toHaveCount(0);
}

/**
 * Pays by "Card": one choice whatever provider the shop takes new cards through; no provider is
 * asked for. Answers the card part of the payment step.
 */
async function chooseCard(page: Page, checkout: Locator) {
  const card = checkout.locator('[data-choice="card"]');
  if ((await card.locator("input").isChecked()) === false) await card.click();
  await expect(openModal(page)).toHaveCount(0);
  const part = checkout.locator("[data-card-choice]");
  await expect(part).toBeVisible();
  return part;
}

/** Sets the provider a demo shop takes new cards through, as its staff would; waits until the shop says so. */
async function setCardProvider(request: APIRequestContext, shop: Shop, cardProvider: "stripe" | "bambora") {
  const headers = { "store-domain": shop.domain };
  const login = await request.post(`${API}/api/staff/login`, { headers, data: STAFF });
  const { token } = (await login.json()).data as { token: string };
  const set = await request.post(`${API}/api/staff/payments/cardProvider/update`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: { cardProvider },
  });
  expect((await set.json()).code).toBe("0");
  await expect
    .poll(async () => {
      const keys = await request.get(`${API}/api/storeStripe/getKeys`, { headers });
      return ((await keys.json()) as Envelope<{ cardGateway: string }>).data.cardGateway;
    })
    .toBe(cardProvider);
}

async function typeCard(form: Locator, number: string) {
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Month").fill("12");
  await form.getByLabel("Year").fill(String((new Date().getFullYear() + 3) % 100));
  await form.getByLabel("Security code").fill("123");
  await form.getByLabel("Name on card").fill("Dana Levi");
}

async function fillBillingProfile(form: Locator) {
  const billing = form.locator("[data-billing-profile]");
  await billing.getByLabel("Name", { exact: true }).fill("Dana Levi");
  await billing.getByLabel("Street address").fill("1 Harbour Road");
  await billing.getByLabel("City").fill("Vancouver");
  await billing.getByLabel("Postal code").fill("V6B 1A1");
  await billing.getByLabel("Province or state").fill("BC");
  await billing.getByLabel("Country").fill("CA");
}

async function placeOrder(page: Page) {
  const button = page.locator("[data-place-order]");
  await expect(button).toBeEnabled();
  await button.click();
}

async function expectOrderReceived(page: Page) {
  await expect(page).toHaveURL(/\/order-received\?order=\d+$/);
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "0");
}

/** What the shopper sees of `part` at a phone's and a desktop's width. */
async function screenshots(page: Page, name: string, part?: Locator) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    // Centred, so the sticky header does not cover the part's top.
    await part?.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a customer saves a Bambora card with a billing profile, is declined, pays, pays again with the saved card and deletes a card", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("bambora");
  await createVerifiedAccount(request, BAMBORA_SHOP.domain, { email, password: PASSWORD, firstName: "Dana" });
  const product = await physicalProduct(request, BAMBORA_SHOP);

  await page.goto(`${BAMBORA_SHOP.url}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await addToCartAndCheckout(page, BAMBORA_SHOP, product);
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(checkout).toBeVisible();
  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-address-form="shipping"]'));
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("1 Harbour Road");
  await chooseWindowIfAsked(page);

  // The shop takes new cards through Bambora; a new customer has no saved card yet.
  const cards = await chooseCard(page, checkout);
  await expect(cards).toHaveAttribute("data-card-gateway", "bambora");
  await expect(cards.locator("[data-saved-card]")).toHaveCount(0);
  await placeOrder(page);
  await expect(checkout.locator("#payment [data-step-message]")).toHaveText("Enter your card details.");

  // A card the issuer declines is saved (Bambora checks it only when it is charged)…
  await cards.locator("[data-add-card]").click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "ADD_NEW_CARD_BAMBORA");
  const form = modal.locator("[data-bambora-card-form]");
  await expect(form.locator('[data-test-cards="bambora"]')).toContainText(APPROVED);
  // The billing profile is asked for with the card.
  await typeCard(form, DECLINED);
  await form.getByRole("button", { name: "Save card" }).click();
  await expect(form.locator("[data-billing-profile]")).toContainText("This field is required");
  await fillBillingProfile(form);
  await screenshots(page, "add-card-en");
  await form.getByRole("button", { name: "Save card" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(cards.locator("[data-saved-card]")).toHaveCount(1);
  await expect(cards.locator("[data-saved-card] input")).toBeChecked();
  await expect(cards).toContainText("Visa •••• 0005");

  // …and refused when the order is placed: said at the card and by the button, nothing placed.
  await placeOrder(page);
  await expect(page.locator("[data-place-alert]")).toHaveText(DECLINE_TEXT);
  await expect(checkout.locator("#payment [data-step-message]")).toHaveText(DECLINE_TEXT);
  await expect(page).toHaveURL(/\/checkout$/);
  await screenshots(page, "declined-en", cards);

  // A good card, saved with the billing profile Bambora now keeps, pays.
  await cards.locator("[data-add-card]").click();
  const second = openModal(page).locator("[data-bambora-card-form]");
  await expect(second.getByLabel("City")).toHaveValue("Vancouver");
  await typeCard(second, APPROVED);
  await second.getByRole("button", { name: "Save card" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(cards.locator("[data-saved-card]")).toHaveCount(2);
  const good = cards.locator("[data-saved-card]", { hasText: "1234" });
  await expect(good.locator("input")).toBeChecked();
  await expect(checkout.locator("#payment [data-step-message]")).toHaveCount(0);
  await screenshots(page, "saved-cards-en", cards);
  await placeOrder(page);
  await expectOrderReceived(page);

  // The next order is paid with the saved card, picked from the list.
  await addToCartAndCheckout(page, BAMBORA_SHOP, product);
  await chooseWindowIfAsked(page);
  await chooseCard(page, checkout);
  await cards.locator("[data-saved-card]", { hasText: "1234" }).locator("input").check();
  await placeOrder(page);
  await expectOrderReceived(page);

  // The profile lists both cards; the declined one is deleted there.
  await page.goto(`${BAMBORA_SHOP.url}/profile`);
  await hydrated(page);
  const section = page.locator("[data-saved-cards]");
  await expect(section.locator("[data-saved-card]")).toHaveCount(2);
  await screenshots(page, "profile-cards-en", section);
  await section.locator("[data-saved-card]", { hasText: "0005" }).locator("[data-delete-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "DELETE_CARD_MODAL");
  await screenshots(page, "delete-card-en");
  await openModal(page).getByRole("button", { name: "Delete card" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(section.locator("[data-saved-card]")).toHaveCount(1);
  await expect(section).toContainText("1234");
  await expect(section).not.toContainText("0005");

  // The card numbers never reached the storefront's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain("4030000010001234");

  // The same screens in Arabic, right to left.
  await page.context().addCookies([{ name: "lang", value: "ar", url: BAMBORA_SHOP.url }]);
  await page.reload();
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await screenshots(page, "profile-cards-ar", section);
  await section.locator("[data-add-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_NEW_CARD_BAMBORA");
  await screenshots(page, "add-card-ar");
  await openModal(page).locator("[data-close]").click();
  await section.locator("[data-saved-card] [data-delete-card]").click();
  await screenshots(page, "delete-card-ar");
  await openModal(page).locator("[data-close]").click();
  await addToCartAndCheckout(page, BAMBORA_SHOP, product);
  await chooseCard(page, checkout);
  await expect(cards.locator("[data-saved-card] input")).toBeChecked();
  await screenshots(page, "saved-cards-ar", cards);
});

test("a guest pays with a card for this order only: declined first, then one that is approved", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await physicalProduct(request, BAMBORA_SHOP);
  await page.goto(`${BAMBORA_SHOP.url}/products`);
  await hydrated(page);
  await addToCartAndCheckout(page, BAMBORA_SHOP, product);
  await page.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(/\/checkout\/guest$/);
  const checkout = page.locator('[data-checkout="guest"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-guest-address-form="shipping"]'));
  await chooseWindowIfAsked(page);
  const contact = checkout.locator("[data-guest-contact]");
  await contact.getByLabel("Full name").fill("Dana Levi");
  await contact.getByLabel("Email or phone").fill(uniqueEmail("bambora-guest"));

  // A guest has no saved cards (they are a signed-in customer's): only a card for this order.
  const cards = await chooseCard(page, checkout);
  await expect(cards.locator("[data-add-card]")).toHaveCount(0);
  await cards.locator("[data-enter-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "USE_NEW_PAYMENT");
  const form = openModal(page).locator("[data-bambora-card-form]");
  await expect(form.locator("[data-billing-profile]")).toHaveCount(0);
  // Bambora's stand-in takes only Bambora's test cards, and its form names them (not the built-in
  // provider's 4242…, which it would decline).
  const testCards = form.locator('[data-test-cards="bambora"]');
  await expect(testCards).toContainText(`${APPROVED}approved`);
  await expect(testCards).toContainText(`${DECLINED}declined`);
  await expect(testCards).not.toContainText("4242");
  await typeCard(form, DECLINED);
  await screenshots(page, "one-time-card-en");
  await form.getByRole("button", { name: "Use this card" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(cards.locator("[data-card-summary]")).toHaveText("Visa •••• 0005");

  await placeOrder(page);
  await expect(page.locator("[data-place-alert]")).toHaveText(DECLINE_TEXT);
  await expect(checkout.locator("#payment [data-step-message]")).toHaveText(DECLINE_TEXT);
  // Bambora's token was spent on the refused attempt: the card is asked for again.
  await expect(cards.locator("[data-card-summary]")).toHaveCount(0);
  await expect(contact.getByLabel("Full name")).toHaveValue("Dana Levi");

  await cards.locator("[data-enter-card]").click();
  const again = openModal(page).locator("[data-bambora-card-form]");
  await typeCard(again, APPROVED);
  await again.getByRole("button", { name: "Use this card" }).click();
  await expect(cards.locator("[data-card-summary]")).toHaveText("Visa •••• 1234");
  await expect(checkout.locator("#payment [data-step-message]")).toHaveCount(0);
  await placeOrder(page);
  await expectOrderReceived(page);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain("4030000010001234");
});

test("a customer pays through Stripe with a card typed into Stripe's element: declined first, then approved", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("stripe");
  await createVerifiedAccount(request, STRIPE_SHOP.domain, { email, password: PASSWORD, firstName: "Dana" });
  const product = await physicalProduct(request, STRIPE_SHOP);
  await page.goto(`${STRIPE_SHOP.url}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await addToCartAndCheckout(page, STRIPE_SHOP, product);
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-address-form="shipping"]'));
  await chooseWindowIfAsked(page);

  const stripeCard = await chooseCard(page, checkout);
  await expect(stripeCard).toHaveAttribute("data-card-gateway", "stripe");
  const enter = async (number: string) => {
    // A customer could save the card; this one uses it for this order only.
    await stripeCard.locator("[data-use-new-card]").click();
    await expect(openModal(page)).toHaveAttribute("data-modal-view", "USE_NEW_PAYMENT");
    const form = openModal(page).locator("[data-stripe-form]");
    // Stripe runs on a test key: its form names Stripe's test cards.
    await expect(form.locator('[data-test-cards="stripe"]')).toContainText("4242 4242 4242 4242");
    // Stripe.js (here its stand-in) puts its own field into the element.
    await form.locator("[data-stripe-element] [data-stand-in-card]").fill(number);
    await form.getByLabel("Name on card").fill("Dana Levi");
    await form.getByRole("button", { name: "Use this card" }).click();
    await expect(openModal(page)).toHaveCount(0);
  };

  await enter("4000 0000 0000 0002");
  await expect(stripeCard.locator("[data-card-summary]")).toHaveText("Visa •••• 0002");
  await placeOrder(page);
  await expect(page.locator("[data-place-alert]")).toHaveText(DECLINE_TEXT);
  await expect(checkout.locator("#payment [data-step-message]")).toHaveText(DECLINE_TEXT);
  await expect(stripeCard.locator("[data-card-summary]")).toHaveCount(0);

  await stripeCard.locator("[data-use-new-card]").click();
  await screenshots(page, "stripe-element-en");
  await openModal(page).locator("[data-close]").click();
  await enter("4242 4242 4242 4242");
  await expect(stripeCard.locator("[data-card-summary]")).toHaveText("Visa •••• 4242");
  await placeOrder(page);
  await expectOrderReceived(page);

  // A card whose bank asks for 3-D Secure: the whole screen waits while the bank confirms, then the order is placed.
  await addToCartAndCheckout(page, STRIPE_SHOP, product);
  await chooseWindowIfAsked(page);
  await chooseCard(page, checkout);
  await enter("4000 0027 6000 3184");
  await placeOrder(page);
  await expectOrderReceived(page);
});

test("a customer saves Stripe cards from the profile and at checkout, chooses 'Card' by keyboard, pays with saved cards (3-D Secure too) and deletes one", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("stripe-saved");
  await createVerifiedAccount(request, STRIPE_SHOP.domain, { email, password: PASSWORD, firstName: "Dana" });
  const product = await physicalProduct(request, STRIPE_SHOP);
  await page.goto(`${STRIPE_SHOP.url}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);

  // The profile lists the saved cards; the shop's new ones are added through Stripe's element.
  await page.goto(`${STRIPE_SHOP.url}/profile`);
  await hydrated(page);
  const section = page.locator("[data-saved-cards]");
  await expect(section.locator("[data-no-cards]")).toBeVisible();
  await section.locator("[data-add-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_NEW_CARD");
  const saveCard = async (number: string) => {
    const form = openModal(page).locator("[data-stripe-setup-form]");
    await form.locator("[data-stripe-element] [data-stand-in-card]").fill(number);
    await form.getByLabel("Name on card").fill("Dana Levi");
    await form.getByRole("button", { name: "Save card" }).click();
    return form;
  };
  // A card the bank refuses is not saved; the dialog stays, says so, and takes another card.
  const form = await saveCard("4000 0000 0000 0002");
  await expect(form.locator('[role="alert"]')).toContainText("declined");
  await screenshots(page, "stripe-add-card-declined-en");
  await saveCard("4242 4242 4242 4242");
  await expect(openModal(page)).toHaveCount(0);
  await expect(section.locator("[data-saved-card]")).toHaveCount(1);
  await expect(section).toContainText("Visa •••• 4242");
  await expect(section).toContainText("Dana Levi");
  await screenshots(page, "stripe-profile-cards-en", section);

  // At checkout "Card" is chosen by keyboard alone, and no provider is asked for.
  await addToCartAndCheckout(page, STRIPE_SHOP, product);
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-address-form="shipping"]'));
  await chooseWindowIfAsked(page);
  await checkout.locator('[data-choice="cash"] input').focus();
  await page.keyboard.press("ArrowDown");
  await expect(checkout.locator('[data-choice="card"] input')).toBeChecked();
  await expect(checkout.locator('[data-choice="card"] input')).toBeFocused();
  await page.keyboard.press("Space");
  await expect(openModal(page)).toHaveCount(0);

  // The saved card is chosen; a card whose bank asks for 3-D Secure is saved here and paid with.
  const cards = checkout.locator("[data-card-choice]");
  await expect(cards.locator("[data-saved-card] input")).toBeChecked();
  await cards.locator("[data-add-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_NEW_CARD");
  await saveCard("4000 0027 6000 3184");
  await expect(openModal(page)).toHaveCount(0);
  await expect(cards.locator("[data-saved-card]")).toHaveCount(2);
  await expect(cards.locator("[data-saved-card]", { hasText: "3184" }).locator("input")).toBeChecked();
  await screenshots(page, "stripe-saved-cards-en", cards);
  await placeOrder(page);
  await expectOrderReceived(page);

  // The next order is paid with the other saved card, picked from the list.
  await addToCartAndCheckout(page, STRIPE_SHOP, product);
  await chooseWindowIfAsked(page);
  await chooseCard(page, checkout);
  await cards.locator("[data-saved-card]", { hasText: "4242" }).locator("input").check();
  await placeOrder(page);
  await expectOrderReceived(page);

  // The 3-D Secure card is deleted at checkout's list; the other stays.
  await addToCartAndCheckout(page, STRIPE_SHOP, product);
  await chooseCard(page, checkout);
  await cards.locator("[data-saved-card]", { hasText: "3184" }).locator("[data-delete-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "DELETE_CARD_MODAL");
  await openModal(page).getByRole("button", { name: "Delete card" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(cards.locator("[data-saved-card]")).toHaveCount(1);
  await expect(cards.locator("[data-saved-card] input")).toBeChecked();

  // The same screens in Arabic, right to left.
  await page.context().addCookies([{ name: "lang", value: "ar", url: STRIPE_SHOP.url }]);
  await page.reload();
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(cards.locator("[data-saved-card] input")).toBeChecked();
  await screenshots(page, "stripe-saved-cards-ar", cards);
  await page.goto(`${STRIPE_SHOP.url}/profile`);
  await hydrated(page);
  await screenshots(page, "stripe-profile-cards-ar", section);
  await section.locator("[data-add-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_NEW_CARD");
  await expect(openModal(page).locator("[data-stand-in-card]")).toBeVisible();
  await screenshots(page, "stripe-add-card-ar");
  await openModal(page).locator("[data-close]").click();

  // The last card is deleted from the profile.
  await section.locator("[data-saved-card] [data-delete-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "DELETE_CARD_MODAL");
  await screenshots(page, "stripe-delete-card-ar");
  await openModal(page).locator('[data-delete-card-form] button[type="submit"]').click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(section.locator("[data-saved-card]")).toHaveCount(0);
  await expect(section.locator("[data-no-cards]")).toBeVisible();
});

test("a shopper pays by one 'Card' choice; cards saved with Stripe and with Bambora are one list, each paid through its own provider", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const shop = BAMBORA_SHOP;
  const email = uniqueEmail("mixed-cards");
  await createVerifiedAccount(request, shop.domain, { email, password: PASSWORD, firstName: "Dana" });
  const product = await physicalProduct(request, shop);
  await page.goto(`${shop.url}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);

  try {
    // The shop took new cards through Stripe for a while: a card was saved there then.
    await setCardProvider(request, shop, "stripe");
    await page.goto(`${shop.url}/profile`);
    await hydrated(page);
    const section = page.locator("[data-saved-cards]");
    await section.locator("[data-add-card]").click();
    await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_NEW_CARD");
    const stripeForm = openModal(page).locator("[data-stripe-setup-form]");
    await stripeForm.locator("[data-stripe-element] [data-stand-in-card]").fill("5555 5555 5555 4444");
    await stripeForm.getByLabel("Name on card").fill("Dana Levi");
    await stripeForm.getByRole("button", { name: "Save card" }).click();
    await expect(openModal(page)).toHaveCount(0);
    await expect(section.locator("[data-saved-card]")).toHaveCount(1);
  } finally {
    // Now its new cards go through Bambora again.
    await setCardProvider(request, shop, "bambora");
  }

  await addToCartAndCheckout(page, shop, product);
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-address-form="shipping"]'));
  await chooseWindowIfAsked(page);

  // One "Card" beside cash: no provider is named, none is asked for.
  const methods = checkout.locator("[data-payment-methods] > div > [data-choice]");
  await expect(methods).toHaveCount(2);
  await expect(checkout.locator('[data-payment-methods] [data-choice="cash"]')).toBeVisible();
  const cards = await chooseCard(page, checkout);
  await expect(checkout.locator("#payment")).not.toContainText("Stripe");
  await expect(checkout.locator("#payment")).not.toContainText("Bambora");

  // The Stripe card is listed and chosen; a new card is saved with the shop's provider, Bambora,
  // whose form names Bambora's test cards.
  await expect(cards.locator("[data-saved-card] input")).toBeChecked();
  await cards.locator("[data-add-card]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_NEW_CARD_BAMBORA");
  const form = openModal(page).locator("[data-bambora-card-form]");
  await expect(form.locator('[data-test-cards="bambora"]')).toContainText(APPROVED);
  await typeCard(form, APPROVED);
  await fillBillingProfile(form);
  await form.getByRole("button", { name: "Save card" }).click();
  await expect(openModal(page)).toHaveCount(0);

  // One list: brand, last four and expiry, whichever provider saved the card.
  const listed = cards.locator("[data-saved-card]");
  await expect(listed).toHaveCount(2);
  await expect(cards.locator('[data-card-provider="stripe"]')).toContainText("Mastercard •••• 4444");
  await expect(cards.locator('[data-card-provider="bambora"]')).toContainText("Visa •••• 1234");
  await expect(listed.first()).toContainText("Expires");
  await expect(cards.locator('[data-card-provider="bambora"] input')).toBeChecked();
  await screenshots(page, "mixed-cards-en", checkout.locator("#payment"));

  // The card saved with Stripe is still paid with, through Stripe.
  await cards.locator('[data-card-provider="stripe"] input').check();
  await placeOrder(page);
  await expectOrderReceived(page);

  // The profile shows the same one list; in Arabic, right to left, at checkout too.
  await page.context().addCookies([{ name: "lang", value: "ar", url: shop.url }]);
  await page.goto(`${shop.url}/profile`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const section = page.locator("[data-saved-cards]");
  await expect(section.locator("[data-saved-card]")).toHaveCount(2);
  await screenshots(page, "mixed-profile-cards-ar", section);
  await addToCartAndCheckout(page, shop, product);
  await chooseWindowIfAsked(page);
  await chooseCard(page, checkout);
  await expect(cards.locator("[data-saved-card]")).toHaveCount(2);
  await screenshots(page, "mixed-cards-ar", checkout.locator("#payment"));
});
