import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BAMBORA_ACCOUNT,
  BILLING,
  type CardWorld,
  callApp,
  expectError,
  expectOk,
  STRIPE_KEYS,
  startCardWorld,
} from "../test/card-shop.ts";
import { BAMBORA_APPROVED_CARDS } from "../test/fakes/fake-bambora.ts";
import { testHarness } from "../test/harness.ts";

/*
 * The card provider calls of spec §7 against the local fakes: the publishable key, saved cards at
 * Stripe and Bambora, the billing profile; who may call them, and what they never answer (secrets).
 */

let world: CardWorld;
beforeAll(async () => {
  world = await startCardWorld();
});
afterAll(async () => {
  await world?.stop();
});

const get = (domain: string, path: string, token?: string) =>
  callApp(world.app, "GET", path, { domain, token });
const post = (domain: string, path: string, body: unknown, token?: string) =>
  callApp(world.app, "POST", path, { domain, token, body });

describe("GET /api/storeStripe/getKeys", () => {
  it("answers the store's publishable key and the card gateways it takes, never a secret", async () => {
    const shop = await world.cardShop();
    const keys = await get(shop.domain, "/api/storeStripe/getKeys");
    expectOk(keys);
    expect(keys.json.data).toEqual({
      key: STRIPE_KEYS.publishable,
      gateways: ["stripe", "bambora", "test-card"],
      // New cards go through the first the shop takes, unless it names one.
      cardGateway: "stripe",
      // A Stripe test key and a Bambora stand-in: each card form names the cards that work there.
      testCards: ["stripe", "bambora", "test-card"],
    });
    for (const secret of [
      STRIPE_KEYS.secret,
      STRIPE_KEYS.webhook,
      BAMBORA_ACCOUNT.payments,
      BAMBORA_ACCOUNT.profiles,
    ])
      expect(keys.text).not.toContain(secret);
  });

  it("answers no key to a store that does not take Stripe", async () => {
    const shop = await world.cardShop(["bambora"]);
    const keys = await get(shop.domain, "/api/storeStripe/getKeys");
    expect(keys.json.data).toEqual({
      key: null,
      gateways: ["bambora", "test-card"],
      cardGateway: "bambora",
      testCards: ["bambora", "test-card"],
    });
    const plain = await world.cardShop([]);
    expect((await get(plain.domain, "/api/storeStripe/getKeys")).json.data).toEqual({
      key: null,
      gateways: ["test-card"],
      cardGateway: "test-card",
      testCards: ["test-card"],
    });
  });

  it("is refused for an unknown store", async () => {
    expectError(await get("nowhere.test", "/api/storeStripe/getKeys"), "STORE_NOT_FOUND");
  });
});

