import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CardWorld,
  callApp,
  cardDelivery,
  expectError,
  expectOk,
  startCardWorld,
} from "../test/card-shop.ts";
import { BAMBORA_APPROVED_CARDS } from "../test/fakes/fake-bambora.ts";
import { SHOP_STAFF } from "../test/shops.ts";

/*
 * The shopper pays by "Card"; the shop decides the provider a new card goes through (its
 * `card_provider`, set by its staff), and a saved card is paid through the provider that saved it,
 * whichever takes new cards now.
 */

let world: CardWorld;
beforeAll(async () => {
  world = await startCardWorld();
});
afterAll(async () => {
  await world?.stop();
});

type CardShop = Awaited<ReturnType<CardWorld["cardShop"]>>;

const create = (shop: CardShop, token: string | undefined, payment: Record<string, unknown>) =>
  callApp(world.app, "POST", "/api/storeOrder/create", {
    domain: shop.domain,
    token,
    body: cardDelivery(shop, payment),
  });

const newStripeCard = (paymentMethodId: string) => ({
  payment_gateway: "card",
  payment_sub_gateway: "new_card",
  stripePaymentMethodId: paymentMethodId,
});
const newBamboraCard = async () => ({
  payment_gateway: "card",
  payment_sub_gateway: "new_card",
  bamboraCard: { token: await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string), name: "Dana" },
});
const newTestCard = {
  payment_gateway: "card",
  credit_card: { number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, cvc: "123", name: "Dana" },
};

async function staffToken(domain: string): Promise<string> {
  const login = await callApp(world.app, "POST", "/api/staff/login", { domain, body: SHOP_STAFF });
  expectOk(login);
  return login.json.data.token as string;
}

const setProvider = (domain: string, token: string | undefined, cardProvider: string) =>
  callApp(world.app, "POST", "/api/staff/payments/cardProvider/update", {
    domain,
    token,
    body: { cardProvider },
  });

describe("the provider a new card goes through", () => {
  it("is the shop's setting: the same 'Card' checkout goes through Bambora, then Stripe, then the test provider", async () => {
    const shop = await world.cardShop(["stripe", "bambora"], "bambora");
    const { token } = await world.customerOf(shop);
    const keys = await callApp(world.app, "GET", "/api/storeStripe/getKeys", { domain: shop.domain });
    expect(keys.json.data).toMatchObject({
      gateways: ["stripe", "bambora", "test-card"],
      cardGateway: "bambora",
    });

    const byBambora = await create(shop, token, await newBamboraCard());
    expectOk(byBambora);
    expect(byBambora.json.data.order).toMatchObject({ status: "placed", payment_gateway: "bambora" });

    const staff = await staffToken(shop.domain);
    const set = await setProvider(shop.domain, staff, "stripe");
    expectOk(set);
    expect(set.json.data).toEqual({ cardProvider: "stripe", offered: ["stripe", "bambora", "test-card"] });
    const detail = await callApp(world.app, "POST", "/api/staff/payments/cardProvider/detail", {
      domain: shop.domain,
      token: staff,
      body: {},
    });
    expect(detail.json.data.cardProvider).toBe("stripe");
    const byStripe = await create(shop, token, newStripeCard("pm_card_visa"));
    expectOk(byStripe);
    expect(byStripe.json.data.order).toMatchObject({ payment_gateway: "stripe", card: { last4: "4242" } });

    expectOk(await setProvider(shop.domain, staff, "test-card"));
    const byTestCard = await create(shop, token, newTestCard);
    expectOk(byTestCard);
    expect(byTestCard.json.data.order).toMatchObject({ payment_gateway: "test-card" });
  });

  it("never takes a new card for another provider than the shop's, named or not", async () => {
    const shop = await world.cardShop(["stripe", "bambora"], "bambora");
    const { token } = await world.customerOf(shop);
    // A checkout that still names a provider is refused where it is not the shop's…
    const named = await create(shop, token, { ...newStripeCard("pm_card_visa"), payment_gateway: "stripe" });
    expectError(named, "INVALID_INPUT");
    expect(named.json.data.errors).toEqual({ payment_gateway: "error-field-invalid" });
    // …and a card made for Stripe's page is not sent to Bambora.
    const stripeCard = await create(shop, token, newStripeCard("pm_card_visa"));
    expectError(stripeCard, "INVALID_INPUT");
    expect(stripeCard.json.data.errors).toEqual({ "bamboraCard.token": "error-field-required" });
    // Naming the shop's own provider is still taken.
    expectOk(await create(shop, token, { ...(await newBamboraCard()), payment_gateway: "bambora" }));
    expect(await shop.stockOf(shop.apple)).toBe(98);
  });

  it("saves new cards only with the shop's provider", async () => {
    const shop = await world.cardShop(["stripe", "bambora"], "bambora");
    const { token } = await world.customerOf(shop);
    expectError(
      await callApp(world.app, "POST", "/user/add/stripePaymentMethod", {
        domain: shop.domain,
        token,
        body: {},
      }),
      "PAYMENT_METHOD_NOT_OFFERED",
    );
    const saved = await callApp(world.app, "POST", "/user/add/bamboraPaymentCard", {
      domain: shop.domain,
      token,
      body: {
        token: await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string),
        name: "Dana",
        billing: BILLING,
      },
    });
    expectOk(saved);
  });
});

