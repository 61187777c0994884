import { randomUUID } from "node:crypto";
import { TEST_CARDS } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../platform/db/database.ts";
import { testHarness } from "../test/harness.ts";
import type { PaymentProvider } from "./provider.ts";
import { paymentEventsOfOrder, recordPaymentEvent } from "./service.ts";
import { testProviderCharges, testProviderOperations } from "./tables.ts";
import { createTestProvider } from "./test-provider.ts";

const STORE = 41;
const card = {
  number: TEST_CARDS[0].number,
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 1,
  cvc: "123",
  name: "Ada Lovelace",
};

/**
 * Two connection pools on one PostgreSQL, as two API processes would hold: the test provider's
 * books and the payment log must hold their keys and amounts whichever pool a call arrives on.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("payments under concurrency on PostgreSQL", () => {
  let handles: DatabaseHandle[] = [];
  let providers: PaymentProvider[] = [];
  let second: DatabaseHandle | undefined;

  beforeAll(async () => {
    const { handle } = await testHarness();
    second = await openDatabase({
      kind: "postgres",
      url: process.env.TEST_DATABASE_URL as string,
      schema: inject("testSchema"),
      poolSize: 8,
    });
    handles = [handle, second];
    providers = handles.map((h) => createTestProvider(h.db));
  });
  afterAll(async () => {
    await second?.close();
  });

  const on = (i: number) => providers[i % providers.length] as PaymentProvider;

  it.each([1, 2, 3])("30 authorizations with one key make one charge (round %i)", async () => {
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        on(i).authorize({ storeId: STORE, orderId: 7, amount: 5000, currency: "USD", card, idempotencyKey }),
      ),
    );
    const refs = new Set(answers.map((a) => (a.outcome === "approved" ? a.paymentRef : a.outcome)));
    expect(refs.size).toBe(1);
    expect([...refs][0]).toMatch(/^test_ch_/);
    const rows = await handles[0]?.db
      .select()
      .from(testProviderCharges)
      .where(
        and(eq(testProviderCharges.storeId, STORE), eq(testProviderCharges.idempotencyKey, idempotencyKey)),
      );
    expect(rows).toHaveLength(1);
  });

  it("20 refunds of 10 against 100 captured: exactly 10 go through", async () => {
    const authorized = await on(0).authorize({
      storeId: STORE,
      orderId: 8,
      amount: 100,
      currency: "USD",
      card,
      idempotencyKey: randomUUID(),
    });
    if (authorized.outcome !== "approved") throw new Error("the approving test card was declined");
    const { paymentRef } = authorized;
    await on(1).capture({ storeId: STORE, paymentRef, idempotencyKey: randomUUID() });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        on(i).refund({ storeId: STORE, paymentRef, amount: 10, idempotencyKey: randomUUID() }),
      ),
    );
    const tally = answers.map((a) => (a.outcome === "refused" ? a.refusal : a.outcome));
    expect(tally.filter((t) => t === "approved")).toHaveLength(10);
    expect(tally.filter((t) => t === "wrong_state" || t === "amount_too_large")).toHaveLength(10);
    const [charge] =
      (await handles[0]?.db
        .select()
        .from(testProviderCharges)
        .where(and(eq(testProviderCharges.storeId, STORE), eq(testProviderCharges.ref, paymentRef)))) ?? [];
    expect(charge).toMatchObject({ status: "refunded", capturedAmount: 100, refundedAmount: 100 });
  });

  it("20 captures with one key capture once", async () => {
    const authorized = await on(0).authorize({
      storeId: STORE,
      orderId: 9,
      amount: 300,
      currency: "USD",
      card,
      idempotencyKey: randomUUID(),
    });
    if (authorized.outcome !== "approved") throw new Error("the approving test card was declined");
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        on(i).capture({ storeId: STORE, paymentRef: authorized.paymentRef, idempotencyKey }),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ outcome: "approved", paymentRef: authorized.paymentRef, amount: 300 })]),
    );
    const steps = await handles[0]?.db
      .select()
      .from(testProviderOperations)
      .where(
        and(
          eq(testProviderOperations.storeId, STORE),
          eq(testProviderOperations.idempotencyKey, idempotencyKey),
        ),
      );
    expect(steps).toHaveLength(1);
  });

  it("30 records of one key, each in its own transaction, leave one event", async () => {
    const idempotencyKey = randomUUID();
    const orderId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (handles[i % 2] as DatabaseHandle).db.transaction((tx) =>
          recordPaymentEvent(tx, {
            storeId: STORE,
            orderId,
            provider: "test-card",
            kind: "authorize",
            amount: 5000,
            currency: "USD",
            idempotencyKey,
            result: "approved",
            reason: null,
            providerRef: `ref-${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.event.id)).size).toBe(1);
    const log = await paymentEventsOfOrder((handles[1] as DatabaseHandle).db, STORE, orderId);
    expect(log).toHaveLength(1);
    expect(log[0]?.idempotencyKey).toBe(idempotencyKey);
  });
});
