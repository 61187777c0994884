import {
  type AddOnGroup,
  HOME_SECTION_SIZE,
  type Locale,
  type Localizations,
  localized,
  type Paginated,
  type PaginationQuery,
  type ProductImage,
  type ProductInfo,
  type ProductSummary,
  type ProductVariation,
  type VariationOption,
} from "@stoa/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { RatingFigures } from "../reviews/ratings.ts";
import type { StoreRow } from "../stores/tables.ts";
import {
  asDate,
  productSummaryOf,
  type SummaryRow,
  type SummarySource,
  shownImage,
  summaryColumns,
  summaryColumnsSql,
} from "./product-summary.ts";
import { searchProducts } from "./search.ts";
import { variationIsAvailable } from "./stock.ts";
import {
  type AddOnGroupDefinition,
  type ProductRow,
  type ProductVariationRow,
  products,
  type VariationOptionDefinition,
} from "./tables.ts";

function variationOptionsOf(options: VariationOptionDefinition[], locale: Locale): VariationOption[] {
  return options.map((option) => ({
    key: option.key,
    name: localized(option.names, locale),
    values: option.values.map((value) => ({ key: value.key, label: localized(value.labels, locale) })),
  }));
}

/** A variation titled by its values in the options' order: "Large / Red". */
type ShownVariationRow = Pick<
  ProductVariationRow,
  | "id"
  | "sku"
  | "optionValues"
  | "price"
  | "salePrice"
  | "stock"
  | "isAvailable"
  | "unit"
  | "descriptionLocalizations"
>;

function variationOf(row: ShownVariationRow, options: VariationOption[], locale: Locale): ProductVariation {
  const title = options
    .map((option) => option.values.find((value) => value.key === row.optionValues[option.key])?.label)
    .filter(Boolean)
    .join(" / ");
  return {
    id: row.id,
    sku: row.sku,
    optionValues: row.optionValues,
    title,
    price: row.price,
    salePrice: row.salePrice,
    stock: row.stock,
    isAvailable: variationIsAvailable(row),
    unit: row.unit,
    description: row.descriptionLocalizations
      ? localized(row.descriptionLocalizations, locale) || null
      : null,
  };
}

function addOnGroupsOf(groups: AddOnGroupDefinition[], locale: Locale): AddOnGroup[] {
  return groups.map((group) => ({
    key: group.key,
    name: localized(group.names, locale),
    minSelect: group.minSelect,
    maxSelect: group.maxSelect,
    items: group.items.map((item) => ({
      key: item.key,
      name: localized(item.names, locale),
      price: item.price,
    })),
  }));
}

/**
 * A product with everything its page shows, in one named statement (issue 38): the row, its shown
 * categories, its tags, its variations, its rating and its related products with theirs, as JSON
 * built by PostgreSQL, so an answer the cache cannot give costs one round trip and no query
 * building in JavaScript (docs/benchmarks.md, 2026-11-30: five statements built by the query
 * builder per answer were most of its CPU; each further statement costs a socket write and its
 * wake-up of the database).
 */
type ProductInfoRow = Omit<SummarySource, "createdAt"> &
  Pick<ProductRow, "descriptionLocalizations" | "barcode" | "variationOptions"> & {
    /** Times come as text inside JSON. */
    createdAt: string;
    ratingFigures: RatingFigures;
    shownCategories: { id: number; names: Localizations; slug: string }[];
    tagRows: { id: number; names: Localizations; slug: string }[];
    variationRows: ShownVariationRow[];
    /** Times come as text inside JSON. */
    relatedRows: (Omit<SummaryRow, "createdAt"> & { createdAt: string })[];
  };

/**
 * How many of the store's best sellers the related products are looked for among, by the sales
 * index, before the shelf's own products are read instead. The shelf is only known as the
 * statement runs, so PostgreSQL cannot choose between the two by its size: walking the best
 * sellers finds a large shelf's first few at once (a shelf of a fifth of 100,000 products: about
 * 40 rows), where reading the shelf would read all its products to sort them (20,000); a small
 * shelf, whose few products are not among the first best sellers, is read whole, cheaply. The
 * bound keeps the walk's worst case (a small shelf) at this many index rows.
 */
