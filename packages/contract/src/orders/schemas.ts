import { z } from "zod";
import { billingAddressSchema, shippingAddressSchema } from "../account/schemas.ts";
import { savedCartItemSchema } from "../cart/saved-cart.ts";
import { imageSchema } from "../catalogue/schemas.ts";
import { deliveryWindowRefSchema } from "../checkout/checkout.ts";
import { DELIVERY_TYPES, OUT_OF_STOCK_PREFERENCES, PAYMENT_GATEWAYS } from "../checkout/constants.ts";
import { appliedCouponSchema, calculationSchema, checkoutTotalsSchema } from "../checkout/pricing.ts";
import { paymentActionSchema } from "../payments/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idTextSchema } from "../platform/ids.ts";
import { paginatedSchema } from "../platform/pagination-schemas.ts";
import { ORDER_PAGE_SIZE } from "./constants.ts";
import { FULFILMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from "./statuses.ts";
import { parcelTrackingSchema } from "./tracking.ts";

/**
 * The tabs of `/orders`, sent as the list's `orderStatus`: each stands for the order statuses it
 * shows, so the storefront and the API agree on what "in progress" means.
 */
export const ORDER_LIST_TABS = {
  all: ORDER_STATUSES.filter((s) => s !== "pending_payment" && s !== "payment_failed"),
  active: ["placed", "confirmed", "preparing", "shipped", "ready_for_pickup"],
  delivered: ["delivered"],
  cancelled: ["cancelled"],
} as const satisfies Record<string, readonly (typeof ORDER_STATUSES)[number][]>;
export type OrderListTab = keyof typeof ORDER_LIST_TABS;
export const ORDER_LIST_TAB_NAMES = Object.keys(ORDER_LIST_TABS) as OrderListTab[];

const id = idTextSchema;

/** A line of a placed order: a snapshot frozen when the order was placed, whatever the catalogue does since. */
export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variationId: z.number().int().nullable(),
  name: z.string(),
  sku: z.string(),
  options: z.array(z.string()),
  image: imageSchema.nullable(),
  isDigital: z.boolean(),
  /** A gift card: its codes are read with `giftCard/ofOrder` once the order is paid. */
  isGiftCard: z.boolean(),
  /** A gift card bought as a present: to whom it goes and when (its message stays private to them). */
  giftRecipient: z
    .object({ name: z.string(), email: z.string(), sendOn: z.iso.date().nullable() })
    .nullable()
    .default(null),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  tax: z.number().int(),
  /** Units of this line already asked back in refund requests that are not declined. */
  refundRequested: z.number().int(),
  /** Of those, the units the shop has paid back. */
  refunded: z.number().int(),
  /** Whether the line's file can be downloaded now (paid, the order standing): from `/downloads`. */
  downloadable: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One step of an order's story, for the status timeline. */
export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.iso.datetime(),
});

