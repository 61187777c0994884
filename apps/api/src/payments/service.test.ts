import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import { testHarness } from "../test/harness.ts";
import { PaymentRequestError } from "./provider.ts";
import {
  type NewPaymentEvent,
  paymentEventOutcome,
  paymentEventsOfOrder,
  recordPaymentEvent,
} from "./service.ts";
import { paymentEvents } from "./tables.ts";

const STORE = 41;
let db: Database;
let nextOrder = 900_000;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
});

function authorizeEvent(change: Partial<NewPaymentEvent> = {}): NewPaymentEvent {
  return {
    storeId: STORE,
    orderId: nextOrder++,
    provider: "test-card",
    kind: "authorize",
    amount: 5000,
    currency: "USD",
    idempotencyKey: randomUUID(),
    ...paymentEventOutcome({ outcome: "approved", paymentRef: "test_ch_1", amount: 5000, card: null }),
    ...change,
  };
}

describe("payment events", () => {
  it("records a step once: a repeated key answers the first record", async () => {
    const event = authorizeEvent();
    const first = await recordPaymentEvent(db, event);
    expect(first.repeated).toBe(false);
    expect(first.event).toMatchObject({
      ...event,
      result: "approved",
      providerRef: "test_ch_1",
      reason: null,
    });
    const again = await db.transaction((tx) => recordPaymentEvent(tx, { ...event, result: "declined" }));
    expect(again).toEqual({ event: first.event, repeated: true });
    expect(await paymentEventsOfOrder(db, STORE, event.orderId)).toEqual([first.event]);
  });

  it("keeps one key apart per provider and per store", async () => {
    const event = authorizeEvent();
    await recordPaymentEvent(db, event);
    expect((await recordPaymentEvent(db, { ...event, provider: "stripe" })).repeated).toBe(false);
    expect((await recordPaymentEvent(db, { ...event, storeId: 42 })).repeated).toBe(false);
  });

  it("throws when a key comes back for another order or another kind of step", async () => {
    const event = authorizeEvent();
    await recordPaymentEvent(db, event);
    await expect(recordPaymentEvent(db, { ...event, orderId: event.orderId + 1 })).rejects.toThrow(
      PaymentRequestError,
    );
    await expect(recordPaymentEvent(db, { ...event, kind: "capture" })).rejects.toThrow(PaymentRequestError);
  });

  it("lists an order's steps oldest first, only the store's own", async () => {
    const orderId = nextOrder++;
    const steps: NewPaymentEvent[] = [
      authorizeEvent({ orderId }),
      authorizeEvent({ orderId, kind: "capture" }),
      authorizeEvent({ orderId, kind: "refund", amount: 1000 }),
    ];
    for (const step of steps) await recordPaymentEvent(db, step);
    await recordPaymentEvent(db, authorizeEvent({ orderId, storeId: 42 }));
    const log = await paymentEventsOfOrder(db, STORE, orderId);
    expect(log.map((e) => [e.kind, e.amount])).toEqual([
      ["authorize", 5000],
      ["capture", 5000],
      ["refund", 1000],
    ]);
  });

  it("is append-only: the database refuses to change or remove a record", async () => {
    const { event } = await recordPaymentEvent(db, authorizeEvent());
    const mine = and(eq(paymentEvents.storeId, STORE), eq(paymentEvents.id, event.id));
    await expect(db.update(paymentEvents).set({ result: "declined" }).where(mine)).rejects.toThrow();
    await expect(db.delete(paymentEvents).where(mine)).rejects.toThrow();
    expect(await paymentEventsOfOrder(db, STORE, event.orderId)).toEqual([event]);
  });

  it.each([
    [
      { outcome: "approved", paymentRef: "r1", amount: 10 },
      { result: "approved", reason: null, providerRef: "r1" },
    ],
    [
      { outcome: "declined", reason: "insufficient_funds", paymentRef: "r2" },
      { result: "declined", reason: "insufficient_funds", providerRef: "r2" },
    ],
    [
      { outcome: "declined", reason: "provider_error", paymentRef: null },
      { result: "declined", reason: "provider_error", providerRef: null },
    ],
    [
      { outcome: "refused", refusal: "amount_too_large", paymentRef: "r3" },
      { result: "refused", reason: "amount_too_large", providerRef: "r3" },
    ],
  ] as const)("records the answer %j as %j", (answer, recorded) => {
    expect(paymentEventOutcome(answer)).toEqual(recorded);
  });
});