describe("a card saved with another provider than the shop's", () => {
  it("is still listed and paid with through the provider that saved it", async () => {
    const shop = await world.cardShop(["stripe", "bambora"], "stripe");
    const { token } = await world.customerOf(shop);
    const added = await callApp(world.app, "POST", "/user/add/stripePaymentMethod", {
      domain: shop.domain,
      token,
      body: { paymentMethodId: "pm_card_mastercard" },
    });
    expectOk(added);
    const cardId = added.json.data.card.id as string;

    // The shop moves its new cards to Bambora.
    expectOk(await setProvider(shop.domain, await staffToken(shop.domain), "bambora"));
    const list = await callApp(world.app, "GET", "/user/stripePaymentMethodIdList", {
      domain: shop.domain,
      token,
    });
    expect(list.json.data.records.map((card: { id: string }) => card.id)).toEqual([cardId]);

    const paid = await create(shop, token, {
      payment_gateway: "card",
      payment_sub_gateway: "saved_card",
      stripePaymentMethodId: cardId,
    });
    expectOk(paid);
    expect(paid.json.data.order).toMatchObject({
      status: "placed",
      payment_gateway: "stripe",
      card: { brand: "mastercard", last4: "4444" },
    });
    // Named as its own provider it is taken too; named as another's it is not.
    expectOk(
      await create(shop, token, {
        payment_gateway: "stripe",
        payment_sub_gateway: "saved_card",
        stripePaymentMethodId: cardId,
      }),
    );
    expectError(
      await create(shop, token, {
        payment_gateway: "bambora",
        payment_sub_gateway: "saved_card",
        stripePaymentMethodId: cardId,
      }),
      "INVALID_INPUT",
    );
  });

  it("is refused to another customer, a guest, another store and a caller without a token", async () => {
    const shop = await world.cardShop(["stripe", "bambora"], "stripe");
    const { token } = await world.customerOf(shop);
    const added = await callApp(world.app, "POST", "/user/add/stripePaymentMethod", {
      domain: shop.domain,
      token,
      body: { paymentMethodId: "pm_card_visa" },
    });
    const cardId = added.json.data.card.id as string;
    expectOk(await setProvider(shop.domain, await staffToken(shop.domain), "bambora"));
    const saved = {
      payment_gateway: "card",
      payment_sub_gateway: "saved_card",
      stripePaymentMethodId: cardId,
    };

    const stranger = await world.customerOf(shop);
    expectError(await create(shop, stranger.token, saved), "PAYMENT_DECLINED");
    const guest = await world.guestOf(shop);
    expectError(await create(shop, guest.token, saved), "SAVED_CARDS_SIGN_IN");
    const other = await world.cardShop(["stripe", "bambora"], "bambora");
    const elsewhere = await world.customerOf(other);
    expectError(await create(other, elsewhere.token, saved), "PAYMENT_DECLINED");
    expectError(await create(shop, undefined, saved), "UNAUTHORIZED");
    // Two saved cards at once is no choice.
    const both = await create(shop, token, { ...saved, bamboraCard: { cardId: "1" } });
    expectError(both, "INVALID_INPUT");
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await other.stockOf(other.apple)).toBe(100);
  });

  it("is not paid with once the shop takes no cards through that provider at all", async () => {
    const shop = await world.cardShop(["stripe", "bambora"], "stripe");
    const { token } = await world.customerOf(shop);
    const added = await callApp(world.app, "POST", "/user/add/stripePaymentMethod", {
      domain: shop.domain,
      token,
      body: { paymentMethodId: "pm_card_visa" },
    });
    const cardId = added.json.data.card.id as string;
    const { stores } = await import("../stores/tables.ts");
    const { eq } = await import("drizzle-orm");
    await world.db
      .update(stores)
      .set({ paymentProviders: ["bambora"] })
      .where(eq(stores.id, shop.id));
    const refused = await create(shop, token, {
      payment_gateway: "card",
      payment_sub_gateway: "saved_card",
      stripePaymentMethodId: cardId,
    });
    expectError(refused, "INVALID_INPUT");
    expect(refused.json.data.errors).toEqual({ payment_gateway: "error-field-invalid" });
  });
});

describe("the shop's card provider setting", () => {
  it("takes only a provider the shop takes, from its own staff only", async () => {
    const shop = await world.cardShop(["bambora"]);
    const staff = await staffToken(shop.domain);
    const refused = await setProvider(shop.domain, staff, "stripe");
    expectError(refused, "INVALID_INPUT");
    expect(refused.json.data.errors).toEqual({ cardProvider: "error-field-invalid" });
    expectError(await setProvider(shop.domain, staff, "paypal"), "INVALID_INPUT");

    const other = await world.cardShop(["stripe", "bambora"]);
    expectError(await setProvider(other.domain, staff, "bambora"), "FORBIDDEN");
    expectError(await setProvider(shop.domain, undefined, "bambora"), "UNAUTHORIZED");
    const { token } = await world.customerOf(shop);
    expectError(await setProvider(shop.domain, token, "bambora"), "INVALID_SESSION");
    // Nothing changed: new cards still go through the shop's only provider.
    const keys = await callApp(world.app, "GET", "/api/storeStripe/getKeys", { domain: other.domain });
    expect(keys.json.data.cardGateway).toBe("stripe");
  });
});