describe("cards saved with Stripe", () => {
  it("saves a card from Stripe's element, lists it, and removes it", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    expect((await get(shop.domain, "/user/stripePaymentMethodIdList", token)).json.data).toEqual({
      records: [],
    });

    const setup = await post(shop.domain, "/user/add/stripePaymentMethod", {}, token);
    expectOk(setup);
    expect(setup.json.data).toEqual({ card: null, clientSecret: expect.stringMatching(/^seti_\w+_secret_/) });

    const added = await post(
      shop.domain,
      "/user/add/stripePaymentMethod",
      { paymentMethodId: "pm_card_visa" },
      token,
    );
    expectOk(added);
    const card = added.json.data.card;
    expect(card).toMatchObject({ brand: "visa", last4: "4242", id: expect.stringMatching(/^pm_/) });
    expect(added.json.data.clientSecret).toBeNull();

    const list = await get(shop.domain, "/user/stripePaymentMethodIdList", token);
    expect(list.json.data.records).toEqual([card]);

    expectOk(
      await post(shop.domain, "/user/delete/stripePaymentMethod", { paymentMethodId: card.id }, token),
    );
    expect((await get(shop.domain, "/user/stripePaymentMethodIdList", token)).json.data.records).toEqual([]);
    expectError(
      await post(shop.domain, "/user/delete/stripePaymentMethod", { paymentMethodId: card.id }, token),
      "NOT_FOUND",
    );
  });

  it("answers a declined card in the shopper's words", async () => {
    const shop = await world.cardShop();
    const { token } = await world.customerOf(shop);
    expectError(
      await post(
        shop.domain,
        "/user/add/stripePaymentMethod",
        { paymentMethodId: "pm_card_visa_chargeDeclined" },
        token,
      ),
      "PAYMENT_DECLINED",
    );
    expectError(
      await post(
        shop.domain,
        "/user/add/stripePaymentMethod",
        { paymentMethodId: "pm_card_visa_chargeDeclinedExpiredCard" },
        token,
      ),
      "CARD_EXPIRED",
    );
    expectError(
      await post(shop.domain, "/user/add/stripePaymentMethod", { paymentMethodId: "not-a-method" }, token),
      "INVALID_INPUT",
    );
  });

  it("never reaches another customer's card, nor another store's", async () => {
    const shop = await world.cardShop();
    const owner = await world.customerOf(shop);
    const stranger = await world.customerOf(shop);
    const added = await post(
      shop.domain,
      "/user/add/stripePaymentMethod",
      { paymentMethodId: "pm_card_visa" },
      owner.token,
    );
    const cardId = added.json.data.card.id as string;
    expectError(
      await post(
        shop.domain,
        "/user/delete/stripePaymentMethod",
        { paymentMethodId: cardId },
        stranger.token,
      ),
      "NOT_FOUND",
    );
    expect(
      (await get(shop.domain, "/user/stripePaymentMethodIdList", stranger.token)).json.data.records,
    ).toEqual([]);

    // The owner's token is for this store only; another store's customer has no such card.
    const other = await world.cardShop();
    expectError(await get(other.domain, "/user/stripePaymentMethodIdList", owner.token), "FORBIDDEN");
    const elsewhere = await world.customerOf(other);
    expectError(
      await post(
        other.domain,
        "/user/delete/stripePaymentMethod",
        { paymentMethodId: cardId },
        elsewhere.token,
      ),
      "NOT_FOUND",
    );
    expect(
      (await get(shop.domain, "/user/stripePaymentMethodIdList", owner.token)).json.data.records,
    ).toHaveLength(1);
  });

  it("is for signed-in customers of a store that takes Stripe", async () => {
    const shop = await world.cardShop();
    const guest = await world.guestOf(shop);
    expectError(await get(shop.domain, "/user/stripePaymentMethodIdList"), "UNAUTHORIZED");
    expectError(
      await get(shop.domain, "/user/stripePaymentMethodIdList", guest.token),
      "SAVED_CARDS_SIGN_IN",
    );
    expectError(
      await post(shop.domain, "/user/add/stripePaymentMethod", {}, guest.token),
      "SAVED_CARDS_SIGN_IN",
    );
    const bamboraOnly = await world.cardShop(["bambora"]);
    const customer = await world.customerOf(bamboraOnly);
    expectError(
      await get(bamboraOnly.domain, "/user/stripePaymentMethodIdList", customer.token),
      "PAYMENT_METHOD_NOT_OFFERED",
    );
  });
});

