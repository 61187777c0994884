import { randomUUID } from "node:crypto";
import {
  type CreditCard,
  cardBrand,
  cardExpired,
  cardSummary,
  cvcLength,
  luhnValid,
  type PaymentDeclineReason,
  TEST_CARD_GATEWAY,
  TEST_CARDS,
} from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/database.ts";
import {
  type AuthorizeResult,
  type PaymentProvider,
  type PaymentRefusal,
  PaymentRequestError,
  type PaymentStepResult,
} from "./provider.ts";
import { type TestChargeRow, testProviderCharges, testProviderOperations } from "./tables.ts";

/**
 * Whether a store may take cards through the test provider: only a store that has turned it on
 * (the demo stores have), whatever the environment, so a shop set up without reading this never
 * takes pretend payments — a deployment that forgot NODE_ENV=production included. The API's own
 * tests (NODE_ENV=test, which only they set) take them in every store they make.
 */
export function testProviderEnabled(
  store: { paymentProviders: readonly string[] },
  env: Pick<Config, "NODE_ENV">,
): boolean {
  return env.NODE_ENV === "test" || store.paymentProviders.includes(TEST_CARD_GATEWAY);
}

/** Idempotency keys are the caller's (an order's `Idempotency-Key`, or one derived from it). */
const MAX_KEY_LENGTH = 255;

function checkKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new PaymentRequestError(`an idempotency key has 1 to ${MAX_KEY_LENGTH} characters`);
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new PaymentRequestError(`an amount is a positive integer of minor units, not ${amount}`);
}

/** What the documented test cards answer, decided from the card alone; any other number is declined. */
function cardOutcome(card: CreditCard | undefined, now: Date): "approved" | PaymentDeclineReason {
  if (!card || !/^\d{12,19}$/.test(card.number) || !luhnValid(card.number)) return "card_declined";
  const monthSound = Number.isInteger(card.expiryMonth) && card.expiryMonth >= 1 && card.expiryMonth <= 12;
  if (!monthSound || cardExpired(card.expiryMonth, card.expiryYear, now)) return "expired_card";
  if (!/^\d+$/.test(card.cvc) || card.cvc.length !== cvcLength(cardBrand(card.number)))
    return "card_declined";
  return TEST_CARDS.find((test) => test.number === card.number)?.outcome ?? "card_declined";
}

function authorizeAnswer(charge: TestChargeRow): AuthorizeResult {
  if (charge.status === "declined")
    return { outcome: "declined", reason: charge.declineReason ?? "card_declined", paymentRef: charge.ref };
  const card =
    charge.cardBrand && charge.cardLast4 ? { brand: charge.cardBrand, last4: charge.cardLast4 } : null;
  return { outcome: "approved", paymentRef: charge.ref, amount: charge.amount, card };
}

type StepKind = "capture" | "void" | "refund";
type StepDecision = { refusal: PaymentRefusal } | { amount: number; changes: Partial<TestChargeRow> };

/**
 * Stoa's built-in test provider: in-process and deterministic, yet kept as a remote provider would
 * keep its books, in its own tables, so an idempotency key holds across API processes and a
 * capture, void or refund is checked against what the charge allows at that moment (the charge row
 * is locked while a step is decided).
 */
