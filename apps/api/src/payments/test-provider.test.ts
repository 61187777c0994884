import { randomUUID } from "node:crypto";
import { type CreditCard, TEST_CARDS } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import { testHarness } from "../test/harness.ts";
import { type PaymentProvider, PaymentRequestError } from "./provider.ts";
import { testProviderCharges, testProviderOperations } from "./tables.ts";
import { createTestProvider, testProviderEnabled } from "./test-provider.ts";

const STORE = 41;
const OTHER_STORE = 42;
const nextYear = new Date().getUTCFullYear() + 1;
const cardOf = (number: string, change: Partial<CreditCard> = {}): CreditCard => ({
  number,
  expiryMonth: 12,
  expiryYear: nextYear,
  cvc: "123",
  name: "Ada Lovelace",
  ...change,
});
const [APPROVES, DECLINES, INSUFFICIENT, EXPIRED] = TEST_CARDS.map((card) => card.number) as [
  string,
  string,
  string,
  string,
];

let db: Database;
let provider: PaymentProvider;
let nextOrder = 1;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  provider = createTestProvider(db);
});

function authorize(
  card: CreditCard | undefined,
  change: { amount?: number; key?: string; storeId?: number } = {},
) {
  return provider.authorize({
    storeId: change.storeId ?? STORE,
    orderId: nextOrder++,
    amount: change.amount ?? 5000,
    currency: "USD",
    card,
    idempotencyKey: change.key ?? randomUUID(),
  });
}

/** A fresh approved authorization of `amount`, answering its reference. */
async function authorized(amount = 5000, storeId = STORE): Promise<string> {
  const answer = await authorize(cardOf(APPROVES), { amount, storeId });
  if (answer.outcome !== "approved") throw new Error("the approving test card was declined");
  return answer.paymentRef;
}

async function chargeOf(ref: string, storeId = STORE) {
  const [charge] = await db
    .select()
    .from(testProviderCharges)
    .where(and(eq(testProviderCharges.storeId, storeId), eq(testProviderCharges.ref, ref)));
  return charge;
}

const key = () => randomUUID();

