import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema, idTextSchema } from "../platform/ids.ts";
import { LOCALES } from "../platform/locale.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import { keepCategoryIds } from "./category-ids.ts";
import {
  CATEGORY_LAYOUTS,
  type CategoryLayout,
  HOME_SECTION_SIZE,
  MAX_KEYWORD_LENGTH,
  PRODUCTS_PER_PAGE,
} from "./constants.ts";

export const localizationsSchema = z.partialRecord(z.enum(LOCALES), z.string());

/** A flag that the storefront sends as a boolean or as 0/1 (spec: "isAvailable is 1"). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/**
 * A product's picture: its address and alt text in the shopper's language, and its size in pixels
 * when it is known (pictures staff upload carry it; older ones may not), so a page can reserve it.
 */
export const imageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
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
  /** The listing layout of the category's page; null for the shop's own (`layoutType`). */
  layout: CategoryLayout | null;
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
    layout: z.enum(CATEGORY_LAYOUTS).nullable(),
    children: z.array(categorySchema),
  }),
);
export const categoryTreeSchema = z.array(categorySchema);

// ── Products ──────────────────────────────────────────────────────────────

export const PRODUCT_SORT_FIELDS = ["createTime", "price", "salesVolume", "name", "relevance"] as const;
export const SORT_TYPES = ["asc", "desc"] as const;

const minorUnits = z.number().int().nonnegative().max(1_000_000_000);

/** Spec §3 ids that arrive as numbers or numeric text; anything else is dropped (spec §5). */
const idList = z
  .array(z.union([z.number(), z.string()]))
  .max(200)
  .transform(keepCategoryIds);

/**
 * Product search filter of spec §3. Prices are minor units. `remarks` matches the shop's remark on a
 * product ("spicy", "vegan", "OEM part"); `tagIds` keeps products carrying any of the tags.
 */
export const productSearchBodySchema = z
  .object({
    barCode: z.string().max(64).optional(),
    brandLocalizations: z.string().max(200).optional(),
    categoryIds: idList.optional(),
    isOnSale: flag.optional(),
    keyword: z.string().max(MAX_KEYWORD_LENGTH, FIELD_ERROR_KEYS.tooLong).optional(),
    remarks: z.string().max(200, FIELD_ERROR_KEYS.tooLong).optional(),
    tagIds: idList.optional(),
    sku: z.string().max(64).optional(),
    storeId: z.number().int().nonnegative().optional(),
    isAvailable: flag.optional(),
    /** Only products with stock left ("in stock only"); sold-out products stay listed without it. */
    inStock: flag.optional(),
    timeSort: z.enum(SORT_TYPES).optional(),
    sortType: z.enum(SORT_TYPES).optional(),
    sortField: z.enum(PRODUCT_SORT_FIELDS).optional(),
    maxPrice: minorUnits.optional(),
    minPrice: minorUnits.optional(),
    /** Only products whose average rating is at least this (1–5; "4 stars & up"). */
    minRating: z.coerce
      .number(FIELD_ERROR_KEYS.invalid)
      .min(1, FIELD_ERROR_KEYS.tooSmall)
      .max(5, FIELD_ERROR_KEYS.tooLarge)
      .optional(),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: FIELD_ERROR_KEYS.minAboveMax,
    path: ["minPrice"],
  });
export type ProductSearchBody = z.input<typeof productSearchBodySchema>;
export type ProductSearchFilter = z.output<typeof productSearchBodySchema>;

export const productSearchQuerySchema = paginationQuerySchema(PRODUCTS_PER_PAGE);

/**
 * A product's rating on cards and the product page (issue 37): one-decimal average of its published
 * reviews and how many there are; null while it has none. Overlaid on cached catalogue answers from
 * a small per-store map (decision 068), so a new review never drops the catalogue cache.
 */
export const productRatingSchema = z.object({
  average: z.number(),
  count: z.number().int(),
});
export type ProductRating = z.infer<typeof productRatingSchema>;

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
  /**
   * What one buys, in the shop's own words as typed once in its catalogue ("500 g", "24 pcs",
   * "serves 10", "each"), the same in every language: the storefront says the words it knows in
   * the shopper's language and shows the rest as written.
   */
  unit: z.string(),
  image: imageSchema.nullable(),
  categoryIds: z.array(z.number().int()),
  isOnSale: z.boolean(),
  isAvailable: z.boolean(),
  createTime: z.string(),
  /** The shop's short remark on the product ("Spicy", "Fits 2015–2020"), in the request's locale. */
  remarks: z.string(),
  /** True when the shopper must pick a variation (size, colour…) before adding it to the cart. */
  hasVariations: z.boolean(),
  /** True when a restaurant dish has options or add-ons to choose (RESTAURANT_OPTION). */
  hasOptions: z.boolean(),
  /** True when a car part lists the vehicles it fits, so "check fit" has something to check. */
  hasFitment: z.boolean(),
  /**
   * "From" this amount (minor units) when the shopper's choices change the price: variations the
   * shop offers at different prices, or add-ons that cost extra (`priceFrom`). Null when the
   * product has one price: `price` and `salePrice` then say it.
   */
  priceFrom: z.number().int().nullable(),
  /**
   * The same "From" before any sale (`regularPriceFrom`), shown struck through beside it; null
   * when there is no "From" price or no sale lowers it.
   */
  regularPriceFrom: z.number().int().nullable(),
  /** A digital good (a gift card, a printable manual): nothing to ship, delivered as a download. */
  isDigital: z.boolean(),
  /** A gift card: the buyer may name a recipient, who gets its code by email (gift-cards). */
  isGiftCard: z.boolean().default(false),
  rating: productRatingSchema.nullable().default(null),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSearchResultSchema = paginatedSchema(productSummarySchema).extend({
  /**
   * "Did you mean …?": when no product matches the keyword as typed, the keyword with its unknown
   * words replaced by the nearest words of the shop's own product names and brands, given only
   * when that search finds products. Absent otherwise.
   */
  suggestion: z.string().optional(),
});
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

