import { z } from "zod";
import { emailSchema, passwordRequiredSchema } from "../account/schemas.ts";
import { DELIVERY_TYPES } from "../checkout/constants.ts";
import { orderSchema, orderSummarySchema, refundSchema } from "../orders/schemas.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../orders/statuses.ts";
import { parcelTrackingInputSchema } from "../orders/tracking.ts";
import { CARD_GATEWAYS } from "../payments/gateways.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idTextSchema } from "../platform/ids.ts";
import { paginatedSchema } from "../platform/pagination-schemas.ts";
import { STAFF_ROLES } from "./roles.ts";

const id = idTextSchema;

/** A staff session lasts twelve hours: a long shift, and no longer for a token left on a shop's counter. */
export const STAFF_SESSION_SECONDS = 12 * 60 * 60;

/** Orders per page of the staff lists. */
export const STAFF_PAGE_SIZE = 20;

export const staffLoginBodySchema = z.object({ email: emailSchema, password: passwordRequiredSchema });
export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffSessionSchema = z.object({ token: z.string(), staff: staffMemberSchema });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** Who placed an order, as the shop sees it. */
const staffCustomerSchema = z.object({
  customerId: z.number().int(),
  /** A guest checked out without an account. */
  customerKind: z.enum(["customer", "guest"]),
  customer_name: z.string(),
  customer_contact: z.string(),
});

