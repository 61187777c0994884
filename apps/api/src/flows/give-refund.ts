import { FIELD_ERROR_KEYS, formatMoney, type StaffRefundOrderBody } from "@stoa/contract";
import { returnedToGiftCard } from "../gift-cards/service.ts";
import { releaseStock } from "../inventory/service.ts";
import {
  committedOfOrder,
  lockRefund,
  recordGivenRefund,
  refundAmountOf,
  refundedOfOrder,
} from "../orders/refunds.ts";
import { lockOrder, moneyTaken, orderLinesOf, refundRequestedByLine } from "../orders/service.ts";
import type { OrderLineRow, OrderRow, RefundRequestRow } from "../orders/tables.ts";
import { recordPaymentEvent } from "../payments/service.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { type RefundNotice, refundCardPart, type Split, settle, splitOf } from "./refund.ts";

/** What a refund the shop gives came to: written (or only priced, for a preview) and where it went. */
export type GivenRefund = {
  refund: RefundRequestRow | null;
  amount: number;
  refundedTo: "card" | "wallet" | "cash";
  order: OrderRow;
};

type RefundRows = { line: OrderLineRow; quantity: number; amount: number }[];

/** Everything the order was paid: the card or cash, and the wallet credit and gift card spent on it. */
const paidOf = (order: OrderRow) => order.payableAmount + order.wallet + order.giftCard;

/**
 * The units and amount of a refund: for `whole`, every unit not refunded (or asked back) yet and
 * all that is left of what was paid, shipping and tip included; otherwise the lines named, each at
 * its share of what was paid, as a shopper's request prices them. Units beyond what is left of a
 * line, or an amount beyond what is left of the order, are REFUND_OVER_PAID.
 */
async function refundRowsOf(
  tx: Database,
  order: OrderRow,
  body: Pick<StaffRefundOrderBody, "whole" | "lines">,
): Promise<{ rows: RefundRows; amount: number }> {
  const lines = await orderLinesOf(tx, order.storeId, order.id);
  const before = await refundRequestedByLine(tx, order.storeId, order.id);
  const left = paidOf(order) - (await committedOfOrder(tx, order.storeId, order.id));
  const earlier = (line: OrderLineRow) => before.get(line.id) ?? { quantity: 0, amount: 0 };
  const priced = (line: OrderLineRow, quantity: number) =>
    Math.max(0, refundAmountOf(order, line, earlier(line).quantity + quantity) - earlier(line).amount);
  if (body.whole) {
    const rows = lines
      .map((line) => ({ line, quantity: line.quantity - earlier(line).quantity }))
      .filter((row) => row.quantity > 0)
      .map((row) => ({ ...row, amount: priced(row.line, row.quantity) }));
    if (left <= 0) throw new ApiError("REFUND_OVER_PAID");
    return { rows, amount: left };
  }
  const byId = new Map(lines.map((line) => [line.id, line]));
  const asked = new Map<number, { quantity: number; index: number }>();
  body.lines.forEach(({ orderLineId, quantity }, index) => {
    const seen = asked.get(orderLineId);
    asked.set(orderLineId, { quantity: (seen?.quantity ?? 0) + quantity, index: seen?.index ?? index });
  });
  const rows: RefundRows = [];
  for (const [orderLineId, { quantity, index }] of asked) {
    const line = byId.get(orderLineId);
    if (!line)
      throw new ApiError("INVALID_INPUT", { [`lines.${index}.orderLineId`]: FIELD_ERROR_KEYS.invalid });
    if (quantity > line.quantity - earlier(line).quantity)
      throw new ApiError("REFUND_OVER_PAID", { [`lines.${index}.quantity`]: FIELD_ERROR_KEYS.tooLarge });
    rows.push({ line, quantity, amount: priced(line, quantity) });
  }
  const amount = rows.reduce((sum, row) => sum + row.amount, 0);
  if (amount <= 0 || amount > left) throw new ApiError("REFUND_OVER_PAID");
  return { rows, amount };
}

/** A member of the "staff" role gives no more than the shop's refund limit; managers and owners any. */
function assertWithinLimit(
  store: StoreRow,
  staff: StaffAccount,
  amount: number,
  currency: string,
  locale: RequestContext["locale"],
) {
  const limit = store.staffRefundLimit;
  if (staff.member.role === "staff" && limit !== null && amount > limit)
    throw new ApiError("REFUND_OVER_STAFF_LIMIT", undefined, undefined, undefined, {
      limit: formatMoney(limit, currency, locale),
    });
}

