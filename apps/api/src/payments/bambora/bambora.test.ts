import { randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/database.ts";
import {
  BAMBORA_APPROVED_CARDS,
  BAMBORA_DECLINED_CARDS,
  FAKE_BAMBORA_INSUFFICIENT_FUNDS,
  type FakeBambora,
  startFakeBambora,
} from "../../test/fakes/fake-bambora.ts";
import { testHarness } from "../../test/harness.ts";
import { type AuthorizeRequest, type PaymentProvider, PaymentRequestError } from "../provider.ts";
import { type BillingProfile, claimProviderCustomer, type SavedCards } from "../saved-cards.ts";
import { type BamboraAccount, Secret } from "../secrets.ts";
import { type BamboraOptions, fromBamboraAmount, toBamboraAmount } from "./api.ts";
import { bamboraDeclineReason, createBamboraPayments } from "./payments.ts";
import { createBamboraSavedCards } from "./saved-cards.ts";

const STORE = 41;
const OTHER_STORE = 42;
const PAYMENTS_PASSCODE = "payments-passcode-of-41";
const PROFILES_PASSCODE = "profiles-passcode-of-41";
const accountOf = (storeId: number): BamboraAccount => ({
  merchantId: `30020${storeId}`,
  paymentsPasscode: new Secret(storeId === STORE ? PAYMENTS_PASSCODE : `payments-${storeId}`),
  profilesPasscode: new Secret(storeId === STORE ? PROFILES_PASSCODE : `profiles-${storeId}`),
  reportingPasscode: null,
});
const [VISA_APPROVED = "", MASTERCARD_APPROVED = ""] = BAMBORA_APPROVED_CARDS;
const [VISA_DECLINED = ""] = BAMBORA_DECLINED_CARDS;
const BILLING: BillingProfile = {
  name: "Ada Lovelace",
  addressLine1: "12 Analytical Row",
  country: "CA",
  city: "Toronto",
  province: "ON",
  postalCode: "M5V 2T6",
};

let db: Database;
let fake: FakeBambora;
let options: BamboraOptions;
let payments: PaymentProvider;
let cards: SavedCards;
let nextOrder = 1;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  fake = await startFakeBambora();
  for (const storeId of [STORE, OTHER_STORE]) {
    const account = accountOf(storeId);
    fake.addMerchant(
      account.merchantId,
      account.paymentsPasscode.reveal(),
      account.profilesPasscode.reveal(),
    );
  }
  options = {
    accounts: { bambora: async (storeId) => accountOf(storeId) },
    connection: { baseUrl: fake.url },
  };
  payments = createBamboraPayments(db, options);
  cards = createBamboraSavedCards(db, options);
});
afterAll(() => fake.stop());

const key = () => randomUUID();
const aCustomer = (storeId = STORE) => ({
  storeId,
  customerId: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
});

async function authorize(
  card: string | AuthorizeRequest["paymentMethod"],
  change: Partial<AuthorizeRequest> = {},
) {
  const paymentMethod =
    typeof card === "string" ? { kind: "token" as const, token: await fake.tokenize(card) } : card;
  return payments.authorize({
    storeId: STORE,
    orderId: nextOrder++,
    amount: 5000,
    currency: "CAD",
    paymentMethod,
    idempotencyKey: key(),
    ...change,
  });
}

async function authorized(amount = 5000): Promise<string> {
  const answer = await authorize(VISA_APPROVED, { amount });
  if (answer.outcome !== "approved") throw new Error(`the approving card answered ${answer.outcome}`);
  return answer.paymentRef;
}

describe("Bambora: amounts", () => {
  it.each([
    [1005, 10.05],
    [5, 0.05],
    [100_000, 1000],
    [1, 0.01],
    [123_456_789, 1_234_567.89],
  ])("sends %i minor units as %d and reads them back", (minor, major) => {
    expect(toBamboraAmount(minor)).toBe(major);
    expect(fromBamboraAmount(major)).toBe(minor);
  });
});

