import { storeOrder } from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import {
  claimGiveBack,
  dueGiveBacks,
  type GiveBackRow,
  type OwedBack,
  recordGiveBackAttempt,
} from "../payments/give-backs.ts";
import type { PaymentStepResult } from "../payments/provider.ts";
import { recordPaymentEvent } from "../payments/service.ts";
import { storeById } from "../stores/service.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { askProvider, paymentEventOf, paymentKey, providerOfOrder } from "./payments.ts";

/*
 * Money a provider holds for an order that no longer wants it goes back, however long that takes
 * (issue 11): a late approval for an order given up, an authorization whose answer was lost and
 * found later, a card held for a shopper who cancelled while confirming it with the bank. What is
 * owed is written down first (`payment_give_backs`), in the transaction that gives the order up;
 * the provider is asked at once, and again by the sweeper with a growing pause while it fails.
 */

/** First pause after a failed attempt; each next one twice as long, up to MAX_PAUSE_SECONDS. */
export const FIRST_PAUSE_SECONDS = 60;
const MAX_PAUSE_SECONDS = 6 * 60 * 60;
/** Attempts before a give-back is reported as stuck: about a day and a half of trying. */
export const MAX_ATTEMPTS = 12;
const BATCH = 100;

/** What one attempt did: released, to be tried again, or beyond retrying (reported). */
export type GiveBackOutcome = "done" | "due" | "stuck";

function pauseAfter(attempts: number): number {
  return Math.min(FIRST_PAUSE_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_PAUSE_SECONDS);
}

/**
 * Asks the provider to release (or refund) one payment owed back, records the answer in the
 * order's payment log and moves the give-back on. The first attempt uses the step's own key (a
 * cancel that voided the same payment a moment ago is answered its void again); a retry uses a
 * key of its own, since a provider may keep a failure under the first key. A refusal after an
 * earlier attempt whose answer was lost is checked with the provider: a payment it no longer
 * holds is done; one it still holds, refused twice, is stuck (reported by the sweeper).
 */
export async function giveBackNow(
  deps: OrderFlowDeps,
  owed: OwedBack & Pick<GiveBackRow, "attempts">,
  order: Pick<OrderRow, "id" | "idempotencyKey">,
  now: Date = new Date(),
): Promise<GiveBackOutcome> {
  const { db } = deps;
  const store = await storeById(db, owed.storeId);
  const provider = store ? providerOfOrder(deps.payments, store, { paymentGateway: owed.provider }) : null;
  const attempts = owed.attempts + 1;
  let answer: PaymentStepResult;
  const idempotencyKey = paymentKey(
    order,
    owed.attempts === 0 ? owed.kind : `${owed.kind}-retry-${attempts}`,
  );
  if (!provider) answer = { outcome: "declined", reason: "provider_error", paymentRef: owed.paymentRef };
  else {
    answer = await askProvider(() =>
      owed.kind === "refund"
        ? provider.refund({
            storeId: owed.storeId,
            paymentRef: owed.paymentRef,
            amount: owed.amount,
            idempotencyKey,
          })
        : provider.void({ storeId: owed.storeId, paymentRef: owed.paymentRef, idempotencyKey }),
    );
    if (answer.outcome === "refused" && owed.attempts > 0 && owed.kind === "void") {
      const held = await askProvider(() =>
        provider.findAuthorization({
          storeId: owed.storeId,
          orderId: order.id,
          idempotencyKey: paymentKey(order, "authorize"),
          paymentRef: owed.paymentRef,
        }),
      );
      if (held.outcome === "none")
        answer = { outcome: "approved", paymentRef: owed.paymentRef, amount: owed.amount };
    }
  }
  const outcome: GiveBackOutcome =
    answer.outcome === "approved"
      ? "done"
      : (answer.outcome === "refused" && owed.attempts > 0) || attempts >= MAX_ATTEMPTS
        ? "stuck"
        : "due";
  await db.transaction(async (tx) => {
    await recordPaymentEvent(
      tx,
      paymentEventOf(
        {
          storeId: owed.storeId,
          orderId: owed.orderId,
          provider: owed.provider,
          kind: owed.kind,
          amount: owed.amount,
          currency: owed.currency,
        },
        idempotencyKey,
        answer,
      ),
    );
    await recordGiveBackAttempt(tx, owed, {
      state: outcome,
      attempts,
      nextAttemptAt: new Date(now.getTime() + pauseAfter(attempts) * 1000),
      lastResult:
        answer.outcome === "declined" ? answer.reason : answer.outcome === "refused" ? answer.refusal : null,
    });
  });
  return outcome;
}

export type GiveBackCounts = { done: number; due: number; stuck: number; failed: number };

/**
 * One pass over the give-backs whose next attempt is due, across stores. Each is claimed by moving
 * its next attempt on before the provider is asked, so two API processes sweeping at once do not
 * both ask. A give-back that ends stuck is reported: the shop must release it at the provider.
 */
export async function retryGiveBacks(
  deps: OrderFlowDeps,
  now: Date = new Date(),
  onStuck: (row: GiveBackRow) => void = () => {},
  onError: (error: unknown, row: GiveBackRow) => void = () => {},
): Promise<GiveBackCounts> {
  const counts: GiveBackCounts = { done: 0, due: 0, stuck: 0, failed: 0 };
  const due = await dueGiveBacks(deps.db, now, BATCH);
  for (const row of due) {
    try {
      // Claimed for this pass: another process's sweep finds it not due yet.
      const claimed = await claimGiveBack(deps.db, row, new Date(now.getTime() + FIRST_PAUSE_SECONDS * 1000));
      if (!claimed) continue;
      const order = await storeOrder(deps.db, row.storeId, row.orderId);
      const outcome = await giveBackNow(deps, claimed, order, now);
      counts[outcome] += 1;
      if (outcome === "stuck") onStuck({ ...claimed, state: "stuck", attempts: claimed.attempts + 1 });
    } catch (error) {
      counts.failed += 1;
      onError(error, row);
    }
  }
  return counts;
}