/** A choice the shopper makes for a product with variations: "Size" with S, M, L. */
export const variationOptionSchema = z.object({
  /** Stable key of the option ("size"), used in a variation's `optionValues`. */
  key: z.string(),
  name: z.string(),
  values: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type VariationOption = z.infer<typeof variationOptionSchema>;

/** One buyable variant: a value for every option, with its own price, stock and sku. */
export const productVariationSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  /** Option key → value key, one entry per option of the product. */
  optionValues: z.record(z.string(), z.string()),
  /** "Large / Red" in the request's locale. */
  title: z.string(),
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  stock: z.number().int(),
  isAvailable: z.boolean(),
  /**
   * What one buys of this variation, in the shop's words like the product's `unit` ("serves 24"),
   * when it differs from the product's; null: the product's. The page shows the chosen one's.
   */
  unit: z.string().nullable(),
  /** The variation's own description in the request's locale, when it differs; null: the product's. */
  description: z.string().nullable(),
});
export type ProductVariation = z.infer<typeof productVariationSchema>;

/** A restaurant choice group: "Choose your crust" (exactly one) or "Extra toppings" (up to 4). */
export const addOnGroupSchema = z.object({
  key: z.string(),
  name: z.string(),
  minSelect: z.number().int().nonnegative(),
  maxSelect: z.number().int().positive(),
  items: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      /** Added to the dish's price, minor units; 0 for a free choice. */
      price: z.number().int().nonnegative(),
    }),
  ),
});
export type AddOnGroup = z.infer<typeof addOnGroupSchema>;

/** A vehicle a car part fits (CARPART). */
export const fitmentSchema = z.object({
  make: z.string(),
  model: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  engine: z.string(),
});
export type Fitment = z.infer<typeof fitmentSchema>;

export const productTagRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const productInfoSchema = productSummarySchema.extend({
  description: z.string(),
  descriptionLocalizations: localizationsSchema,
  brandLocalizations: localizationsSchema,
  barcode: z.string(),
  tags: z.array(productTagRefSchema),
  images: z.array(imageSchema),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  variationOptions: z.array(variationOptionSchema),
  variations: z.array(productVariationSchema),
  addOnGroups: z.array(addOnGroupSchema),
  fitment: z.array(fitmentSchema),
  /** Up to HOME_SECTION_SIZE best sellers sharing a category with the product. */
  related: z.array(productSummarySchema),
});
export type ProductInfo = z.infer<typeof productInfoSchema>;

export const productIdParamSchema = z.object({
  id: idTextSchema,
});

/** `POST api/storeProduct/hot`: best sellers (spec §9: sales volume descending), optionally in categories. */
export const hotProductsBodySchema = z
  .object({
    categoryIds: idList.optional(),
  })
  .strict();

/**
 * `POST api/storeProduct/recommend`: with a productId, what sells best among products sharing its
 * categories (the product itself left out); without one, the best-selling products on sale.
 */
export const recommendProductsBodySchema = z.object({ productId: idSchema.optional() }).strict();

// ── Tags, collections and store images ────────────────────────────────────

/** `POST api/storeProductTag/search`: the store's product tags, optionally only some ids. */
// Strict ids, unlike the listing's filters (spec §5 drops bad ones there): a list of tags asked by id
// whose ids were all dropped would answer every tag instead of the ones asked.
export const tagSearchBodySchema = z.object({ ids: z.array(idSchema).max(200).optional() }).strict();

export const productTagSchema = productTagRefSchema.extend({
  nameLocalizations: localizationsSchema,
  /** Available products carrying the tag. */
  productCount: z.number().int().nonnegative(),
});
export type ProductTag = z.infer<typeof productTagSchema>;
export const productTagListSchema = z.array(productTagSchema);

/** `POST api/storeCollections/search`: curated shelves ("Summer grilling") with their first products. */
export const collectionSearchBodySchema = z
  .object({
    /** How many products of each collection to include (home sections show 8). */
    productLimit: z.number().int().min(0).max(30).optional(),
  })
  .strict();
export const collectionSearchQuerySchema = paginationQuerySchema(HOME_SECTION_SIZE);

export const collectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: imageSchema.nullable(),
  products: z.array(productSummarySchema),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionPageSchema = paginatedSchema(collectionSchema);

export const STORE_IMAGE_TYPES = ["banner", "flyer"] as const;
export type StoreImageType = (typeof STORE_IMAGE_TYPES)[number];

/** `POST /api/storeImage/search`: home banners or the pages of the in-store flyer, in order. */
export const storeImageSearchBodySchema = z.object({ type: z.enum(STORE_IMAGE_TYPES) }).strict();

export const storeImageSchema = z.object({
  id: z.number().int(),
  type: z.enum(STORE_IMAGE_TYPES),
  url: z.string(),
  alt: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Where the banner leads, a storefront path such as `/products?categories=fruit`; empty for none. */
  link: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoreImage = z.infer<typeof storeImageSchema>;
export const storeImageListSchema = z.array(storeImageSchema);
