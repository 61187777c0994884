import { CARD_GATEWAYS, FIELD_ERROR_KEYS, formatMoney } from "@stoa/contract";
import { giveBackToGiftCard, returnedToGiftCard } from "../gift-cards/service.ts";
import type { LinkKeys } from "../orders/links.ts";
import { answerRefundRequest, lockRefund, refundedOfOrder } from "../orders/refunds.ts";
import { lockOrder, moveOrder } from "../orders/service.ts";
import type { OrderRow, RefundRequestRow } from "../orders/tables.ts";
import { recordPaymentEvent } from "../payments/service.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { creditWallet } from "../pricing/wallet.ts";
import { clawBackCommission } from "../referrals/clawback.ts";
import { recordChange } from "../staff/audit.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { type ShopOrigin, tellShopper } from "./order-confirmation.ts";
import {
  askProvider,
  DECLINE_ERRORS,
  paymentEventOf,
  paymentKey,
  paymentRefOf,
  providerOfOrder,
} from "./payments.ts";

export type RefundAnswer = {
  refundId: number;
  decision: "approve" | "decline";
  answer: string;
  refundTo: "wallet" | "cash" | null;
};

/**
 * What telling the shopper of a settled refund needs; null where the caller tells them in its own
 * words (a cancel's email already says the money goes back).
 */
export type RefundNotice = { keys: LinkKeys; shop: ShopOrigin };

/** Tells the shopper how much came back on their order, and where each part went. */
async function queueRefunded(
  tx: Database,
  { keys, shop }: RefundNotice,
  order: OrderRow,
  amount: number,
  split: Split,
): Promise<void> {
  const money = (value: number) => formatMoney(value, order.currency, order.locale);
  const parts = [
    { to: "card" as const, amount: split.card },
    { to: "giftCard" as const, amount: split.giftCard },
    { to: split.restTo, amount: split.rest },
  ]
    .filter((part) => part.amount > 0)
    .map((part) => ({ to: part.to, amount: money(part.amount) }));
  await tellShopper(tx, keys, shop, order, (link) => ({
    kind: "orderRefunded",
    orderNumber: order.orderNumber,
    amount: money(amount),
    parts,
    link,
  }));
}

/** Of an approved refund, what goes back to the card and what goes elsewhere. */
export type Split = { card: number; giftCard: number; rest: number; restTo: "wallet" | "cash" };

const isCardGateway = (gateway: string) => (CARD_GATEWAYS as readonly string[]).includes(gateway);

/** Money taken by card that is still there to give back. */
function cardRefundable(order: OrderRow, refundedToCard: number): number {
  const taken = order.paymentStatus === "captured" || order.paymentStatus === "partially_refunded";
  return taken ? Math.max(0, order.payableAmount - refundedToCard) : 0;
}

/**
 * Where an approved refund goes: back to the card as far as the card paid, then to the gift card as
 * far as a gift card paid (less what it got back already), the rest (wallet
 * credit spent on the order, or a cash order) to the customer's wallet, or recorded as handed back
 * in cash when the shop says so or the customer is a guest, who has no lasting wallet.
 */
export function splitOf(
  order: OrderRow,
  refund: Pick<RefundRequestRow, "amount">,
  refundedToCard: number,
  returnedToCard: number,
  refundTo: RefundAnswer["refundTo"],
): Split {
  if (refundTo === "wallet" && order.placedAsGuest)
    throw new ApiError("INVALID_INPUT", { refundTo: FIELD_ERROR_KEYS.invalid });
  const card =
    order.paymentGateway && isCardGateway(order.paymentGateway)
      ? Math.min(refund.amount, cardRefundable(order, refundedToCard))
      : 0;
  const restTo = refundTo ?? (order.placedAsGuest ? "cash" : "wallet");
  // What a gift card paid goes back to that card, after the payment card and before the rest.
  const giftCard = Math.min(refund.amount - card, Math.max(0, order.giftCard - returnedToCard));
  return { card, giftCard, rest: refund.amount - card - giftCard, restTo };
}

/**
 * The payment's move once `amount` more is paid back: all of what was paid, or a part. An order
 * that asked for no payment (paid by wallet or coupon) has no payment to move, and neither has one
 * whose payment is all given back already: what an order paid by wallet as well as by card or cash
 * refunds beyond its payment goes to the wallet, and moves nothing.
 */
function paymentMoveAfter(order: OrderRow, refundedBefore: number, amount: number) {
  if (order.paymentStatus === "none" || order.paymentStatus === "refunded") return {};
  return {
    payment:
      refundedBefore + amount >= order.payableAmount ? ("refund" as const) : ("partialRefund" as const),
  };
}

/**
 * The shop answers a refund request (`staff/refunds/answer`). Declining, or approving money that
 * goes to the wallet or is handed back in cash, is one transaction. A refund to the card is
 * recorded as `approved` first, asked of the provider with a key of the request's own, and then
 * recorded `refunded`: should the provider fail, the request stays approved and approving it
 * again retries with the same key, so the card is refunded once.
 */