describe("Bambora: declines", () => {
  it.each([
    [7, "DECLINE", "card_declined"],
    [14, "Invalid expiration date", "expired_card"],
    [26, "Invalid expiry date", "expired_card"],
    [7, "Insufficient funds", "insufficient_funds"],
    [999, "Something else", "card_declined"],
  ] as const)("message %i %s is %s", (id, message, reason) => {
    expect(bamboraDeclineReason(id, message)).toBe(reason);
  });
});

describe("Bambora: authorize", () => {
  it("pre-authorizes by single-use token and names the card", async () => {
    const answer = await authorize(VISA_APPROVED, { amount: 1005 });
    expect(answer).toMatchObject({
      outcome: "approved",
      amount: 1005,
      card: { brand: "visa", last4: "1234" },
    });
    if (answer.outcome === "approved") expect(answer.paymentRef).toMatch(/^\d+$/);
  });

  it("declines Bambora's declined test card, keeping Bambora's record of the attempt", async () => {
    const answer = await authorize(VISA_DECLINED);
    expect(answer).toMatchObject({ outcome: "declined", reason: "card_declined" });
    if (answer.outcome === "declined") expect(answer.paymentRef).toMatch(/^\d+$/);
  });

  it("declines for insufficient funds", async () => {
    expect(await authorize(FAKE_BAMBORA_INSUFFICIENT_FUNDS)).toMatchObject({
      outcome: "declined",
      reason: "insufficient_funds",
    });
  });

  it("declines an expired card", async () => {
    const token = await fake.tokenize(VISA_APPROVED, { month: 1, year: 2020 });
    expect(await authorize({ kind: "token", token })).toMatchObject({
      outcome: "declined",
      reason: "expired_card",
    });
  });

  it("declines a token Bambora does not know or was spent", async () => {
    const token = await fake.tokenize(VISA_APPROVED);
    await authorize({ kind: "token", token });
    expect(await authorize({ kind: "token", token })).toMatchObject({
      outcome: "declined",
      reason: "card_declined",
    });
    expect(await authorize({ kind: "token", token: "nonsense" })).toMatchObject({ outcome: "declined" });
  });

  it("answers a retried key with the first answer and asks Bambora once", async () => {
    const token = await fake.tokenize(MASTERCARD_APPROVED);
    const request = { kind: "token" as const, token };
    const idempotencyKey = key();
    const before = fake.preAuthorizations;
    const first = await authorize(request, { idempotencyKey, orderId: 900 });
    expect(first).toMatchObject({ outcome: "approved", card: { brand: "mastercard" } });
    expect(await authorize(request, { idempotencyKey, orderId: 900 })).toEqual(first);
    expect(fake.preAuthorizations - before).toBe(1);
  });

  it("answers a retried decline with the same decline", async () => {
    const request = { kind: "token" as const, token: await fake.tokenize(VISA_DECLINED) };
    const idempotencyKey = key();
    const before = fake.preAuthorizations;
    const first = await authorize(request, { idempotencyKey, orderId: 901 });
    expect(await authorize(request, { idempotencyKey, orderId: 901 })).toEqual(first);
    expect(fake.preAuthorizations - before).toBe(1);
  });

  it("throws for a key reused for another request", async () => {
    const request = { kind: "token" as const, token: await fake.tokenize(VISA_APPROVED) };
    const idempotencyKey = key();
    await authorize(request, { idempotencyKey, orderId: 902 });
    await expect(authorize(request, { idempotencyKey, orderId: 902, amount: 1 })).rejects.toThrow(
      PaymentRequestError,
    );
  });

  it("answers provider_error when Bambora refuses the store's passcode", async () => {
    const wrong = createBamboraPayments(db, {
      ...options,
      accounts: { bambora: async () => ({ ...accountOf(STORE), paymentsPasscode: new Secret("not-it") }) },
    });
    const token = await fake.tokenize(VISA_APPROVED);
    expect(
      await wrong.authorize({
        storeId: STORE,
        orderId: 1,
        amount: 100,
        currency: "CAD",
        paymentMethod: { kind: "token", token },
        idempotencyKey: key(),
      }),
    ).toMatchObject({ outcome: "declined", reason: "provider_error" });
  });
});