export const orderSummarySchema = z.object({
  id: z.number().int(),
  /** Per store, counting from 1001: what the shop and the shopper call the order. */
  orderNumber: z.number().int(),
  createdAt: z.iso.datetime(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES),
  delivery_type: z.enum(DELIVERY_TYPES),
  currency: z.string(),
  payable_amount: z.number().int(),
  itemCount: z.number().int(),
  image: imageSchema.nullable(),
  /**
   * The shop's time zone (IANA, "America/New_York"): the delivery window and the dates of the
   * order are said in it, as the window was offered at checkout, wherever the shopper is.
   */
  timezone: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  totals: checkoutTotalsSchema,
  coupon: appliedCouponSchema.nullable(),
  shipping_address: shippingAddressSchema.nullable(),
  billing_address: billingAddressSchema.nullable(),
  delivery_time: deliveryWindowRefSchema.nullable(),
  /** The postal option or pickup point chosen, in the shopper's language when the order was placed. */
  deliveryOptionName: z.string().nullable(),
  /**
   * Where a pickup order is collected (its point is `deliveryOptionName`): the point's address as
   * it was when the order was placed; null for every other delivery type.
   */
  pickupAddress: z.string().nullable(),
  customer_name: z.string(),
  customer_contact: z.string(),
  note: z.string(),
  outStockPreference: z.enum(OUT_OF_STOCK_PREFERENCES),
  payment_gateway: z.enum(PAYMENT_GATEWAYS).nullable(),
  /** Brand and last four digits of the card paid with; the number itself is never kept. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The parcel the shop shipped the order in, once it says so. */
  tracking: parcelTrackingSchema.nullable(),
  timeline: z.array(orderEventSchema),
  canCancel: z.boolean(),
  canRequestRefund: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(ORDER_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const orderListBodySchema = z.object({
  orderStatus: z.enum(ORDER_LIST_TAB_NAMES as [OrderListTab, ...OrderListTab[]]).default("all"),
});
export const orderListSchema = paginatedSchema(orderSummarySchema);

export const orderIdBodySchema = z.object({ orderId: id });
/** The link of a guest's confirmation email: the order and its access token. */
export const guestOrderBodySchema = z.object({
  orderId: id,
  token: z.string(FIELD_ERROR_KEYS.required).trim().min(20, FIELD_ERROR_KEYS.invalid).max(128),
});
export const cancelOrderBodySchema = z.object({
  orderId: id,
  reason: z.string().trim().max(500, FIELD_ERROR_KEYS.tooLong).default(""),
});

/** The answer of `storeOrder/create`: the placed order, and where to send the shopper next. */
export const placedOrderSchema = z.object({
  order: orderSchema,
  /** For a guest: the token of the link to this order, as the confirmation email carries it. */
  guestAccessToken: z.string().nullable(),
  /**
   * Set while the order is `pending_payment` because the card's bank wants the shopper to confirm
   * (3-D Secure): what the storefront does next, then `storeOrder/confirmPayment`.
   */
  paymentAction: paymentActionSchema.nullable(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/**
 * `data` of a create refused with CART_CHANGED or OUT_OF_STOCK: the cart priced again, with every
 * line's problems, so the storefront shows the new totals without another calculate.
 */
export const cartChangedDataSchema = z.object({ calculation: calculationSchema });
export type CartChangedData = z.infer<typeof cartChangedDataSchema>;

export const REFUND_STATUSES = ["requested", "approved", "declined", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** REFUND_REQUEST: which lines, how many of each, and why. */
export const refundRequestBodySchema = z.object({
  orderId: id,
  lines: z
    .array(z.object({ orderLineId: id, quantity: z.number().int().min(1, FIELD_ERROR_KEYS.tooSmall) }))
    .min(1, FIELD_ERROR_KEYS.required)
    .max(100),
  reason: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(1000, FIELD_ERROR_KEYS.tooLong),
});
export const refundSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  /** What the shop answered when it declined or approved. */
  answer: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  lines: z.array(z.object({ orderLineId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  createdAt: z.iso.datetime(),
  /** The shop's IANA time zone, in which the request's date is written (as an order's). */
  timezone: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;
export const refundListSchema = paginatedSchema(refundSchema);

/** A file the customer bought, with a signed link that expires. */
export const downloadSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  orderLineId: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  url: z.string(),
  expiresAt: z.iso.datetime(),
  /** The shop's IANA time zone, in which the link's expiry is written (as an order's dates). */
  timezone: z.string(),
});
export type Download = z.infer<typeof downloadSchema>;
export const downloadListSchema = z.object({ records: z.array(downloadSchema) });

/**
 * The file behind a download link: `GET` with the link's query, and the bearer token of the customer
 * the link was made for. It answers the file itself, not an envelope, so it stands outside the
 * `endpoints` map; the storefront serves it under its own origin with the shopper's session.
 */
export const downloadFile = {
  path: "/api/storeOrder/download/{orderLineId}",
  params: z.object({ orderLineId: id }),
  query: z.object({
    expires: z.coerce.number().int().positive(),
    signature: z.string().regex(/^[\w-]{43}$/),
  }),
} as const;

/**
 * Buy again: an order's lines as the shop sells them today. `items` are what the cart takes, priced
 * and with stock from today's catalogue, their quantity brought down to stock (`asked` is what the
 * order had); `unavailable` names, from the order, what the shop no longer sells or has none of.
 */
export const buyAgainSchema = z.object({
  items: z.array(
    savedCartItemSchema.extend({
      /** The variation's and add-ons' names as the order shows them. */
      options: z.array(z.string()),
      asked: z.number().int(),
    }),
  ),
  unavailable: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
});
export type BuyAgain = z.infer<typeof buyAgainSchema>;
export type BuyAgainItem = BuyAgain["items"][number];