const RELATED_WALK = 1000;

/**
 * The related products' conditions: the store's offered products but this one. (Their shelf: the
 * product's categories and every shown category below them.) No SQL comments in a statement: its
 * text is joined into one line.
 */
const relatedOf = `o.store_id = p.store_id AND o.is_available AND o.id <> p.id`;

/**
 * The row comes as one JSON value: the driver parses one text with JSON.parse instead of some
 * twenty fields one by one (a tenth of the API's CPU per answer in the profile).
 */
const productInfoStatement = statement<{ info: ProductInfoRow }>(
  "product_info",
  `SELECT row_to_json(i) AS info FROM (SELECT ${summaryColumnsSql("p", { variationPrices: false, rating: true })},
      p.description_localizations AS "descriptionLocalizations", p.barcode,
      p.variation_options AS "variationOptions",
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'names', c.name_localizations, 'slug', c.slug)
                ORDER BY c.sort), '[]')
         FROM product_categories pc
         JOIN categories c ON c.store_id = pc.store_id AND c.id = pc.category_id
        WHERE pc.store_id = p.store_id AND pc.product_id = p.id AND c.is_show) AS "shownCategories",
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'names', t.name_localizations, 'slug', t.slug)
                ORDER BY t.sort, t.id), '[]')
         FROM product_tags pt
         JOIN tags t ON t.store_id = pt.store_id AND t.id = pt.tag_id
        WHERE pt.store_id = p.store_id AND pt.product_id = p.id) AS "tagRows",
      CASE WHEN p.variation_count > 0 THEN
        (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'optionValues', v.option_values,
                  'price', v.price, 'salePrice', v.sale_price, 'stock', v.stock, 'isAvailable', v.is_available,
                  'unit', v.unit, 'descriptionLocalizations', v.description_localizations)
                  ORDER BY v.sort, v.id), '[]')
           FROM product_variations v
          WHERE v.store_id = p.store_id AND v.product_id = p.id)
      ELSE '[]' END AS "variationRows",
      (WITH shelf AS MATERIALIZED (
         WITH RECURSIVE below(id) AS (
           SELECT unnest(p.category_ids)
           UNION
           SELECT c.id FROM categories c JOIN below ON c.parent_id = below.id
            WHERE c.store_id = p.store_id AND c.is_show)
         SELECT array_agg(id) AS ids FROM below),
       walked AS MATERIALIZED (
         SELECT best.id, best.sales_volume FROM (
           SELECT o.id, o.sales_volume, o.category_ids FROM products o
            WHERE ${relatedOf}
            ORDER BY o.sales_volume DESC, o.id DESC
            LIMIT ${RELATED_WALK}) best
          WHERE best.category_ids && (SELECT ids FROM shelf)
          LIMIT $3),
       picked AS (
         SELECT id, sales_volume FROM walked WHERE (SELECT count(*) FROM walked) >= $3
         UNION ALL
         (SELECT o.id, o.sales_volume FROM products o
           WHERE (SELECT count(*) FROM walked) < $3 AND ${relatedOf}
             AND o.category_ids && (SELECT ids FROM shelf)
           ORDER BY o.sales_volume DESC, o.id DESC
           LIMIT $3))
       SELECT coalesce(json_agg(r), '[]') FROM (
         SELECT ${summaryColumnsSql("o", { rating: true })}
           FROM picked JOIN products o ON o.store_id = p.store_id AND o.id = picked.id
          ORDER BY picked.sales_volume DESC, picked.id DESC) r) AS "relatedRows"
    FROM products p
   WHERE p.store_id = $1 AND p.id = $2) i`,
);