describe("Bambora: when Bambora cannot be reached", () => {
  /** An authorization of 25.00 with a freshly tokenized approved card, under a key of its own. */
  async function approvedCardRequest(orderId: number) {
    return {
      storeId: STORE,
      orderId,
      amount: 2500,
      currency: "CAD",
      paymentMethod: { kind: "token" as const, token: await fake.tokenize(VISA_APPROVED) },
      idempotencyKey: key(),
    };
  }

  it("answers provider_error, and a key whose request never left may ask again", async () => {
    const down = await startFakeBambora();
    const offline = createBamboraPayments(db, { ...options, connection: { baseUrl: down.url } });
    await down.stop();
    const request = await approvedCardRequest(903);
    expect(await offline.authorize(request)).toEqual({
      outcome: "declined",
      reason: "provider_error",
      paymentRef: null,
    });
    expect(await offline.capture({ storeId: STORE, paymentRef: "1", idempotencyKey: key() })).toMatchObject({
      outcome: "refused",
      refusal: "unknown_payment",
    });
    expect(await payments.authorize(request)).toMatchObject({ outcome: "approved", amount: 2500 });
  });

  /** A server in Bambora's place that takes requests and answers as `answer` says (or never). */
  async function standIn(answer: (response: ServerResponse) => void) {
    let asked = 0;
    const server = createServer((_request, response) => {
      asked += 1;
      answer(response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      asked: () => asked,
      stop: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it("answers provider_error when Bambora does not answer in time, and never asks that key again", async () => {
    const silent = await standIn(() => {});
    const slow = createBamboraPayments(db, {
      ...options,
      connection: { baseUrl: silent.url, timeoutMs: 200 },
    });
    const request = await approvedCardRequest(904);
    expect(await slow.authorize(request)).toEqual({
      outcome: "declined",
      reason: "provider_error",
      paymentRef: null,
    });
    // The request may have reached Bambora: its claim stays, unanswered, and is what a lookup finds.
    expect(await slow.findAuthorization({ ...request, paymentRef: null })).toMatchObject({
      outcome: "declined",
      reason: "provider_error",
    });
    expect(silent.asked()).toBe(1);
    await silent.stop();
  });

  it("answers provider_error when something in Bambora's place answers with a page that is not Bambora's", async () => {
    const proxy = await standIn((response) => {
      response.writeHead(502, { "content-type": "text/html" });
      response.end("<html><body>Bad gateway</body></html>");
    });
    const behind = createBamboraPayments(db, { ...options, connection: { baseUrl: proxy.url } });
    expect(await behind.authorize(await approvedCardRequest(905))).toEqual({
      outcome: "declined",
      reason: "provider_error",
      paymentRef: null,
    });
    expect(proxy.asked()).toBe(1);
    await proxy.stop();
  });

  it("answers provider_error for a store with no Bambora account", async () => {
    const none = createBamboraPayments(db, { ...options, accounts: { bambora: async () => null } });
    expect(
      await none.authorize({
        storeId: STORE,
        orderId: 1,
        amount: 100,
        currency: "CAD",
        paymentMethod: { kind: "token", token: "t" },
        idempotencyKey: key(),
      }),
    ).toMatchObject({ outcome: "declined", reason: "provider_error" });
  });
});

describe("Bambora: completion, void, return", () => {
  it("completes the whole pre-authorization, once", async () => {
    const paymentRef = await authorized(3000);
    expect(await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toEqual({
      outcome: "approved",
      paymentRef,
      amount: 3000,
    });
    expect(await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("completes for less than was held, never more", async () => {
    const paymentRef = await authorized(3000);
    expect(
      await payments.capture({ storeId: STORE, paymentRef, amount: 3001, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "refused",
      refusal: "amount_too_large",
    });
    expect(
      await payments.capture({ storeId: STORE, paymentRef, amount: 1999, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "approved",
      amount: 1999,
    });
  });

  it("answers a retried completion once", async () => {
    const paymentRef = await authorized(3000);
    const idempotencyKey = key();
    const first = await payments.capture({ storeId: STORE, paymentRef, idempotencyKey });
    expect(await payments.capture({ storeId: STORE, paymentRef, idempotencyKey })).toEqual(first);
    expect(first).toMatchObject({ outcome: "approved" });
  });

  it("voids a pre-authorization, and not a completed one", async () => {
    const paymentRef = await authorized(2000);
    expect(await payments.void({ storeId: STORE, paymentRef, idempotencyKey: key() })).toEqual({
      outcome: "approved",
      paymentRef,
      amount: 2000,
    });
    expect(await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      refusal: "wrong_state",
    });
    const completed = await authorized(2000);
    await payments.capture({ storeId: STORE, paymentRef: completed, idempotencyKey: key() });
    expect(
      await payments.void({ storeId: STORE, paymentRef: completed, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("returns money in parts, against the completion, up to what was taken", async () => {
    const paymentRef = await authorized(5000);
    await payments.capture({ storeId: STORE, paymentRef, amount: 4000, idempotencyKey: key() });
    const refund = (amount: number) =>
      payments.refund({ storeId: STORE, paymentRef, amount, idempotencyKey: key() });
    expect(await refund(1500)).toEqual({ outcome: "approved", paymentRef, amount: 1500 });
    expect(await refund(2501)).toMatchObject({ outcome: "refused", refusal: "amount_too_large" });
    expect(await refund(2500)).toEqual({ outcome: "approved", paymentRef, amount: 2500 });
    expect(await refund(1)).toMatchObject({ outcome: "refused", refusal: "wrong_state" });
  });

  it("refuses to return money that was only held", async () => {
    const paymentRef = await authorized(1000);
    expect(
      await payments.refund({ storeId: STORE, paymentRef, amount: 1000, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("counts a return whose answer was lost as made: what is left is never asked twice", async () => {
    const paymentRef = await authorized(1000);
    expect((await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).outcome).toBe(
      "approved",
    );
    fake.loseAnswers("POST", /\/returns$/);
    const lost = await payments.refund({ storeId: STORE, paymentRef, amount: 600, idempotencyKey: key() });
    fake.answerAgain();
    expect(lost).toMatchObject({ outcome: "declined", reason: "provider_error" });
    expect(
      await payments.refund({ storeId: STORE, paymentRef, amount: 600, idempotencyKey: key() }),
    ).toMatchObject({ outcome: "refused", refusal: "amount_too_large" });
    expect(
      await payments.refund({ storeId: STORE, paymentRef, amount: 400, idempotencyKey: key() }),
    ).toMatchObject({ outcome: "approved", amount: 400 });
  });

  it("does not know another store's payment", async () => {
    const paymentRef = await authorized();
    expect(await payments.capture({ storeId: OTHER_STORE, paymentRef, idempotencyKey: key() })).toMatchObject(
      {
        outcome: "refused",
        refusal: "unknown_payment",
      },
    );
    expect(await payments.void({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "approved",
    });
  });
});

describe("Bambora: saved cards", () => {
  it("saves a card in the customer's payment profile with the billing profile, pays with it, and removes it", async () => {
    const customer = aCustomer();
    const token = await fake.tokenize(VISA_APPROVED, { month: 7, year: 2031 });
    const saved = await cards.addCard({
      ...customer,
      token,
      holderName: "Ada Lovelace",
      billing: BILLING,
      idempotencyKey: key(),
    });
    expect(saved).toEqual({
      outcome: "saved",
      card: {
        id: "1",
        brand: "visa",
        last4: "1234",
        expiryMonth: 7,
        expiryYear: 2031,
        holderName: "Ada Lovelace",
      },
    });
    if (saved.outcome !== "saved") return;
    expect(await cards.listCards(customer)).toEqual([saved.card]);

    const paid = await authorize({
      kind: "saved_card",
      customerId: customer.customerId,
      cardId: saved.card.id,
    });
    expect(paid).toMatchObject({ outcome: "approved", card: { brand: "visa", last4: "1234" } });
    const again = await authorize({
      kind: "saved_card",
      customerId: customer.customerId,
      cardId: saved.card.id,
    });
    expect(again).toMatchObject({ outcome: "approved" });

    expect(await cards.deleteCard({ ...customer, cardId: saved.card.id })).toBe("deleted");
    expect(await cards.listCards(customer)).toEqual([]);
    expect(await cards.deleteCard({ ...customer, cardId: saved.card.id })).toBe("not_found");
  });

  it("makes one payment profile per customer of a store", async () => {
    const customer = aCustomer();
    const code = await cards.ensureCustomer({ ...customer, billing: BILLING });
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(await cards.ensureCustomer(customer)).toBe(code);
  });

  it("makes one profile when two requests for the same customer race", async () => {
    const customer = aCustomer();
    const [first, second] = await Promise.all([
      cards.ensureCustomer(customer),
      cards.ensureCustomer(customer),
    ]);
    expect(second).toBe(first);
  });

  it("finds the profile an earlier attempt made before it could write that down", async () => {
    const customer = aCustomer();
    const code = "0123456789abcdef0123456789abcdef".replace(/^.{6}/, String(customer.customerId).slice(0, 6));
    await claimProviderCustomer(db, customer, "bambora", code, false);
    const account = accountOf(STORE);
    const made = await fetch(`${fake.url}/v1/profiles`, {
      method: "POST",
      headers: {
        authorization: `Passcode ${Buffer.from(`${account.merchantId}:${PROFILES_PASSCODE}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ customer_code: code }),
    });
    expect(made.status).toBe(200);
    expect(await cards.ensureCustomer(customer)).toBe(code);
  });

  it("cannot reach another customer's card, to pay with or to remove", async () => {
    const owner = aCustomer();
    const stranger = aCustomer();
    await cards.addCard({ ...owner, token: await fake.tokenize(VISA_APPROVED), idempotencyKey: key() });
    const second = await cards.addCard({
      ...owner,
      token: await fake.tokenize(MASTERCARD_APPROVED),
      idempotencyKey: key(),
    });
    if (second.outcome !== "saved") throw new Error("the card was not saved");
    expect(second.card.id).toBe("2");
    await cards.addCard({ ...stranger, token: await fake.tokenize(VISA_APPROVED), idempotencyKey: key() });

    expect(
      await authorize({ kind: "saved_card", customerId: stranger.customerId, cardId: second.card.id }),
    ).toMatchObject({ outcome: "declined", reason: "card_declined" });
    expect(await cards.deleteCard({ ...stranger, cardId: second.card.id })).toBe("not_found");
    expect(await cards.listCards(owner)).toHaveLength(2);
    expect(await cards.listCards(stranger)).toHaveLength(1);
  });

  it("knows no card of the same customer id in another store", async () => {
    const owner = aCustomer();
    const saved = await cards.addCard({
      ...owner,
      token: await fake.tokenize(VISA_APPROVED),
      idempotencyKey: key(),
    });
    if (saved.outcome !== "saved") throw new Error("the card was not saved");
    const elsewhere = { storeId: OTHER_STORE, customerId: owner.customerId };
    expect(
      await authorize(
        { kind: "saved_card", customerId: owner.customerId, cardId: saved.card.id },
        { storeId: OTHER_STORE },
      ),
    ).toEqual({ outcome: "declined", reason: "card_declined", paymentRef: null });
    expect(await cards.listCards(elsewhere)).toEqual([]);
    expect(await cards.deleteCard({ ...elsewhere, cardId: saved.card.id })).toBe("not_found");
  });

  it("declines an expired card instead of saving it", async () => {
    const token = await fake.tokenize(VISA_APPROVED, { month: 1, year: 2020 });
    expect(await cards.addCard({ ...aCustomer(), token, idempotencyKey: key() })).toEqual({
      outcome: "declined",
      reason: "expired_card",
    });
  });
});

describe("Bambora: secrets", () => {
  it("never shows a passcode in a provider, as JSON or inspected", () => {
    for (const shown of [
      JSON.stringify(payments),
      JSON.stringify(cards),
      inspect(payments, { depth: 10 }),
      inspect(cards, { depth: 10 }),
      JSON.stringify(accountOf(STORE)),
      inspect(accountOf(STORE)),
    ]) {
      expect(shown).not.toContain(PAYMENTS_PASSCODE);
      expect(shown).not.toContain(PROFILES_PASSCODE);
    }
  });
});
