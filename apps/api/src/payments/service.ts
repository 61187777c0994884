import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { type AuthorizeResult, PaymentRequestError, type PaymentStepResult } from "./provider.ts";
import { type PaymentEventRow, paymentEvents } from "./tables.ts";

export type NewPaymentEvent = Omit<typeof paymentEvents.$inferInsert, "id" | "createdAt">;

/** The result, reason and provider reference a payment event records of a provider's answer. */
export function paymentEventOutcome(
  answer: AuthorizeResult | PaymentStepResult,
): Pick<NewPaymentEvent, "result" | "reason" | "providerRef"> {
  switch (answer.outcome) {
    case "approved":
      return { result: "approved", reason: null, providerRef: answer.paymentRef };
    case "declined":
      return { result: "declined", reason: answer.reason, providerRef: answer.paymentRef };
    case "refused":
      return { result: "refused", reason: answer.refusal, providerRef: answer.paymentRef };
    case "requires_action":
      return { result: "requires_action", reason: null, providerRef: answer.paymentRef };
  }
}

/**
 * Adds a step to an order's payment log, in the caller's transaction. A step whose idempotency key
 * the store's provider has seen before is not recorded again: the first record comes back, marked
 * `repeated`, so a retried submit finds what its first attempt got. A key reused for another
 * order or another kind of step is a caller's mistake and throws.
 */
export async function recordPaymentEvent(
  db: Database,
  event: NewPaymentEvent,
): Promise<{ event: PaymentEventRow; repeated: boolean }> {
  const [inserted] = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({
      target: [paymentEvents.storeId, paymentEvents.provider, paymentEvents.idempotencyKey],
    })
    .returning();
  if (inserted) return { event: inserted, repeated: false };
  const [earlier] = await db
    .select()
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.storeId, event.storeId),
        eq(paymentEvents.provider, event.provider),
        eq(paymentEvents.idempotencyKey, event.idempotencyKey),
      ),
    );
  if (!earlier) throw new Error(`payment event of idempotency key ${event.idempotencyKey} vanished`);
  if (earlier.orderId !== event.orderId || earlier.kind !== event.kind)
    throw new PaymentRequestError(
      `idempotency key ${event.idempotencyKey} was recorded for ${earlier.kind} of order ${earlier.orderId}`,
    );
  return { event: earlier, repeated: true };
}

/** An order's payment log, oldest first. */
export async function paymentEventsOfOrder(
  db: Database,
  storeId: number,
  orderId: number,
): Promise<PaymentEventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.storeId, storeId), eq(paymentEvents.orderId, orderId)))
    .orderBy(asc(paymentEvents.id));
}