describe("test provider: authorize", () => {
  it("approves the approving test card and keeps only its brand and last four digits", async () => {
    const answer = await authorize(cardOf("4242 4242 4242 4242".replaceAll(" ", "")), { amount: 1234 });
    expect(answer).toMatchObject({
      outcome: "approved",
      amount: 1234,
      card: { brand: "visa", last4: "4242" },
    });
    if (answer.outcome !== "approved") return;
    expect(answer.paymentRef).toMatch(/^test_ch_[0-9a-f]{32}$/);
    const charge = await chargeOf(answer.paymentRef);
    expect(charge).toMatchObject({ status: "authorized", amount: 1234, currency: "USD", cardLast4: "4242" });
    expect(JSON.stringify(charge)).not.toContain(APPROVES);
  });

  it.each([
    ["the declining test card", cardOf(DECLINES), "card_declined"],
    ["the insufficient-funds test card", cardOf(INSUFFICIENT), "insufficient_funds"],
    ["the expired test card", cardOf(EXPIRED), "expired_card"],
    [
      "a past expiry on the approving card",
      cardOf(APPROVES, { expiryMonth: 1, expiryYear: 2020 }),
      "expired_card",
    ],
    ["a number failing the Luhn check", cardOf("4242424242424241"), "card_declined"],
    ["a two-digit security code", cardOf(APPROVES, { cvc: "12" }), "card_declined"],
    ["a real-looking number that is no test card", cardOf("5555555555554444"), "card_declined"],
    ["no card at all", undefined, "card_declined"],
  ])("declines %s as %s", async (_, card, reason) => {
    const answer = await authorize(card);
    expect(answer).toMatchObject({ outcome: "declined", reason });
    if (answer.outcome !== "declined" || !answer.paymentRef) throw new Error("a decline names its attempt");
    expect(await chargeOf(answer.paymentRef)).toMatchObject({ status: "declined", declineReason: reason });
  });

  it("reads expiry by its own clock", async () => {
    const later = createTestProvider(db, () => new Date(Date.UTC(nextYear + 1, 0, 1)));
    const answer = await later.authorize({
      storeId: STORE,
      orderId: nextOrder++,
      amount: 100,
      currency: "USD",
      card: cardOf(APPROVES),
      idempotencyKey: key(),
    });
    expect(answer).toMatchObject({ outcome: "declined", reason: "expired_card" });
  });

  it("answers a repeated key with the first answer and the same reference, authorizing once", async () => {
    const idempotencyKey = key();
    const request = {
      storeId: STORE,
      orderId: nextOrder++,
      amount: 2500,
      currency: "USD",
      card: cardOf(APPROVES),
      idempotencyKey,
    };
    const first = await provider.authorize(request);
    const again = await provider.authorize(request);
    expect(again).toEqual(first);
    const rows = await db
      .select()
      .from(testProviderCharges)
      .where(
        and(eq(testProviderCharges.storeId, STORE), eq(testProviderCharges.idempotencyKey, idempotencyKey)),
      );
    expect(rows).toHaveLength(1);
  });

  it("answers a repeated key of a decline with the decline, even with another card", async () => {
    const idempotencyKey = key();
    const request = { storeId: STORE, orderId: nextOrder++, amount: 2500, currency: "USD", idempotencyKey };
    const first = await provider.authorize({ ...request, card: cardOf(DECLINES) });
    expect(await provider.authorize({ ...request, card: cardOf(APPROVES) })).toEqual(first);
  });

  it("keeps each store's keys apart", async () => {
    const idempotencyKey = key();
    const here = await authorize(cardOf(APPROVES), { key: idempotencyKey });
    const there = await authorize(cardOf(APPROVES), { key: idempotencyKey, storeId: OTHER_STORE });
    expect(here.outcome === "approved" && there.outcome === "approved").toBe(true);
    expect(here.paymentRef).not.toBe(there.paymentRef);
  });

  it("throws when a key comes back for another amount or order: the caller's mistake", async () => {
    const idempotencyKey = key();
    const request = { storeId: STORE, orderId: nextOrder++, amount: 2500, currency: "USD", idempotencyKey };
    await provider.authorize({ ...request, card: cardOf(APPROVES) });
    await expect(provider.authorize({ ...request, amount: 2600, card: cardOf(APPROVES) })).rejects.toThrow(
      PaymentRequestError,
    );
    await expect(provider.authorize({ ...request, orderId: request.orderId + 1 })).rejects.toThrow(
      PaymentRequestError,
    );
  });

  it.each([0, -5, 12.5])("throws for an amount of %s", async (amount) => {
    await expect(authorize(cardOf(APPROVES), { amount })).rejects.toThrow(PaymentRequestError);
  });

  it("throws for a currency that is no ISO code and an empty key", async () => {
    const request = { storeId: STORE, orderId: 1, amount: 100, card: cardOf(APPROVES) };
    await expect(provider.authorize({ ...request, currency: "usd", idempotencyKey: key() })).rejects.toThrow(
      PaymentRequestError,
    );
    await expect(provider.authorize({ ...request, currency: "USD", idempotencyKey: "" })).rejects.toThrow(
      PaymentRequestError,
    );
  });
});

