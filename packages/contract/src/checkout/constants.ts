// The checkout's plain constants, apart from its schemas: the storefront's shell reads them on
// every page, and a module that defines zod schemas would bring zod along (decision 026).
import { BAMBORA_GATEWAY, CARD_PAYMENT, STRIPE_GATEWAY } from "../payments/gateways.ts";
import { TEST_CARD_GATEWAY } from "../payments/test-cards.ts";
import { STORAGE_KEYS } from "../platform/constants.ts";

/**
 * How an order reaches the shopper (spec §3 `delivery_type`). `table`: a dine-in bill, served at
 * the table it was eaten at (decision 065); only asking for a tab's bill makes one.
 */
export const DELIVERY_TYPES = ["delivery", "pickup", "post", "digital", "table"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/** What a checkout may ask for: every way but `table`, which a tab's bill alone makes. */
export const CHECKOUT_DELIVERY_TYPES = [
  "delivery",
  "pickup",
  "post",
  "digital",
] as const satisfies readonly DeliveryType[];
export type CheckoutDeliveryType = (typeof CHECKOUT_DELIVERY_TYPES)[number];

/**
 * How the shopper pays: `cash` on delivery or at pickup, or `card`, whose provider the shop decides
 * (a new card) or the saved card does; a free order needs none. An order records the provider its
 * card went through (`test-card`, `stripe`, `bambora`). A checkout that still names a provider is
 * taken only where it is the card's own provider.
 */
export const PAYMENT_GATEWAYS = [
  "cash",
  CARD_PAYMENT,
  TEST_CARD_GATEWAY,
  STRIPE_GATEWAY,
  BAMBORA_GATEWAY,
] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** What the shop does when a line turns out to be out of stock while the order is prepared. */
export const OUT_OF_STOCK_PREFERENCES = ["remove_item", "contact_me", "substitute"] as const;
export type OutOfStockPreference = (typeof OUT_OF_STOCK_PREFERENCES)[number];

/** The tip buttons of ADD_OR_UPDATE_CHECKOUT_TIP_OPTION; any other percent or amount may be typed. */
export const TIP_PERCENT_CHOICES = [0, 10, 15, 20] as const;
/** The largest tip a shopper may give, as a percent of the goods or as an amount in minor units. */
export const MAX_TIP_PERCENT = 100;
export const MAX_TIP_AMOUNT = 100_000;
/** A tip as chosen: the shape of `tipOptionSchema`, written here so the tip rules need no zod. */
export type TipOptionChoice = { type: "percent" | "amount"; value: number };

/**
 * Storage key of the persisted checkout state (spec §9): the `checkout` key of the storage keys,
 * so signing out, which clears those, forgets the checkout too.
 */
export const CHECKOUT_STORAGE_KEY = STORAGE_KEYS.checkout;
/** The request header that makes a create safe to retry: one key, one order. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** What an idempotency key may be: a UUID fits, as does any random text of 8 to 100 word characters, `.`, `:` or `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,100}$/;