/** One product of the store; another store's product is "not found", never shown. */
export async function productInfo(
  db: Database,
  store: StoreRow,
  id: number,
  locale: Locale,
): Promise<ProductInfo> {
  const [found] = await run(db, productInfoStatement, [store.id, id, HOME_SECTION_SIZE]);
  if (!found) throw new ApiError("PRODUCT_NOT_FOUND");
  const row = found.info;
  const createdAt = asDate(row.createdAt);
  const variationOptions = variationOptionsOf(row.variationOptions, locale);
  // The summary's "From" price reads the variations as listings do: offered or not, stock aside.
  const variationPrices = row.variationRows.map(({ price, salePrice, isAvailable }) => ({
    price,
    salePrice,
    isAvailable,
  }));
  return {
    ...productSummaryOf(
      { ...row, createdAt, variationPrices },
      store,
      locale,
      row.shownCategories.map((c) => c.id),
    ),
    description: localized(row.descriptionLocalizations, locale),
    descriptionLocalizations: row.descriptionLocalizations,
    brandLocalizations: row.brandLocalizations,
    barcode: row.barcode,
    tags: row.tagRows.map((tag) => ({ id: tag.id, name: localized(tag.names, locale), slug: tag.slug })),
    images: row.images.map((image) => shownImage(image, locale)),
    categories: row.shownCategories.map((c) => ({
      id: c.id,
      name: localized(c.names, locale),
      slug: c.slug,
    })),
    variationOptions,
    variations: row.variationRows.map((variation) => variationOf(variation, variationOptions, locale)),
    addOnGroups: addOnGroupsOf(row.addOnGroups, locale),
    fitment: row.fitment,
    // "You may also like": the best sellers of the product's categories and their subcategories,
    // the product left out, as a listing sorted by sales shows them.
    related: row.relatedRows.map((r) =>
      productSummaryOf({ ...r, createdAt: asDate(r.createdAt) }, store, locale),
    ),
  };
}

/**
 * The categories a recommendation shares, read before its page: known to the planner as values, a
 * shelf is read by the sales index when it is large and whole when it is small.
 */
const productCategoryIds = statement<{ categoryIds: number[] }>(
  "catalogue_product_category_ids",
  `SELECT category_ids AS "categoryIds" FROM products WHERE store_id = $1 AND id = $2`,
);

/**
 * Recommendations: beside a product, the best sellers sharing one of its categories; without a
 * product, the best-selling deals of the store.
 */
export async function recommendProducts(
  db: Database,
  store: StoreRow,
  productId: number | undefined,
  page: PaginationQuery,
  locale: Locale,
): Promise<Paginated<ProductSummary>> {
  if (productId === undefined)
    return searchProducts(db, store, { isOnSale: true, sortField: "salesVolume" }, page, locale);
  const [product] = await run(db, productCategoryIds, [store.id, productId]);
  if (!product) throw new ApiError("PRODUCT_NOT_FOUND");
  const { categoryIds } = product;
  return searchProducts(
    db,
    store,
    { categoryIds, excludeId: productId, sortField: "salesVolume" },
    page,
    locale,
  );
}

/**
 * Summaries of the store's products among `ids`, by id: what other modules (the wishlist) show of a
 * product. An id of another store's product, or of no product, is left out.
 */
export async function productSummariesById(
  db: Database,
  store: StoreRow,
  ids: number[],
  locale: Locale,
): Promise<Map<number, ProductSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.storeId, store.id), inArray(products.id, ids)));
  return new Map(rows.map((row) => [row.id, productSummaryOf(row, store, locale)]));
}

/** What a cart needs of one variation of a product. */
export type CartVariation = {
  id: number;
  sku: string;
  /** The variation's option values in the options' order ("Large", "Red"), in the caller's language. */
  options: string[];
  price: number;
  salePrice: number | null;
  stock: number;
  isAvailable: boolean;
};

/** What a cart needs of a product to check a line and price it from today's catalogue. */
export type CartProduct = {
  id: number;
  name: string;
  sku: string;
  image: ProductImage | null;
  /** Sold as a download: checkout asks no shipping for it, the order gives a link to `digitalFile`. */
  isDigital: boolean;
  digitalFile: string | null;
  /** A gift card: never discounted, not taxed when sold. */
  isGiftCard: boolean;
  /** The product's own tax rate in basis points; null: the shop's. */
  taxRateBp: number | null;
  price: number;
  salePrice: number | null;
  stock: number;
  isAvailable: boolean;
  addOnGroups: AddOnGroup[];
  /** The product's variations by id; empty when it has none. */
  variations: Map<number, CartVariation>;
};