const whereTo = (split: Split) => (split.card > 0 ? ("card" as const) : split.restTo);

/**
 * The shop refunds an order from its page (`staff/orders/refund`), with no request of the shopper:
 * in whole or by lines, never more than the order was paid and has not had back, counted under the
 * order's row lock so two refunds given at once cannot both take what is left. The money goes
 * back as an answered request's does (flows/refund.ts): the card first, through the order's
 * provider with a key of the refund's own, then a gift card, then the wallet or cash. The refund,
 * its restock and its audit row are written before the provider is asked; should the provider
 * fail, the refund stays approved in Refunds, where approving it again retries with the same key.
 */
export async function giveRefund(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  staff: StaffAccount,
  body: StaffRefundOrderBody,
  /** Whether the shopper is emailed of it; a cancel tells them in its own email. */
  { tellShopper = true }: { tellShopper?: boolean } = {},
): Promise<GivenRefund> {
  const { db } = deps;
  const { store } = ctx;
  const answeredBy = staff.member.id;
  const notice: RefundNotice | null = tellShopper ? { keys: await deps.keys(), shop: ctx } : null;
  const first = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, store.id, body.orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    if (!moneyTaken(order)) throw new ApiError("REFUND_OVER_PAID");
    const { rows, amount } = await refundRowsOf(tx, order, body);
    assertWithinLimit(store, staff, amount, order.currency, ctx.locale);
    const refunded = await refundedOfOrder(tx, store.id, order.id, 0);
    const returned = await returnedToGiftCard(tx, store.id, order.id);
    const split = splitOf(order, { amount }, refunded.card, returned, body.refundTo);
    if (body.preview) return { done: { refund: null, amount, refundedTo: whereTo(split), order } };
    const refund = await recordGivenRefund(tx, order, {
      amount,
      lines: rows.map((row) => ({ orderLineId: row.line.id, quantity: row.quantity, amount: row.amount })),
      reason: body.reason,
      answeredBy,
      toCard: split.card > 0,
    });
    if (body.restock)
      await releaseStock(
        tx,
        store.id,
        rows.map((row) => ({
          productId: row.line.productId,
          variationId: row.line.variationId,
          quantity: row.quantity,
        })),
      );
    await recordChange(tx, {
      storeId: store.id,
      staffId: answeredBy,
      action: "refund.give",
      subject: `order:${order.orderNumber}`,
      before: { paymentStatus: order.paymentStatus, refundedBefore: refunded.card + refunded.other },
      after: {
        refund: refund.id,
        amount,
        whole: body.whole,
        lines: rows.map((row) => ({ orderLineId: row.line.id, quantity: row.quantity })),
        restock: body.restock,
        card: split.card,
        giftCard: split.giftCard,
        [split.restTo]: split.rest,
        reason: body.reason,
      },
    });
    if (split.card > 0) return { done: null, order, refund, split };
    const settled = await settle(
      tx,
      order,
      refund,
      split,
      refunded.card + refunded.other,
      body.reason,
      answeredBy,
      notice,
    );
    return {
      done: { refund: settled, amount, refundedTo: whereTo(split), order: await mustLock(tx, order) },
    };
  });
  if (first.done) return first.done;
  const { order, refund, split } = first;
  const event = await refundCardPart(deps, store, order, refund.id, split.card);
  return db.transaction(async (tx) => {
    // The refund's row before the order's, as an answer to a request takes them.
    const current = await lockRefund(tx, store.id, refund.id);
    const locked = await mustLock(tx, order);
    await recordPaymentEvent(tx, event);
    // Approved again from Refunds while the provider answered this one: settled there.
    if (current.status !== "approved")
      return { refund: current, amount: refund.amount, refundedTo: "card" as const, order: locked };
    const refunded = await refundedOfOrder(tx, store.id, locked.id, refund.id);
    const settled = await settle(
      tx,
      locked,
      current,
      split,
      refunded.card + refunded.other,
      body.reason,
      answeredBy,
      notice,
    );
    return {
      refund: settled,
      amount: refund.amount,
      refundedTo: "card" as const,
      order: await mustLock(tx, locked),
    };
  });
}

/** The order read again under its lock, as the refund left it. */
async function mustLock(tx: Database, order: Pick<OrderRow, "storeId" | "id">): Promise<OrderRow> {
  const locked = await lockOrder(tx, order.storeId, order.id);
  if (!locked) throw new ApiError("NOT_FOUND");
  return locked;
}