export const staffOrderSummarySchema = orderSummarySchema.extend(staffCustomerSchema.shape);
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;
/** A note staff keep on an order: read in the console's timeline, never by the shopper. */
export const staffOrderNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  at: z.string(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
});
export type StaffOrderNote = z.infer<typeof staffOrderNoteSchema>;
export const staffOrderSchema = orderSchema.extend({
  customerId: z.number().int(),
  customerKind: z.enum(["customer", "guest"]),
  /** Why the order was cancelled, as staff (or the sweeper, or the shopper) said; null otherwise. */
  cancelReason: z.string().nullable(),
  /** Staff's notes on the order, oldest first. */
  notes: z.array(staffOrderNoteSchema),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrderListBodySchema = z.object({
  /** Only orders in this status; all orders a shopper placed when absent. */
  status: z.enum(ORDER_STATUSES).nullable().default(null),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable().default(null),
  deliveryType: z.enum(DELIVERY_TYPES).nullable().default(null),
  /** Days in the shop's time zone, `YYYY-MM-DD`, both included. */
  from: z.iso.date({ message: FIELD_ERROR_KEYS.invalid }).nullable().default(null),
  to: z.iso.date({ message: FIELD_ERROR_KEYS.invalid }).nullable().default(null),
  /** An order number, or part of the shopper's name, email or phone. */
  q: z.string().trim().max(100, FIELD_ERROR_KEYS.tooLong).default(""),
  /** Only the orders of this customer (a customer's page in the console). */
  customerId: z.number().int().positive().nullable().default(null),
});
export type StaffOrderFilter = z.infer<typeof staffOrderListBodySchema>;
export const staffOrderListSchema = paginatedSchema(staffOrderSummarySchema);

/**
 * What the shop does with an order, in the order it usually does it: confirm it, start preparing,
 * then ship it (or set it ready for pickup), then hand it over. Each goes through the order,
 * payment and fulfilment state machines; shipping captures an authorized card payment, handing
 * over a cash order records the cash as collected.
 */
export const STAFF_ORDER_ACTIONS = [
  "confirm",
  "startPreparing",
  "ship",
  "readyForPickup",
  "deliver",
] as const;
export type StaffOrderAction = (typeof STAFF_ORDER_ACTIONS)[number];
/** A move; `ship` may name the parcel's carrier and tracking number, which the shopper then follows. */
export const staffMoveOrderBodySchema = z.object({
  orderId: id,
  action: z.enum(STAFF_ORDER_ACTIONS),
  tracking: parcelTrackingInputSchema.optional(),
});
/** The parcel of a shipped order, named or corrected after it left. */
export const staffOrderTrackingBodySchema = z.object({ orderId: id }).extend(parcelTrackingInputSchema.shape);
export const staffOrderIdBodySchema = z.object({ orderId: id });

export const staffRefundSchema = refundSchema.extend({
  customerId: z.number().int(),
  customer_name: z.string(),
});
export const staffRefundListBodySchema = z.object({
  status: z.enum(["requested", "approved", "declined", "refunded"]).nullable().default(null),
});
export const staffRefundListSchema = paginatedSchema(staffRefundSchema);

/**
 * The shop's answer to a refund request. An approved refund of a card payment goes back to the
 * card through the provider; of a cash order, to the customer's wallet (`wallet`, not for guests)
 * or recorded as paid back by hand (`cash`).
 */
export const staffAnswerRefundBodySchema = z.object({
  refundId: id,
  decision: z.enum(["approve", "decline"]),
  answer: z.string().trim().max(1000, FIELD_ERROR_KEYS.tooLong).default(""),
  refundTo: z.enum(["wallet", "cash"]).nullable().default(null),
});

const MINUTES_A_DAY = 24 * 60;

/** Whether the runtime knows the IANA time zone ("Europe/Paris"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A shop's opening hours, in its own time zone: when it takes orders for as soon as possible (a
 * pickup, a delivery it does not book in windows), and the hours its delivery windows and pickup
 * times are laid out in. Minutes after local midnight; a `closesAt` past 1440 closes the next
 * morning, at most a day after opening. No open day closes the shop until one is set.
 */
export const openingHoursSchema = z
  .object({
    timezone: z
      .string()
      .trim()
      .min(1, FIELD_ERROR_KEYS.required)
      .max(64)
      .refine(isTimeZone, FIELD_ERROR_KEYS.invalid),
    opensAt: z
      .number()
      .int()
      .min(0, FIELD_ERROR_KEYS.tooSmall)
      .max(MINUTES_A_DAY - 1, FIELD_ERROR_KEYS.tooLarge),
    closesAt: z
      .number()
      .int()
      .min(1, FIELD_ERROR_KEYS.tooSmall)
      .max(2 * MINUTES_A_DAY, FIELD_ERROR_KEYS.tooLarge),
    /** Days of the week the shop opens, 0 = Sunday. */
    openDays: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .refine((days) => new Set(days).size === days.length, FIELD_ERROR_KEYS.invalid),
  })
  .refine((h) => h.closesAt > h.opensAt && h.closesAt <= h.opensAt + MINUTES_A_DAY, {
    path: ["closesAt"],
    message: FIELD_ERROR_KEYS.invalid,
  });
export type OpeningHours = z.infer<typeof openingHoursSchema>;
export const staffOpeningHoursBodySchema = z.object({});

/**
 * Which card provider takes the shop's new cards, among the ones it takes (`offered`). Cards saved
 * through another provider the shop still takes go on being paid with through that provider.
 */
export const staffCardProviderSchema = z.object({
  cardProvider: z.enum(CARD_GATEWAYS).nullable(),
  offered: z.array(z.enum(CARD_GATEWAYS)),
});
export const staffSetCardProviderBodySchema = z.object({ cardProvider: z.enum(CARD_GATEWAYS) });

/**
 * Card money the shop must settle by hand: a hold or payment the sweeper could not give back after
 * every retry, or a card order whose payment state the provider never told (it was released, and
 * any hold it left must be looked up at the provider by its order number and released there).
 */
export const staffStuckPaymentSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  provider: z.string(),
  /** The provider's payment id, or `unknown:order-<id>` when no answer ever named one. */
  paymentRef: z.string(),
  /** `void` releases a hold; `refund` gives back what was captured. */
  kind: z.enum(["void", "refund"]),
  amount: z.number().int(),
  currency: z.string(),
  attempts: z.number().int(),
  /** What the provider last said, or why the state is unknown. */
  lastResult: z.string().nullable(),
  since: z.string(),
});
export type StaffStuckPayment = z.infer<typeof staffStuckPaymentSchema>;
export const staffStuckPaymentListSchema = z.array(staffStuckPaymentSchema);