export type CartProductRow = {
  id: number;
  names: ProductRow["nameLocalizations"];
  sku: string;
  images: ProductRow["images"];
  isDigital: boolean;
  digitalFile: string | null;
  isGiftCard: boolean;
  taxRateBp: number | null;
  variationOptions: VariationOptionDefinition[];
  price: number;
  salePrice: number | null;
  stock: number;
  isAvailable: boolean;
  addOnGroups: AddOnGroupDefinition[];
  variations:
    | {
        id: number;
        productId: number;
        sku: string;
        optionValues: Record<string, string>;
        price: number;
        salePrice: number | null;
        stock: number;
        isAvailable: boolean;
      }[]
    | null;
};

/**
 * The cart's products with their variations, by the placeholders of a statement's store and ids:
 * products by primary key, variations by their product index. Every calculate and every order
 * reads it, inside the one statement of a checkout's reads (pricing/checkout-reads.ts); the cart's
 * own calls send it alone.
 */
export const cartProductsSelect = (store: string, ids: string) =>
  `SELECT p.id, p.name_localizations AS names, p.sku, p.images, p.is_digital AS "isDigital",
     p.digital_file AS "digitalFile", p.is_gift_card AS "isGiftCard", p.tax_rate_bp AS "taxRateBp", p.variation_options AS "variationOptions", p.price,
     p.sale_price AS "salePrice", p.stock, p.is_available AS "isAvailable", p.add_on_groups AS "addOnGroups",
     CASE WHEN p.variation_count > 0 THEN (
       SELECT json_agg(json_build_object('id', v.id, 'productId', v.product_id, 'sku', v.sku,
         'optionValues', v.option_values, 'price', v.price, 'salePrice', v.sale_price, 'stock', v.stock,
         'isAvailable', v.is_available))
       FROM product_variations v WHERE v.store_id = p.store_id AND v.product_id = p.id
     ) END AS variations
   FROM products p WHERE p.store_id = ${store} AND p.id = ANY(${ids}::int[])`;

const cartProducts = statement<CartProductRow>("catalogue_cart_products", cartProductsSelect("$1", "$2"));

/**
 * The store's products among `ids` with their variations and add-on groups, for the cart, in one
 * statement whatever the number of ids. An id of another store's product, or of no product, is left
 * out.
 */
export async function cartProductsById(
  db: Database,
  store: Pick<StoreRow, "id">,
  ids: number[],
  locale: Locale,
): Promise<Map<number, CartProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return cartProductsOf(await run(db, cartProducts, [store.id, unique]), locale);
}

/** The cart's products as `cartProductsSelect` reads them, by id, named in the shopper's language. */
export function cartProductsOf(rows: readonly CartProductRow[], locale: Locale): Map<number, CartProduct> {
  const variationRows = rows.flatMap((row) => row.variations ?? []);
  const found = new Map<number, CartProduct>();
  const optionsOf = new Map<number, VariationOption[]>();
  for (const row of rows) {
    optionsOf.set(row.id, variationOptionsOf(row.variationOptions, locale));
    found.set(row.id, {
      id: row.id,
      name: localized(row.names, locale),
      sku: row.sku,
      image: shownImage(row.images[0], locale),
      isDigital: row.isDigital,
      digitalFile: row.digitalFile,
      isGiftCard: row.isGiftCard,
      taxRateBp: row.taxRateBp,
      price: row.price,
      salePrice: row.salePrice,
      stock: row.stock,
      isAvailable: row.isAvailable,
      addOnGroups: addOnGroupsOf(row.addOnGroups, locale),
      variations: new Map(),
    });
  }
  for (const { productId, optionValues, ...variation } of variationRows) {
    const options = (optionsOf.get(productId) ?? [])
      .map((option) => option.values.find((value) => value.key === optionValues[option.key])?.label)
      .filter((label): label is string => !!label);
    found.get(productId)?.variations.set(variation.id, { ...variation, options });
  }
  return found;
}
