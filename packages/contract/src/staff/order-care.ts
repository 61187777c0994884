import { z } from "zod";
import type { OrderStatus, PaymentStatus } from "../orders/statuses.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idTextSchema } from "../platform/ids.ts";
import { staffOrderSchema } from "./schemas.ts";

/*
 * What the shop does to an order besides moving it on (issue 32): cancel it and give back what it
 * holds, refund it in whole or by lines without a shopper's request, and keep notes on it that only
 * staff read.
 */

const id = idTextSchema;

/** The longest note staff may keep on an order. */
export const ORDER_NOTE_MAX = 2000;
/** The longest reason of a cancel or a refund, as the shopper and the audit log read it. */
export const STAFF_REASON_MAX = 500;

/**
 * The statuses staff may cancel an order from, by the order state machine: until it leaves the
 * shop. A shipped, collected or delivered order is refunded instead.
 */
export const STAFF_CANCELLABLE_STATUSES = [
  "pending_payment",
  "placed",
  "confirmed",
  "preparing",
] as const satisfies readonly OrderStatus[];

/** Whether the console offers a cancel: the API stays the judge (an order of downloads handed over is refused). */
export function staffMayCancel(order: { status: OrderStatus }): boolean {
  return (STAFF_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(order.status);
}

/**
 * Whether the console offers a refund from the order: its money is taken (a card captured, cash
 * collected, or wallet credit or a gift card that paid it all) and not all given back yet. The API
 * stays the judge of how much is left.
 */
export function staffMayRefund(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  if (order.status === "pending_payment" || order.status === "payment_failed" || order.status === "cancelled")
    return false;
  return (["captured", "partially_refunded", "cash_collected", "none"] as PaymentStatus[]).includes(
    order.paymentStatus,
  );
}

export const staffCancelOrderBodySchema = z.object({
  orderId: id,
  reason: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(STAFF_REASON_MAX, FIELD_ERROR_KEYS.tooLong),
});
export type StaffCancelOrderBody = z.infer<typeof staffCancelOrderBodySchema>;

/** Units of one line to refund. */
export const staffRefundLineSchema = z.object({
  orderLineId: id,
  quantity: z.coerce.number().int().min(1, FIELD_ERROR_KEYS.tooSmall).max(100_000, FIELD_ERROR_KEYS.tooLarge),
});

/**
 * A refund the shop gives from the order: `whole` gives back all that is left of what the order was
 * paid (shipping and tip included), otherwise the `lines` named are refunded at their share of what
 * was paid. Money goes back where it came from: the card through the order's provider, a gift card,
 * and the rest to the customer's wallet, or recorded as handed back in cash (`refundTo`).
 * `restock` puts the units back in stock. `preview` answers the amount and changes nothing.
 */
export const staffRefundOrderBodySchema = z
  .object({
    orderId: id,
    whole: z.boolean().default(false),
    lines: z.array(staffRefundLineSchema).max(200).default([]),
    restock: z.boolean().default(false),
    reason: z.string().trim().max(STAFF_REASON_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
    refundTo: z.enum(["wallet", "cash"]).nullable().default(null),
    preview: z.boolean().default(false),
  })
  .refine((body) => body.whole || body.lines.length > 0, {
    path: ["lines"],
    message: FIELD_ERROR_KEYS.required,
  });
export type StaffRefundOrderBody = z.infer<typeof staffRefundOrderBodySchema>;

export const staffOrderRefundSchema = z.object({
  /** The refund written; null for a preview. */
  refundId: z.number().int().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  /** Where the money went (or goes, for a preview): the card when any of it went to the card. */
  refundedTo: z.enum(["card", "wallet", "cash"]),
  /** The refund's status: `approved` while the provider has not answered (retried from Refunds). */
  status: z.enum(["approved", "refunded"]).nullable(),
  order: staffOrderSchema,
});
export type StaffOrderRefund = z.infer<typeof staffOrderRefundSchema>;

export const staffAddOrderNoteBodySchema = z.object({
  orderId: id,
  text: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(ORDER_NOTE_MAX, FIELD_ERROR_KEYS.tooLong),
});
