import { z } from "zod";
import { emailSchema } from "../account/schemas.ts";
import { tipOptionSchema } from "../checkout/checkout.ts";
import { PAYMENT_GATEWAYS } from "../checkout/constants.ts";
import { creditCardSchema } from "../payments/card.ts";
import { bamboraCardChoiceSchema, stripePaymentMethodIdSchema } from "../payments/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema } from "../platform/ids.ts";
import {
  DINER_NAME_MAX,
  LINE_NOTE_MAX,
  ROUND_LINE_QUANTITY_MAX,
  ROUND_LINES_MAX,
  ROUND_STATUSES,
  SHARE_KINDS,
  SPLIT_PARTS_MAX,
  TAB_PAYMENT_WAYS,
  TAB_STATUSES,
  TABLE_CODE_PATTERN,
} from "./constants.ts";

/** A table as diners see it: its name and area, never its code. */
export const diningTableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.string(),
  seats: z.number().int(),
});
export type DiningTable = z.infer<typeof diningTableSchema>;

/** One line of a round: frozen at the price the server found when the round was sent. */
export const tabLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variationId: z.number().int().nullable(),
  name: z.string(),
  /** Variation option values and add-on names, in the language of the diner who sent it. */
  options: z.array(z.string()),
  note: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  /** Voided by staff (sent by mistake): shown struck through, not counted. */
  voided: z.boolean(),
  voidReason: z.string().nullable(),
  /** The share that paid this line, when the bill is split by item. */
  paidByShareId: z.number().int().nullable(),
});
export type TabLine = z.infer<typeof tabLineSchema>;

/** A round: what one diner sent at once, the kitchen's ticket `ticket` of the tab. */
export const tabRoundSchema = z.object({
  id: z.number().int(),
  /** 1, 2, 3… within the tab. */
  ticket: z.number().int(),
  status: z.enum(ROUND_STATUSES),
  /** Who sent it: the name the diner typed, or "Guest 2"; a member's name when staff added it. */
  dinerName: z.string(),
  sentAt: z.string(),
  lines: z.array(tabLineSchema),
  /** The round's goods, voided lines left out. */
  total: z.number().int(),
});
export type TabRound = z.infer<typeof tabRoundSchema>;

/** A part of the bill paid, or being paid, by one diner. */
export const tabShareSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SHARE_KINDS),
  /** For `even`: which of `parts` (1-based). */
  part: z.number().int().nullable(),
  parts: z.number().int().nullable(),
  goods: z.number().int(),
  tip: z.number().int(),
  amount: z.number().int(),
  way: z.enum(TAB_PAYMENT_WAYS),
  status: z.enum(["paying", "paid"]),
  payerName: z.string(),
});
export type TabShare = z.infer<typeof tabShareSchema>;

/**
 * A table's tab as its diners (and staff) see it. `version` grows with every change (a round, a
 * kitchen move, a payment), so a page polling for news re-renders only when it moved.
 */
export const tabSchema = z.object({
  id: z.number().int(),
  table: diningTableSchema,
  status: z.enum(TAB_STATUSES),
  /** False until staff seat or confirm the table: rounds wait as `held` meanwhile (decision 065). */
  confirmed: z.boolean(),
  version: z.number().int(),
  openedAt: z.string(),
  currency: z.string(),
  rounds: z.array(tabRoundSchema),
  /** The names of the tab's diners, in the order they joined. */
  diners: z.array(z.string()),
  /** This caller's own name at the tab (the in-store token's), null for staff. */
  you: z.string().nullable(),
  /** Goods of every round, voided lines left out. */
  goods: z.number().int(),
  /** The coupon's discount on the whole bill, once one is applied. */
  discount: z.number().int(),
  couponCode: z.string().nullable(),
  /** What the bill comes to: goods less discount (tax included as the shop's prices include it). */
  total: z.number().int(),
  tax: z.number().int(),
  /** Goods paid by shares so far (tips apart). */
  paid: z.number().int(),
  tips: z.number().int(),
  /** What is left to pay: total less paid. The tab closes when it reaches zero. */
  balance: z.number().int(),
  /** Set once the first even share is paid: the number of parts every even share of this bill uses. */
  evenParts: z.number().int().nullable(),
  shares: z.array(tabShareSchema),
  /** A diner asked to pay at the counter: staff settle the rest there. */
  counterAsked: z.boolean(),
  /** The order the bill became (asked-for bill), by its number, for the receipt and the order list. */
  orderNumber: z.number().int().nullable(),
});
export type Tab = z.infer<typeof tabSchema>;

/** `POST api/storeTable/scan`: the code the QR code carries. */
export const tableScanBodySchema = z.object({
  code: z.string().trim().regex(TABLE_CODE_PATTERN, FIELD_ERROR_KEYS.invalid),
});
export type TableScanBody = z.infer<typeof tableScanBodySchema>;