export function createTestProvider(db: Database, clock: () => Date = () => new Date()): PaymentProvider {
  async function step(
    kind: StepKind,
    request: { storeId: number; paymentRef: string; idempotencyKey: string },
    asked: number | undefined,
    decide: (charge: TestChargeRow) => StepDecision,
  ): Promise<PaymentStepResult> {
    checkKey(request.idempotencyKey);
    const { storeId, paymentRef, idempotencyKey } = request;
    const repeat = (earlier: typeof testProviderOperations.$inferSelect): PaymentStepResult => {
      if (earlier.kind !== kind || earlier.chargeRef !== paymentRef)
        throw new PaymentRequestError(
          `idempotency key ${idempotencyKey} was used for a ${earlier.kind} of ${earlier.chargeRef}`,
        );
      return earlier.outcome === "approved"
        ? { outcome: "approved", paymentRef, amount: earlier.amount }
        : { outcome: "refused", refusal: earlier.reason as PaymentRefusal, paymentRef };
    };
    return db.transaction(async (tx) => {
      const [charge] = await tx
        .select()
        .from(testProviderCharges)
        .where(and(eq(testProviderCharges.storeId, storeId), eq(testProviderCharges.ref, paymentRef)))
        .for("update");
      const byKey = and(
        eq(testProviderOperations.storeId, storeId),
        eq(testProviderOperations.idempotencyKey, idempotencyKey),
      );
      const [earlier] = await tx.select().from(testProviderOperations).where(byKey);
      if (earlier) return repeat(earlier);
      const decision: StepDecision = !charge
        ? { refusal: "unknown_payment" }
        : charge.status === "declined"
          ? { refusal: "wrong_state" }
          : decide(charge);
      const amount = "amount" in decision ? decision.amount : (asked ?? charge?.amount ?? 0);
      if (charge && "changes" in decision)
        await tx
          .update(testProviderCharges)
          .set({ ...decision.changes, updatedAt: sql`now()` })
          .where(and(eq(testProviderCharges.storeId, storeId), eq(testProviderCharges.id, charge.id)));
      const [recorded] = await tx
        .insert(testProviderOperations)
        .values({
          storeId,
          idempotencyKey,
          chargeRef: paymentRef,
          kind,
          amount,
          outcome: "refusal" in decision ? "refused" : "approved",
          reason: "refusal" in decision ? decision.refusal : null,
        })
        .onConflictDoNothing({
          target: [testProviderOperations.storeId, testProviderOperations.idempotencyKey],
        })
        .returning();
      if (!recorded) {
        // Only a step on a charge no lock could be taken on (an unknown one) can race its own
        // key here: the first answer stands. On a known charge the key named another charge.
        if (charge)
          throw new PaymentRequestError(`idempotency key ${idempotencyKey} was used for another charge`);
        const [first] = await tx.select().from(testProviderOperations).where(byKey);
        if (!first) throw new Error(`test provider lost the step of idempotency key ${idempotencyKey}`);
        return repeat(first);
      }
      return "refusal" in decision
        ? { outcome: "refused", refusal: decision.refusal, paymentRef }
        : { outcome: "approved", paymentRef, amount };
    });
  }

  return {
    name: TEST_CARD_GATEWAY,

    async authorize(request) {
      checkAmount(request.amount);
      checkKey(request.idempotencyKey);
      if (!/^[A-Z]{3}$/.test(request.currency))
        throw new PaymentRequestError(`a currency is an ISO 4217 code, not ${request.currency}`);
      const outcome = cardOutcome(request.card, clock());
      // The number itself goes no further than this function.
      const summary =
        request.card && /^\d{12,19}$/.test(request.card.number) ? cardSummary(request.card.number) : null;
      const [inserted] = await db
        .insert(testProviderCharges)
        .values({
          storeId: request.storeId,
          idempotencyKey: request.idempotencyKey,
          ref: `test_ch_${randomUUID().replaceAll("-", "")}`,
          orderId: request.orderId,
          status: outcome === "approved" ? "authorized" : "declined",
          declineReason: outcome === "approved" ? null : outcome,
          amount: request.amount,
          currency: request.currency,
          cardBrand: summary?.brand ?? null,
          cardLast4: summary?.last4 ?? null,
        })
        .onConflictDoNothing({ target: [testProviderCharges.storeId, testProviderCharges.idempotencyKey] })
        .returning();
      const charge =
        inserted ??
        (
          await db
            .select()
            .from(testProviderCharges)
            .where(
              and(
                eq(testProviderCharges.storeId, request.storeId),
                eq(testProviderCharges.idempotencyKey, request.idempotencyKey),
              ),
            )
        )[0];
      if (!charge)
        throw new Error(`test provider lost the charge of idempotency key ${request.idempotencyKey}`);
      if (
        charge.orderId !== request.orderId ||
        charge.amount !== request.amount ||
        charge.currency !== request.currency
      )
        throw new PaymentRequestError(
          `idempotency key ${request.idempotencyKey} was used for another authorization (order ${charge.orderId}, ${charge.amount} ${charge.currency})`,
        );
      return authorizeAnswer(charge);
    },

    async findAuthorization(request) {
      const [charge] = await db
        .select()
        .from(testProviderCharges)
        .where(
          and(
            eq(testProviderCharges.storeId, request.storeId),
            eq(testProviderCharges.idempotencyKey, request.idempotencyKey),
          ),
        );
      // A charge already released holds nothing an order could still be placed on.
      if (!charge || charge.orderId !== request.orderId || charge.status === "voided")
        return { outcome: "none" };
      return authorizeAnswer(charge);
    },

    async capture(request) {
      if (request.amount !== undefined) checkAmount(request.amount);
      return step("capture", request, request.amount, (charge) => {
        if (charge.status !== "authorized") return { refusal: "wrong_state" };
        const amount = request.amount ?? charge.amount;
        if (amount > charge.amount) return { refusal: "amount_too_large" };
        return { amount, changes: { status: "captured", capturedAmount: amount } };
      });
    },

    async void(request) {
      return step("void", request, undefined, (charge) =>
        charge.status === "authorized"
          ? { amount: charge.amount, changes: { status: "voided" } }
          : { refusal: "wrong_state" },
      );
    },

    async refund(request) {
      checkAmount(request.amount);
      return step("refund", request, request.amount, (charge) => {
        if (charge.status !== "captured" && charge.status !== "partially_refunded")
          return { refusal: "wrong_state" };
        if (request.amount > charge.capturedAmount - charge.refundedAmount)
          return { refusal: "amount_too_large" };
        const refundedAmount = charge.refundedAmount + request.amount;
        const status = refundedAmount === charge.capturedAmount ? "refunded" : "partially_refunded";
        return { amount: request.amount, changes: { status, refundedAmount } };
      });
    },
  };
}