describe("test provider: capture, void and refund", () => {
  it("captures the whole authorization by default, once", async () => {
    const paymentRef = await authorized(4000);
    const idempotencyKey = key();
    const first = await provider.capture({ storeId: STORE, paymentRef, idempotencyKey });
    expect(first).toEqual({ outcome: "approved", paymentRef, amount: 4000 });
    expect(await provider.capture({ storeId: STORE, paymentRef, idempotencyKey })).toEqual(first);
    expect(await provider.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toEqual({
      outcome: "refused",
      refusal: "wrong_state",
      paymentRef,
    });
    expect(await chargeOf(paymentRef)).toMatchObject({ status: "captured", capturedAmount: 4000 });
    const steps = await db
      .select()
      .from(testProviderOperations)
      .where(
        and(eq(testProviderOperations.storeId, STORE), eq(testProviderOperations.chargeRef, paymentRef)),
      );
    expect(steps.map((s) => s.outcome)).toEqual(["approved", "refused"]);
  });

  it("refuses to capture more than was authorized, and captures less", async () => {
    const paymentRef = await authorized(4000);
    expect(
      await provider.capture({ storeId: STORE, paymentRef, amount: 4001, idempotencyKey: key() }),
    ).toEqual({
      outcome: "refused",
      refusal: "amount_too_large",
      paymentRef,
    });
    expect(await chargeOf(paymentRef)).toMatchObject({ status: "authorized", capturedAmount: 0 });
    expect(
      await provider.capture({ storeId: STORE, paymentRef, amount: 3500, idempotencyKey: key() }),
    ).toEqual({
      outcome: "approved",
      paymentRef,
      amount: 3500,
    });
  });

  it("refunds in parts, never more than was captured less what was refunded", async () => {
    const paymentRef = await authorized(4000);
    await provider.capture({ storeId: STORE, paymentRef, amount: 3000, idempotencyKey: key() });
    const refund = (amount: number) =>
      provider.refund({ storeId: STORE, paymentRef, amount, idempotencyKey: key() });
    expect(await refund(3001)).toMatchObject({ outcome: "refused", refusal: "amount_too_large" });
    expect(await refund(1000)).toMatchObject({ outcome: "approved", amount: 1000 });
    expect(await chargeOf(paymentRef)).toMatchObject({ status: "partially_refunded", refundedAmount: 1000 });
    expect(await refund(2001)).toMatchObject({ outcome: "refused", refusal: "amount_too_large" });
    expect(await refund(2000)).toMatchObject({ outcome: "approved", amount: 2000 });
    expect(await chargeOf(paymentRef)).toMatchObject({ status: "refunded", refundedAmount: 3000 });
    expect(await refund(1)).toMatchObject({ outcome: "refused", refusal: "wrong_state" });
  });

  it("refuses to refund an authorization that was never captured", async () => {
    const paymentRef = await authorized();
    expect(
      await provider.refund({ storeId: STORE, paymentRef, amount: 100, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("voids an uncaptured authorization, and refuses to capture it after", async () => {
    const paymentRef = await authorized(4000);
    expect(await provider.void({ storeId: STORE, paymentRef, idempotencyKey: key() })).toEqual({
      outcome: "approved",
      paymentRef,
      amount: 4000,
    });
    expect(await provider.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
    expect(await chargeOf(paymentRef)).toMatchObject({ status: "voided", capturedAmount: 0 });
  });

  it("refuses to void after capture", async () => {
    const paymentRef = await authorized();
    await provider.capture({ storeId: STORE, paymentRef, idempotencyKey: key() });
    expect(await provider.void({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
    expect(await chargeOf(paymentRef)).toMatchObject({ status: "captured" });
  });

  it("refuses any step on a declined attempt", async () => {
    const answer = await authorize(cardOf(DECLINES));
    const paymentRef = answer.paymentRef as string;
    expect(await provider.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("knows no payment of another store, nor an invented one", async () => {
    const paymentRef = await authorized(1000, OTHER_STORE);
    for (const ref of [paymentRef, "test_ch_invented"])
      expect(await provider.capture({ storeId: STORE, paymentRef: ref, idempotencyKey: key() })).toEqual({
        outcome: "refused",
        refusal: "unknown_payment",
        paymentRef: ref,
      });
    expect(await chargeOf(paymentRef, OTHER_STORE)).toMatchObject({ status: "authorized" });
  });

  it("throws when a step's key comes back for another kind of step or another payment", async () => {
    const paymentRef = await authorized();
    const idempotencyKey = key();
    await provider.capture({ storeId: STORE, paymentRef, amount: 100, idempotencyKey });
    await expect(
      provider.refund({ storeId: STORE, paymentRef, amount: 100, idempotencyKey }),
    ).rejects.toThrow(PaymentRequestError);
    const otherRef = await authorized();
    await expect(provider.capture({ storeId: STORE, paymentRef: otherRef, idempotencyKey })).rejects.toThrow(
      PaymentRequestError,
    );
    expect(await chargeOf(otherRef)).toMatchObject({ status: "authorized" });
  });

  it("throws for a refund or capture of no positive amount", async () => {
    const paymentRef = await authorized();
    await expect(
      provider.refund({ storeId: STORE, paymentRef, amount: 0, idempotencyKey: key() }),
    ).rejects.toThrow(PaymentRequestError);
    await expect(
      provider.capture({ storeId: STORE, paymentRef, amount: -1, idempotencyKey: key() }),
    ).rejects.toThrow(PaymentRequestError);
  });
});

describe("test provider switch", () => {
  it.each([
    ["development", [], false],
    ["development", ["test-card"], true],
    ["test", [], true],
    ["production", [], false],
    ["production", ["stripe"], false],
    ["production", ["test-card"], true],
  ] as const)("in %s with providers %j: %s", (NODE_ENV, paymentProviders, enabled) => {
    expect(testProviderEnabled({ paymentProviders }, { NODE_ENV })).toBe(enabled);
  });
});

describe("test provider books", () => {
  it("never hold a full card number in any column of any row", async () => {
    for (const card of TEST_CARDS) await authorize(cardOf(card.number));
    const { handle } = await testHarness();
    const [found] = await handle.query<{ n: number }>(
      "select count(*)::int as n from test_provider_charges c where c::text ~ $1",
      [TEST_CARDS.map((card) => card.number).join("|")],
    );
    expect(found?.n).toBe(0);
  });
});