/** What a scan answers: the in-store token (spec §6), the table, and its open tab if any. */
export const tableScanSchema = z.object({
  token: z.string(),
  expiresInSeconds: z.number().int(),
  table: diningTableSchema,
  storeName: z.string(),
  tab: tabSchema.nullable(),
});
export type TableScan = z.infer<typeof tableScanSchema>;

/** `api/storeTable/item`: one dish the table may order, as a listing shows it, with its category. */
export const tableMenuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  priceFrom: z.number().int().nullable(),
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
  categoryId: z.number().int().nullable(),
  /** The dish has variations or add-ons to pick (RESTAURANT_OPTION). */
  hasOptions: z.boolean(),
  /** Sold out: stock gone or the kitchen snoozed it. */
  available: z.boolean(),
});
export type TableMenuItem = z.infer<typeof tableMenuItemSchema>;
export const tableMenuSchema = z.object({
  currency: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  items: z.array(tableMenuItemSchema),
});
export type TableMenu = z.infer<typeof tableMenuSchema>;

/** `create/cateringOrder`: open the table's tab, or join the one open; the name is typed once. */
export const openTabBodySchema = z.object({
  dinerName: z.string().trim().max(DINER_NAME_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
});
export type OpenTabBody = z.infer<typeof openTabBodySchema>;

/** One dish of a round as the diner picked it; its price is the server's. */
export const roundLineInputSchema = z.object({
  productId: idSchema,
  variationId: idSchema.nullable().default(null),
  /** Group key → picked item keys, as the product page's add-on choice. */
  addOns: z.record(z.string().max(100), z.array(z.string().max(100)).max(50)).default({}),
  quantity: z
    .number()
    .int(FIELD_ERROR_KEYS.invalid)
    .min(1, FIELD_ERROR_KEYS.tooSmall)
    .max(ROUND_LINE_QUANTITY_MAX, FIELD_ERROR_KEYS.tooLarge),
  note: z.string().trim().max(LINE_NOTE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
});
export type RoundLineInput = z.infer<typeof roundLineInputSchema>;

/**
 * `add/storeCateringOrderItem`: one round. `roundKey` is made by the diner's phone once per round:
 * the same key sent again (a double tap, a retry) is the same round, added once.
 */
export const addRoundBodySchema = z.object({
  roundKey: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, FIELD_ERROR_KEYS.invalid),
  lines: z
    .array(roundLineInputSchema)
    .min(1, FIELD_ERROR_KEYS.required)
    .max(ROUND_LINES_MAX, FIELD_ERROR_KEYS.tooLarge),
});
export type AddRoundBody = z.infer<typeof addRoundBodySchema>;

/** `detail/cateringOrder`: `since` is the version the page has; the answer is the tab either way. */
export const tabDetailQuerySchema = z.object({ since: z.coerce.number().int().min(0).optional() });

/** Which part of the bill a payment is for. */
export const shareChoiceSchema = z.discriminatedUnion("kind", [
  /** Everything still unpaid. */
  z.object({ kind: z.literal("whole") }),
  /** Part `part` of `parts` equal parts of the whole bill. */
  z.object({
    kind: z.literal("even"),
    parts: z.number().int().min(2, FIELD_ERROR_KEYS.tooSmall).max(SPLIT_PARTS_MAX, FIELD_ERROR_KEYS.tooLarge),
    part: z.number().int().min(1, FIELD_ERROR_KEYS.tooSmall).max(SPLIT_PARTS_MAX, FIELD_ERROR_KEYS.tooLarge),
  }),
  /** The lines this diner had. */
  z.object({
    kind: z.literal("items"),
    lineIds: z.array(idSchema).min(1, FIELD_ERROR_KEYS.required).max(200),
  }),
]);
export type ShareChoice = z.infer<typeof shareChoiceSchema>;

/**
 * `cateringOrderCheckout` (honours `Idempotency-Key`): pay one share of an asked-for bill, by card
 * or by asking to pay at the counter. A coupon applies to the whole bill, before any share is paid.
 */
export const tabCheckoutBodySchema = z.object({
  share: shareChoiceSchema,
  way: z.enum(TAB_PAYMENT_WAYS),
  tip_option: tipOptionSchema.nullable().default(null),
  coupon: z.string().trim().max(64, FIELD_ERROR_KEYS.tooLong).nullable().default(null),
  /** Where the receipt goes; none is sent without it. */
  email: z.union([z.literal(""), emailSchema]).default(""),
  payment_gateway: z.enum(PAYMENT_GATEWAYS).nullable().default(null),
  credit_card: creditCardSchema.nullable().default(null),
  stripePaymentMethodId: stripePaymentMethodIdSchema.nullable().default(null),
  bamboraCard: bamboraCardChoiceSchema.nullable().default(null),
});
export type TabCheckoutBody = z.infer<typeof tabCheckoutBodySchema>;
export type TabCheckoutBodyInput = z.input<typeof tabCheckoutBodySchema>;

/** What paying a share answers: the share and the tab after it (closed when its balance is zero). */
export const tabCheckoutSchema = z.object({ share: tabShareSchema, tab: tabSchema });
export type TabCheckout = z.infer<typeof tabCheckoutSchema>;