export async function answerRefund(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  staff: StaffAccount,
  body: RefundAnswer,
): Promise<RefundRequestRow> {
  const { db } = deps;
  const { store } = ctx;
  const answeredBy = staff.member.id;
  const notice = { keys: await deps.keys(), shop: ctx };
  const first = await db.transaction(async (tx) => {
    const refund = await lockRefund(tx, store.id, body.refundId);
    const order = await lockOrder(tx, store.id, refund.orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    const retryingCard = refund.status === "approved" && refund.refundedTo === "card";
    if (refund.status !== "requested" && !(retryingCard && body.decision === "approve"))
      throw new ApiError("TRANSITION_REFUSED");
    const limit = store.staffRefundLimit;
    if (
      body.decision === "approve" &&
      staff.member.role === "staff" &&
      limit !== null &&
      refund.amount > limit
    )
      throw new ApiError("REFUND_OVER_STAFF_LIMIT", undefined, undefined, undefined, {
        limit: formatMoney(limit, order.currency, ctx.locale),
      });
    if (!retryingCard)
      await recordChange(tx, {
        storeId: store.id,
        staffId: answeredBy,
        action: "refund.answer",
        subject: `order:${order.orderNumber}`,
        before: { refund: refund.id, status: refund.status, amount: refund.amount },
        after: { decision: body.decision, refundTo: body.refundTo, answer: body.answer },
      });
    if (body.decision === "decline")
      return {
        done: await answerRefundRequest(tx, refund, {
          status: "declined",
          answer: body.answer,
          refundedTo: null,
          answeredBy,
        }),
      };
    const refunded = await refundedOfOrder(tx, store.id, order.id, refund.id);
    const returned = await returnedToGiftCard(tx, store.id, order.id);
    const split = splitOf(order, refund, refunded.card, returned, body.refundTo);
    if (split.card === 0)
      return {
        done: await settle(
          tx,
          order,
          refund,
          split,
          refunded.card + refunded.other,
          body.answer,
          answeredBy,
          notice,
        ),
      };
    await answerRefundRequest(tx, refund, {
      status: "approved",
      answer: body.answer,
      refundedTo: "card",
      answeredBy,
    });
    return { done: null, order, split };
  });
  if (first.done) return first.done;
  const { order, split } = first;
  const event = await refundCardPart(deps, store, order, body.refundId, split.card);
  return db.transaction(async (tx) => {
    const refund = await lockRefund(tx, store.id, body.refundId);
    const locked = await lockOrder(tx, store.id, refund.orderId);
    if (!locked) throw new ApiError("NOT_FOUND");
    await recordPaymentEvent(tx, event);
    // Another approval of the same request may have finished while the provider answered this one.
    if (refund.status !== "approved") return refund;
    const refunded = await refundedOfOrder(tx, store.id, locked.id, refund.id);
    return settle(tx, locked, refund, split, refunded.card + refunded.other, body.answer, answeredBy, notice);
  });
}

/** Records an approved refund as paid back: the wallet credited, the payment moved, the request `refunded`. */
export async function settle(
  tx: Database,
  order: OrderRow,
  refund: RefundRequestRow,
  split: Split,
  refundedBefore: number,
  answer: string,
  answeredBy: number,
  notice: RefundNotice | null,
): Promise<RefundRequestRow> {
  if (split.giftCard > 0) await giveBackToGiftCard(tx, order, split.giftCard);
  if (split.rest > 0 && split.restTo === "wallet")
    await creditWallet(tx, order.storeId, order.customerId, split.rest, order.id, "refund");
  const move = paymentMoveAfter(order, refundedBefore, refund.amount);
  if (move.payment) await moveOrder(tx, order, move, { kind: "staff", id: answeredBy });
  if (notice) await queueRefunded(tx, notice, order, refund.amount, split);
  // A referred order's commission gives back its share of the refunded goods, in this transaction.
  await clawBackCommission(tx, order, refund.id);
  return answerRefundRequest(tx, refund, {
    status: "refunded",
    answer,
    refundedTo: split.card > 0 ? "card" : split.restTo,
    answeredBy,
  });
}

/**
 * Asks the order's card provider to give back `amount` for refund request `refundId`, under a key
 * of that request, so asking again (an answer lost, the request approved again) is the same refund
 * at the provider. Answers the approved payment event for the caller to record with its settling;
 * a decline or no answer is recorded here and thrown, and nothing else has changed.
 */
export async function refundCardPart(
  deps: OrderFlowDeps,
  store: StoreRow,
  order: OrderRow,
  refundId: number,
  amount: number,
) {
  const { db } = deps;
  const provider = providerOfOrder(deps.payments, store, order);
  const paymentRef = await paymentRefOf(db, order);
  if (!provider || !paymentRef) throw new ApiError("PAYMENT_UNAVAILABLE");
  const idempotencyKey = paymentKey(order, `refund-${refundId}`);
  const answer = await askProvider(() =>
    provider.refund({ storeId: store.id, paymentRef, amount, idempotencyKey }),
  );
  const event = paymentEventOf(
    {
      storeId: store.id,
      orderId: order.id,
      provider: provider.name,
      kind: "refund",
      amount,
      currency: order.currency,
    },
    idempotencyKey,
    answer,
  );
  if (answer.outcome !== "approved") {
    await recordPaymentEvent(db, event);
    throw new ApiError(answer.outcome === "declined" ? DECLINE_ERRORS[answer.reason] : "PAYMENT_UNAVAILABLE");
  }
  return event;
}
