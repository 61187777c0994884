import type {
  DeliveryType,
  FulfilmentStatus,
  GiftRecipient,
  Locale,
  OrderStatus,
  OutOfStockPreference,
  ParcelCarrier,
  PaymentGateway,
  PaymentStatus,
  ProductImage,
  RefundStatus,
  ShippingInfo,
} from "@stoa/contract";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";

type ShippingAddress = NonNullable<ShippingInfo["shipping"]>;
type BillingAddress = NonNullable<ShippingInfo["billing"]>;

/**
 * The last order number a store gave. One row per store, raised by one upsert in the transaction
 * that writes the order, so numbers are gapless per store and never given twice (decision 018).
 */
export const orderCounters = pgTable("order_counters", {
  storeId: integer("store_id").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * An order: the shopper's choices and the totals frozen when it was placed, and where it stands as
 * a sale, as money and as goods (three state machines, apps/api/src/orders/*-status.ts).
 */
/**
 * A shopper's contact as it is compared (decision 067): an email lower-case, a phone by its digits
 * only. `contactKey` of the referrals module says the same in TypeScript.
 */
export const contactKeySql = (column: AnyColumn | SQL) =>
  sql`CASE WHEN strpos(${column}, '@') > 0 THEN lower(btrim(${column})) ELSE regexp_replace(${column}, '[^0-9]', '', 'g') END`;

export const orders = pgTable(
  "orders",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    /** Per store, from 1001: what the shop and the shopper call the order. */
    orderNumber: integer("order_number").notNull(),
    customerId: integer("customer_id").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull(),
    fulfilmentStatus: text("fulfilment_status").$type<FulfilmentStatus>().notNull(),

    deliveryType: text("delivery_type").$type<DeliveryType>().notNull(),
    deliveryWindowStart: timestamp("delivery_window_start", { withTimezone: true }),
    deliveryWindowEnd: timestamp("delivery_window_end", { withTimezone: true }),
    deliveryPostId: integer("delivery_post_id"),
    pickupOptionId: integer("pickup_option_id"),
    /** The postal option or pickup point, named in the shopper's language when the order was placed. */
    deliveryOptionName: text("delivery_option_name"),
    /** A pickup order's point's address, as the name: frozen, so the order keeps saying where to collect it. */
    pickupAddress: text("pickup_address"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    billingAddress: jsonb("billing_address").$type<BillingAddress>(),

    /** Totals in minor units of `currency` (decision 003), as the final total helper of spec §3 adds them. */
    currency: text("currency").notNull(),
    totalAmount: integer("total_amount").notNull(),
    tax: integer("tax").notNull(),
    taxIncluded: boolean("tax_included").notNull(),
    shippingCharge: integer("shipping_charge").notNull(),
    discount: integer("discount").notNull(),
    tip: integer("tip").notNull(),
    /** Taken from the customer's wallet; credited back when the order is cancelled or its card declines. */
    wallet: integer("wallet").notNull(),
    /**
     * Taken from the gift card typed at checkout (`giftCardLineId` and `giftCardUnit` name it); given
     * back to the card when the order is cancelled, its card declines, or it is refunded.
     */
    giftCard: integer("gift_card").notNull().default(0),
    giftCardLineId: integer("gift_card_line_id"),
    giftCardUnit: integer("gift_card_unit"),
    payableAmount: integer("payable_amount").notNull(),
    couponId: integer("coupon_id"),
    couponCode: text("coupon_code"),
    couponAmount: integer("coupon_amount"),

    paymentGateway: text("payment_gateway").$type<PaymentGateway>(),
    /** What is kept of the card paid with: never the number. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),

    customerName: text("customer_name").notNull(),
    customerContact: text("customer_contact").notNull(),
    note: text("note").notNull(),
    outStockPreference: text("out_stock_preference").$type<OutOfStockPreference>().notNull(),
    /** The shopper's language when ordering: later messages about the order are written in it. */
    locale: text("locale").$type<Locale>().notNull(),

    /**
     * The create request's Idempotency-Key (one generated when none was sent), and a digest of the
     * request: the same key with another request is refused, never taken for the first one.
     */
    idempotencyKey: text("idempotency_key").notNull(),
    requestDigest: text("request_digest").notNull(),
    /** Placed in a guest session: the confirmation email links to the order with a signed token. */
    placedAsGuest: boolean("placed_as_guest").notNull().default(false),
    cancelReason: text("cancel_reason"),
    /**
     * When the card provider last gave no answer to this order's authorization (an outage, a lost
     * answer): the shopper was told so and may try again, so the order no longer counts against
     * their open unpaid orders (migration 0026), though it keeps what it holds until it is settled.
     */
    cardUnansweredAt: timestamp("card_unanswered_at", { withTimezone: true }),
    /** The parcel the order was shipped in, as the shop named it (contract PARCEL_CARRIERS). */
    trackingCarrier: text("tracking_carrier").$type<ParcelCarrier>(),
    trackingNumber: text("tracking_number"),
    /** Units bought and the first line's picture, for order lists without reading the lines. */
    itemCount: integer("item_count").notNull(),
    image: jsonb("image").$type<ProductImage>(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("orders_store_number_uq").on(t.storeId, t.orderNumber),
    uniqueIndex("orders_idempotency_uq").on(t.storeId, t.customerId, t.idempotencyKey),
    // A shopper's list, newest first; the status tab filters rows of this index.
    index("orders_customer_created_idx").on(t.storeId, t.customerId, t.createdAt, t.id),
    // The staff's lists: all orders, or those of one status, newest first.
    index("orders_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("orders_store_status_created_idx").on(t.storeId, t.status, t.createdAt, t.id),
    index("orders_store_payment_created_idx").on(t.storeId, t.paymentStatus, t.createdAt, t.id),
    index("orders_store_delivery_created_idx").on(t.storeId, t.deliveryType, t.createdAt, t.id),
    // The staff's search by part of a shopper's name, email or phone (trigrams: any part matches).
    index("orders_customer_search_idx").using(
      "gin",
      sql`lower(${t.customerName} || ' ' || ${t.customerContact}) gin_trgm_ops`,
    ),
    // A shopper's orders still open and unpaid, counted against the store's limit whenever they
    // place another (stoa_open_unpaid_orders, migration 0020): only those, so the count reads a
    // handful of entries however many orders the shopper placed before.
    // A referral's first-order rule finds a contact's earlier orders (guests are new customers each time).
    index("orders_contact_key_idx").on(t.storeId, sql`(${contactKeySql(t.customerContact)})`),
    index("orders_customer_open_unpaid_idx")
      .on(t.storeId, t.customerId)
      .where(
        sql`status = 'pending_payment' OR (payment_status = 'cash_due' AND status NOT IN ('delivered', 'cancelled'))`,
      ),
  ],
);
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** A line of an order: a snapshot of what was bought, frozen whatever the catalogue does later. */
export const orderLines = pgTable(
  "order_lines",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    orderId: integer("order_id").notNull(),
    productId: integer("product_id").notNull(),
    variationId: integer("variation_id"),
    /** Group key → picked item keys, as the cart sent them. */
    addOns: jsonb("add_ons").$type<Record<string, string[]>>().notNull().default({}),
    name: text("name").notNull(),
    sku: text("sku").notNull(),
    /** Variation option values and add-on names, in the shopper's language. */
    options: jsonb("options").$type<string[]>().notNull().default([]),
    image: jsonb("image").$type<ProductImage>(),
    isDigital: boolean("is_digital").notNull().default(false),
    /** A gift card: each unit is a card with its own code once the order is paid (gift-cards/). */
    isGiftCard: boolean("is_gift_card").notNull().default(false),
    /** A gift card bought as a present: to whom it goes, with what message, and on what day. */
    giftRecipient: jsonb("gift_recipient").$type<GiftRecipient>(),
    /** The file a digital line downloads, as the product named it when the order was placed. */
    digitalFile: text("digital_file"),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotal: integer("line_total").notNull(),
    tax: integer("tax").notNull(),
    /** Position in the cart, so the order reads as the cart did. */
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("order_lines_order_idx").on(t.storeId, t.orderId, t.position),
    // Whether orders name a variation staff are removing (it is then switched off, not deleted).
    index("order_lines_variation_idx").on(t.storeId, t.variationId).where(sql`variation_id IS NOT NULL`),
  ],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

export type OrderActor = "shopper" | "staff" | "system";

/** Every move of an order's statuses, oldest first: the status timeline and who moved it. */
export const orderEvents = pgTable(
  "order_events",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    orderId: integer("order_id").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull(),
    fulfilmentStatus: text("fulfilment_status").$type<FulfilmentStatus>().notNull(),
    actor: text("actor").$type<OrderActor>().notNull(),
    /** The customer or staff member who moved it; null for the system. */
    actorId: integer("actor_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("order_events_order_idx").on(t.storeId, t.orderId, t.id),
  ],
);

/** A customer's request to get money back for lines of a delivered order, and the shop's answer. */
export const refundRequests = pgTable(
  "refund_requests",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    orderId: integer("order_id").notNull(),
    customerId: integer("customer_id").notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    reason: text("reason").notNull(),
    answer: text("answer"),
    /** Minor units of `currency`: the lines' share of what the order was paid. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** Where approved money went: the card, the customer's wallet, or cash handed back by the shop. */
    refundedTo: text("refunded_to").$type<"card" | "wallet" | "cash">(),
    answeredBy: integer("answered_by"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("refund_requests_customer_idx").on(t.storeId, t.customerId, t.createdAt, t.id),
    index("refund_requests_order_idx").on(t.storeId, t.orderId),
    index("refund_requests_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("refund_requests_status_idx").on(t.storeId, t.status, t.createdAt, t.id),
  ],
);
export type RefundRequestRow = typeof refundRequests.$inferSelect;

export const refundRequestLines = pgTable(
  "refund_request_lines",
  {
    storeId: integer("store_id").notNull(),
    refundId: integer("refund_id").notNull(),
    orderLineId: integer("order_line_id").notNull(),
    quantity: integer("quantity").notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.refundId, t.orderLineId] })],
);

/**
 * Secrets the API signs with, by name, made once and shared by every API process: the download
 * links' key when DOWNLOAD_SECRET is not set (decision 018).
 */
export const signingKeys = pgTable("signing_keys", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