describe("cards saved with Bambora", () => {
  it("saves a tokenized card with the billing profile, lists it, and removes it", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    expect((await get(shop.domain, "/user/bamboraProfile", token)).json.data).toEqual({ profile: null });
    expect((await get(shop.domain, "/user/bamboraPaymentCardList", token)).json.data).toEqual({
      records: [],
    });

    const cardToken = await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string);
    const added = await post(
      shop.domain,
      "/user/add/bamboraPaymentCard",
      { token: cardToken, name: "Dana Levi", billing: BILLING },
      token,
    );
    expectOk(added);
    const card = added.json.data.card;
    expect(card).toMatchObject({ id: "1", brand: "visa", last4: "1234", holderName: "Dana Levi" });

    const profile = await get(shop.domain, "/user/bamboraProfile", token);
    expect(profile.json.data.profile).toEqual({ ...BILLING, country: "CA", province: "BC" });
    expect((await get(shop.domain, "/user/bamboraPaymentCardList", token)).json.data.records).toEqual([card]);

    // A second card with a changed address keeps one profile, with the new address.
    const second = await post(
      shop.domain,
      "/user/add/bamboraPaymentCard",
      {
        token: await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[1] as string),
        name: "Dana Levi",
        billing: { ...BILLING, city: "Victoria" },
      },
      token,
    );
    expectOk(second);
    expect((await get(shop.domain, "/user/bamboraProfile", token)).json.data.profile.city).toBe("Victoria");
    expect((await get(shop.domain, "/user/bamboraPaymentCardList", token)).json.data.records).toHaveLength(2);

    expectOk(await post(shop.domain, "/user/delete/bamboraPaymentCard", { cardId: "1" }, token));
    expect(
      (await get(shop.domain, "/user/bamboraPaymentCardList", token)).json.data.records.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual(["2"]);
    expectError(
      await post(shop.domain, "/user/delete/bamboraPaymentCard", { cardId: "1" }, token),
      "NOT_FOUND",
    );
  });

  it("refuses an expired card, a spent token and a form without its billing profile", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const expired = await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string, {
      month: 1,
      year: 2020,
    });
    expectError(
      await post(
        shop.domain,
        "/user/add/bamboraPaymentCard",
        { token: expired, name: "Dana", billing: BILLING },
        token,
      ),
      "CARD_EXPIRED",
    );
    const missing = await post(
      shop.domain,
      "/user/add/bamboraPaymentCard",
      { token: "abc", name: "Dana" },
      token,
    );
    expectError(missing, "INVALID_INPUT");
    expect(Object.keys(missing.json.data.errors)).toContain("billing");
    const badCountry = await post(
      shop.domain,
      "/user/add/bamboraPaymentCard",
      { token: "abc", name: "Dana", billing: { ...BILLING, country: "Canada" } },
      token,
    );
    expect(badCountry.json.data.errors).toEqual({ "billing.country": "error-field-invalid" });
  });

  it("never reaches another customer's card; guests and stores without Bambora are refused", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const owner = await world.customerOf(shop);
    const stranger = await world.customerOf(shop);
    const cardToken = await world.bambora.tokenize(BAMBORA_APPROVED_CARDS[0] as string);
    expectOk(
      await post(
        shop.domain,
        "/user/add/bamboraPaymentCard",
        { token: cardToken, name: "Dana", billing: BILLING },
        owner.token,
      ),
    );
    expectError(
      await post(shop.domain, "/user/delete/bamboraPaymentCard", { cardId: "1" }, stranger.token),
      "NOT_FOUND",
    );
    expect(
      (await get(shop.domain, "/user/bamboraPaymentCardList", owner.token)).json.data.records,
    ).toHaveLength(1);
    expect((await get(shop.domain, "/user/bamboraProfile", stranger.token)).json.data.profile).toBeNull();

    const guest = await world.guestOf(shop);
    expectError(await get(shop.domain, "/user/bamboraPaymentCardList", guest.token), "SAVED_CARDS_SIGN_IN");
    expectError(await get(shop.domain, "/user/bamboraProfile", guest.token), "SAVED_CARDS_SIGN_IN");
    expectError(await get(shop.domain, "/user/bamboraProfile"), "UNAUTHORIZED");
    const stripeOnly = await world.cardShop(["stripe"]);
    const customer = await world.customerOf(stripeOnly);
    expectError(
      await get(stripeOnly.domain, "/user/bamboraPaymentCardList", customer.token),
      "PAYMENT_METHOD_NOT_OFFERED",
    );
  });

  it("is PAYMENT_UNAVAILABLE when Bambora cannot be reached", async () => {
    const shop = await world.cardShop(undefined, "bambora");
    const { token } = await world.customerOf(shop);
    const down = world.cardsAt(world.stripe.url, "http://127.0.0.1:9");
    const app = world.appWith(world.payments, down);
    const answer = await callApp(app, "POST", "/user/add/bamboraPaymentCard", {
      domain: shop.domain,
      token,
      body: { token: "abc", name: "Dana", billing: BILLING },
    });
    expectError(answer, "PAYMENT_UNAVAILABLE");
  });
});

describe("which card forms name test cards", () => {
  it("names Bambora's only when Bambora is a stand-in, not Bambora's own address", async () => {
    const { cardProviders } = await import("./card-providers.ts");
    const { handle } = await testHarness();
    const at = (url: string) =>
      cardProviders(handle.db, { BAMBORA_API_URL: url } as Parameters<typeof cardProviders>[1])
        .bamboraStandIn;
    expect(at("https://api.na.bambora.com")).toBe(false);
    expect(at("https://api.na.bambora.com/")).toBe(false);
    expect(at("http://127.0.0.1:4470")).toBe(true);
  });
});
