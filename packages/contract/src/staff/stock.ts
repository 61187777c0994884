import { z } from "zod";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import { LOW_STOCK_LEVEL } from "./today.ts";

/** Products per page of the console's stock list, and movements per page of a product's history. */
export const STAFF_STOCK_PAGE_SIZE = 25;
export const STAFF_STOCK_MOVEMENTS_PAGE_SIZE = 25;
/** The most one adjustment moves, and the highest level a count or a threshold may name. */
export const STAFF_STOCK_MOST = 1_000_000;
/** A note kept with a movement ("delivery 4411", "dropped in the yard"). */
export const STAFF_STOCK_NOTE_MAX = 200;

/**
 * Why staff change stock: goods came in (`received`, adds), goods were spoilt or lost (`damaged`,
 * takes), or a count found another level (`counted`, sets; the movement records the difference).
 * Orders taking and giving back stock are not movements: the order's lines and timeline record them
 * (docs/decisions/059-stock-movements-and-low-stock.md).
 */
export const STOCK_MOVEMENT_REASONS = ["received", "damaged", "counted"] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** Which products the stock list shows: all, those at or under their threshold, or sold out. */
export const STAFF_STOCK_FILTERS = ["all", "low", "soldOut"] as const;
export type StaffStockFilter = (typeof STAFF_STOCK_FILTERS)[number];

const quantity = z
  .number(FIELD_ERROR_KEYS.invalid)
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.tooSmall)
  .max(STAFF_STOCK_MOST, FIELD_ERROR_KEYS.tooLarge);

/**
 * One adjustment of a product's stock (or of one variation's, for a product sold by variation).
 * `received` and `damaged` move the level by `quantity` (at least 1); `counted` sets it to
 * `quantity` and carries `expected`, the level the member saw: a level that changed since is
 * refused (STAFF_EDIT_CONFLICT) rather than overwritten. A take below zero is refused
 * (STOCK_WOULD_GO_NEGATIVE), never clamped.
 */
export const staffStockAdjustBodySchema = z
  .object({
    productId: z.number().int().positive(),
    variationId: z.number().int().positive().nullable().default(null),
    reason: z.enum(STOCK_MOVEMENT_REASONS, { message: FIELD_ERROR_KEYS.invalid }),
    quantity,
    expected: z.number().int().min(0).max(STAFF_STOCK_MOST).nullable().default(null),
    note: z.string().trim().max(STAFF_STOCK_NOTE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  })
  .refine((body) => body.reason === "counted" || body.quantity >= 1, {
    path: ["quantity"],
    message: FIELD_ERROR_KEYS.tooSmall,
  })
  .refine((body) => body.reason !== "counted" || body.expected !== null, {
    path: ["expected"],
    message: FIELD_ERROR_KEYS.required,
  });
export type StaffStockAdjustBody = z.infer<typeof staffStockAdjustBodySchema>;

/** A product's own low-stock threshold; null returns it to the shop's default (LOW_STOCK_LEVEL). */
export const staffStockThresholdBodySchema = z.object({
  productId: z.number().int().positive(),
  threshold: quantity.nullable(),
});
export type StaffStockThresholdBody = z.infer<typeof staffStockThresholdBodySchema>;

/** The level a product is low at when it names none of its own. */
export const DEFAULT_LOW_STOCK_THRESHOLD = LOW_STOCK_LEVEL;

/** A variation's stock, as the console shows it under its product. */
export const staffStockVariationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  stock: z.number().int(),
});

/** A product's stock as the console lists it. */
export const staffStockItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  isAvailable: z.boolean(),
  /** Its own threshold, or null for the default. */
  threshold: z.number().int().nullable(),
  /** The level it is low at: its own threshold or the default. */
  lowAt: z.number().int(),
  low: z.boolean(),
  /** Sold by variation: stock is the total of `variations`, each adjusted on its own. */
  variations: z.array(staffStockVariationSchema),
});
export type StaffStockItem = z.infer<typeof staffStockItemSchema>;

export const staffStockListBodySchema = z.object({
  /** Words of a name, or a SKU or barcode exactly. */
  q: z.string().trim().max(100, FIELD_ERROR_KEYS.tooLong).default(""),
  filter: z.enum(STAFF_STOCK_FILTERS, { message: FIELD_ERROR_KEYS.invalid }).default("all"),
});
export type StaffStockListBody = z.infer<typeof staffStockListBodySchema>;
export const staffStockListSchema = paginatedSchema(staffStockItemSchema);
export type StaffStockList = z.infer<typeof staffStockListSchema>;

/** One recorded change of stock: what moved, why, the level after, who and when. */
export const staffStockMovementSchema = z.object({
  id: z.number().int(),
  variationId: z.number().int().nullable(),
  variationName: z.string().nullable(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  change: z.number().int(),
  stockAfter: z.number().int(),
  note: z.string(),
  staffName: z.string().nullable(),
  at: z.string(),
});
export type StaffStockMovement = z.infer<typeof staffStockMovementSchema>;

export const staffStockProductBodySchema = z.object({ productId: z.coerce.number().int().positive() });
export const staffStockProductSchema = z.object({
  product: staffStockItemSchema,
  movements: paginatedSchema(staffStockMovementSchema),
});
export type StaffStockProduct = z.infer<typeof staffStockProductSchema>;

/** What an adjustment answers: the product as it stands after it, and the movement written. */
export const staffStockAdjustedSchema = z.object({
  product: staffStockItemSchema,
  movement: staffStockMovementSchema,
});
export type StaffStockAdjusted = z.infer<typeof staffStockAdjustedSchema>;

/** The console's stock calls (the `stock` permission: owners, managers and staff). */
export const staffStockEndpoints = {
  staffStockList: {
    method: "post",
    path: "/api/staff/stock/list",
    summary: "The shop's products with their stock: by name words, SKU or barcode; all, low or sold out",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "stock",
    query: paginationQuerySchema(STAFF_STOCK_PAGE_SIZE),
    body: staffStockListBodySchema,
    data: staffStockListSchema,
  },
  staffStockProduct: {
    method: "post",
    path: "/api/staff/stock/product",
    summary: "One product's stock, its variations' and its movements, newest first",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "stock",
    query: paginationQuerySchema(STAFF_STOCK_MOVEMENTS_PAGE_SIZE),
    body: staffStockProductBodySchema,
    data: staffStockProductSchema,
  },
  staffStockAdjust: {
    method: "post",
    path: "/api/staff/stock/adjust",
    summary:
      "Received (+), damaged (−) or counted (sets, from the level seen: 3101 when it changed since) stock, kept as a movement; 3111 when it would go below zero; audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "stock",
    body: staffStockAdjustBodySchema,
    data: staffStockAdjustedSchema,
  },
  staffStockThreshold: {
    method: "post",
    path: "/api/staff/stock/threshold",
    summary: "A product's own low-stock threshold, or null for the shop's default; audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "stock",
    body: staffStockThresholdBodySchema,
    data: staffStockItemSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
