import { z } from "zod";
import { LOCALES, MAX_KEYWORD_LENGTH, PRODUCTS_PER_PAGE } from "./constants.ts";
import { FIELD_ERROR_KEYS } from "./errors.ts";
import { paginatedSchema, paginationQuerySchema } from "./pagination.ts";

export const localizationsSchema = z.partialRecord(z.enum(LOCALES), z.string());

/** A flag that the storefront sends as a boolean or as 0/1 (spec: "isAvailable is 1"). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

export const imageSchema = z.object({ url: z.string(), alt: z.string() });
export type ProductImage = z.infer<typeof imageSchema>;

// ── Categories ────────────────────────────────────────────────────────────

export const categorySearchBodySchema = z
  .object({
    language: z.enum(LOCALES).optional(),
    isAvailable: flag.optional(),
    storeId: z.number().int().nonnegative().optional(),
  })
  .strict();
export type CategorySearchBody = z.input<typeof categorySearchBodySchema>;

export type Category = {
  id: number;
  parentId: number | null;
  name: string;
  nameLocalizations: Partial<Record<(typeof LOCALES)[number], string>>;
  slug: string;
  image: string | null;
  icon: string | null;
  isShow: boolean;
  isAvailable: boolean;
  sort: number;
  children: Category[];
};

export const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    nameLocalizations: localizationsSchema,
    slug: z.string(),
    image: z.string().nullable(),
    icon: z.string().nullable(),
    isShow: z.boolean(),
    isAvailable: z.boolean(),
    sort: z.number().int(),
    children: z.array(categorySchema),
  }),
);
export const categoryTreeSchema = z.array(categorySchema);

// ── Products ──────────────────────────────────────────────────────────────

/** Spec §5: the category filter keeps only ids that are numeric and at least 0. */
export function keepCategoryIds(ids: readonly unknown[]): number[] {
  const kept: number[] = [];
  for (const id of ids) {
    const n =
      typeof id === "number" ? id : typeof id === "string" && /^\d+$/.test(id.trim()) ? Number(id) : NaN;
    if (Number.isSafeInteger(n) && n >= 0 && !kept.includes(n)) kept.push(n);
  }
  return kept;
}

export const PRODUCT_SORT_FIELDS = ["createTime", "price", "salesVolume", "name", "relevance"] as const;
export const SORT_TYPES = ["asc", "desc"] as const;

const minorUnits = z.number().int().nonnegative().max(1_000_000_000);

/**
 * Product search filter of spec §3. Prices are minor units. Tag and remark filters arrive with the
 * full catalogue filter (issue #4); until then they are not part of the contract.
 */
export const productSearchBodySchema = z
  .object({
    barCode: z.string().max(64).optional(),
    brandLocalizations: z.string().max(200).optional(),
    categoryIds: z
      .array(z.union([z.number(), z.string()]))
      .max(200)
      .transform(keepCategoryIds)
      .optional(),
    isOnSale: flag.optional(),
    keyword: z.string().max(MAX_KEYWORD_LENGTH, FIELD_ERROR_KEYS.tooLong).optional(),
    sku: z.string().max(64).optional(),
    storeId: z.number().int().nonnegative().optional(),
    isAvailable: flag.optional(),
    timeSort: z.enum(SORT_TYPES).optional(),
    sortType: z.enum(SORT_TYPES).optional(),
    sortField: z.enum(PRODUCT_SORT_FIELDS).optional(),
    maxPrice: minorUnits.optional(),
    minPrice: minorUnits.optional(),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: FIELD_ERROR_KEYS.minAboveMax,
    path: ["minPrice"],
  });
export type ProductSearchBody = z.input<typeof productSearchBodySchema>;
export type ProductSearchFilter = z.output<typeof productSearchBodySchema>;

export const productSearchQuerySchema = paginationQuerySchema(PRODUCTS_PER_PAGE);

export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameLocalizations: localizationsSchema,
  slug: z.string(),
  /** Minor units of the store currency. */
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  currency: z.string(),
  stock: z.number().int(),
  sku: z.string(),
  brand: z.string(),
  unit: z.string(),
  image: imageSchema.nullable(),
  categoryIds: z.array(z.number().int()),
  isOnSale: z.boolean(),
  isAvailable: z.boolean(),
  createTime: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSearchResultSchema = paginatedSchema(productSummarySchema);

export const productInfoSchema = productSummarySchema.extend({
  description: z.string(),
  descriptionLocalizations: localizationsSchema,
  brandLocalizations: localizationsSchema,
  barcode: z.string(),
  tags: z.array(z.string()),
  images: z.array(imageSchema),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
});
export type ProductInfo = z.infer<typeof productInfoSchema>;

export const productIdParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `POST api/storeProduct/hot`: best sellers (spec §9: sales volume descending), optionally in categories. */
export const hotProductsBodySchema = z
  .object({
    categoryIds: z
      .array(z.union([z.number(), z.string()]))
      .max(200)
      .transform(keepCategoryIds)
      .optional(),
  })
  .strict();

/**
 * `POST api/storeProduct/recommend`: with a productId, what sells best among products sharing its
 * categories (the product itself left out); without one, the best-selling products on sale.
 */
export const recommendProductsBodySchema = z
  .object({ productId: z.number().int().positive().max(2_147_483_647).optional() })
  .strict();
