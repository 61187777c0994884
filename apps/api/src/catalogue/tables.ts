import type { CategoryLayout, Fitment, Localizations, ProductImage, StoreImageType } from "@stoa/contract";
import { getTableColumns, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";
import { stores } from "../stores/tables.ts";

/** A PostgreSQL full-text document; the API never reads it, only matches and ranks with it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The text of one localized jsonb column in every language, for the full-text document. 'simple'
 * keeps every word as written (lower-cased), which is right for Arabic and Hebrew, which have no
 * stemmer in PostgreSQL; English is indexed a second time stemmed, so "apples" finds "Apple". The
 * regconfig is spelled out: `to_tsvector(regconfig, text)` is immutable, as a generated column needs.
 */
function allLanguages(column: string): string {
  return `coalesce(${column}->>'en', '') || ' ' || coalesce(${column}->>'ar', '') || ' ' || coalesce(${column}->>'he', '')`;
}

/**
 * Names weigh A, brands B and descriptions C, so a word in the name ranks above the same word in a
 * description (docs/decisions/007-keyword-search.md).
 */
const productSearchDocument = sql.raw(
  [
    `setweight(to_tsvector('simple'::regconfig, ${allLanguages("name_localizations")}), 'A')`,
    `setweight(to_tsvector('english'::regconfig, coalesce(name_localizations->>'en', '')), 'A')`,
    `setweight(to_tsvector('simple'::regconfig, ${allLanguages("brand_localizations")}), 'B')`,
    `setweight(to_tsvector('simple'::regconfig, ${allLanguages("description_localizations")}), 'C')`,
    `setweight(to_tsvector('english'::regconfig, coalesce(description_localizations->>'en', '')), 'C')`,
  ].join(" || "),
);

/*
 * Listing indexes are ascending: PostgreSQL scans a btree backwards for `ORDER BY … DESC`, and a
 * `DESC NULLS LAST` index would not serve the plain `DESC` (NULLS FIRST) the queries use.
 */
/** Categories form a tree per store through parent_id. */
export const categories = pgTable(
  "categories",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    parentId: integer("parent_id"),
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    image: text("image"),
    icon: text("icon"),
    sort: integer("sort").notNull().default(0),
    isShow: boolean("is_show").notNull().default(true),
    isAvailable: boolean("is_available").notNull().default(true),
    /** The listing layout of the category's page (CATEGORY_LAYOUTS); null for the shop's own. */
    layout: text("layout").$type<CategoryLayout>(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("categories_store_slug_uq").on(t.storeId, t.slug),
  ],
);

/**
 * A product's picture as kept: the wire's fields and, for pictures staff described in the console,
 * the alt text by language (`alt` then holds the shop's default, for readers that know no other).
 */
export type StoredProductImage = ProductImage & { altLocalizations?: Localizations };

export const products = pgTable(
  "products",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    descriptionLocalizations: jsonb("description_localizations").$type<Localizations>().notNull(),
    brandLocalizations: jsonb("brand_localizations").$type<Localizations>().notNull().default({}),
    /** Minor units of the store currency (docs/decisions/003-money.md). */
    price: integer("price").notNull(),
    salePrice: integer("sale_price"),
    /** What the shopper pays now; price filters and sorting use it. */
    effectivePrice: integer("effective_price")
      .notNull()
      .generatedAlwaysAs(sql`least(price, coalesce(sale_price, price))`),
    /**
     * The product's own tax rate in basis points, charged on its lines instead of the shop's
     * (decision 062); null: the shop's rate.
     */
    taxRateBp: integer("tax_rate_bp"),
    stock: integer("stock").notNull().default(0),
    /**
     * The level at or under which the product is low (the staff's list, their email); null for the
     * contract's LOW_STOCK_LEVEL. Shown by no catalogue answer, so changing it keeps cached answers.
     */
    lowStockThreshold: integer("low_stock_threshold"),
    sku: text("sku").notNull(),
    barcode: text("barcode").notNull().default(""),
    unit: text("unit").notNull().default(""),
    /** The shop's short remark ("Spicy", "OEM quality"), by locale. */
    remarksLocalizations: jsonb("remarks_localizations").$type<Localizations>().notNull().default({}),
    /** The options a shopper picks a variation by (size, colour), in display order. */
    variationOptions: jsonb("variation_options").$type<VariationOptionDefinition[]>().notNull().default([]),
    /**
     * How many rows of product_variations the product has, kept by whoever writes them, so a listing
     * knows which products need a variation picked without a query per row.
     */
    variationCount: integer("variation_count").notNull().default(0),
    /** A restaurant dish's choice groups (crust, extra toppings), in display order. */
    addOnGroups: jsonb("add_on_groups").$type<AddOnGroupDefinition[]>().notNull().default([]),
    /** Vehicles a car part fits; read only with the product, never searched by the storefront. */
    fitment: jsonb("fitment").$type<Fitment[]>().notNull().default([]),
    images: jsonb("images").$type<StoredProductImage[]>().notNull().default([]),
    isAvailable: boolean("is_available").notNull().default(true),
    /** Offered to diners at the shop's tables (issue 34): the table menu lists these only. */
    dineIn: boolean("dine_in").notNull().default(false),
    /** Sold as a download (a gift card, a printable menu): no shipping, delivered by a link. */
    isDigital: boolean("is_digital").notNull().default(false),
    /**
     * A gift card: what it costs is money kept for later, not goods. No coupon discounts it and no tax
     * is charged on it when sold; tax is charged on what it is spent on (issue 31).
     */
    isGiftCard: boolean("is_gift_card").notNull().default(false),
    /** The file a paid digital product downloads, by name within the shop's downloads folder. */
    digitalFile: text("digital_file"),
    salesVolume: integer("sales_volume").notNull().default(0),
    /**
     * Every name, brand, sku and barcode in one lower-cased text; a trigger of migration 0027 copies
     * its words (not the sku or barcode) into `search_words`, the shop's vocabulary.
     */
    searchText: text("search_text").notNull(),
    /** Full-text document of every name, brand and description, weighted; kept by PostgreSQL itself. */
    /**
     * The categories the product is linked to in product_categories, copied here by a trigger of
     * that table (migration 0001): one GIN index then intersects a category filter with the keyword
     * and price before any row is read. Never written by the app.
     */
    categoryIds: integer("category_ids").array().notNull().default(sql`'{}'`),
    searchVector: tsvector("search_vector").notNull().generatedAlwaysAs(productSearchDocument),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("products_store_slug_uq").on(t.storeId, t.slug),
    uniqueIndex("products_store_sku_uq").on(t.storeId, t.sku),
    index("products_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("products_store_price_idx").on(t.storeId, t.effectivePrice, t.id),
    index("products_store_sales_idx").on(t.storeId, t.salesVolume, t.id),
    index("products_store_barcode_idx").on(t.storeId, t.barcode),
    // The "on sale" shelf: newest first without scanning the products that are not on sale.
    index("products_store_on_sale_idx")
      .on(t.storeId, t.createdAt, t.id)
      .where(sql`sale_price IS NOT NULL AND sale_price < price`),
    // Keyword search: exact lexeme and prefix matches, no recheck of the row.
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_category_ids_idx").using("gin", t.categoryIds),
    // The staff's low-stock list reads only products that are low, however large the catalogue; the
    // default threshold repeats LOW_STOCK_LEVEL, and the queries repeat this condition exactly.
    index("products_store_low_stock_idx")
      .on(t.storeId, t.stock, t.id)
      .where(sql`stock <= coalesce(low_stock_threshold, 5) AND is_available`),
    // The table menu and the kitchen's dishes read a shop's dine-in dishes only (issue 34), however
    // large the rest of its catalogue.
    index("products_store_dine_in_idx").on(t.storeId, t.id).where(sql`dine_in`),
  ],
);

/**
 * The words a shop uses in its product names and brands, one row per word and shop: what a
 * mistyped keyword is corrected towards (decision 045). Filled by triggers on `products` (migration
 * 0027), never written by the app. Words only join: a word a product no longer uses stays, and a
 * correction towards it simply finds nothing.
 */
export const searchWords = pgTable(
  "search_words",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    word: text("word").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.word] })],
);

/**
 * What each statement changed in a store's products, under the store's `product_changes_seq` at the
 * time (one number per statement, so they follow commit order: the store row is locked to raise it).
 * Written only by the triggers of migration 0054, read by every API process that sees the number
 * move, and kept an hour (docs/decisions/069-product-level-cache-invalidation.md).
 */
export const productChanges = pgTable(
  "product_changes",
  {
    storeId: integer("store_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    productId: integer("product_id").notNull(),
    /** The product's categories before and after the change: the listings it could leave or join. */
    categoryIds: integer("category_ids").array().notNull(),
    /** PRODUCT_CHANGE bits (catalogue/product-changes.ts): what kind of listing the change can move. */
    aspects: smallint("aspects").notNull(),
    /**
     * With a new price: the effective price before and after, and 1/0 for on sale before and
     * after; a listing filtered by a price band or by sale moves only when the product crosses it.
     */
    prices: integer("prices").array(),
    /**
     * With a change of its words: the lexemes of its search document gained, lost or moved between
     * name, brand and description (migration 0055); null: any (a new sku or barcode, a long
     * rewrite). A one-word keyword search is dropped only when one of them could match it.
     */
    words: text("words").array(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.seq, t.productId] }),
    index("product_changes_changed_at_idx").on(t.changedAt),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    storeId: integer("store_id").notNull(),
    categoryId: integer("category_id").notNull(),
    productId: integer("product_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.categoryId, t.productId] }),
    index("product_categories_product_idx").on(t.storeId, t.productId),
  ],
);

/**
 * Every SKU of a shop, of its products and of their variations alike: one SKU names one thing
 * (decision 062). Kept by triggers of migration 0047 on both tables, never written by the app, so
 * two saves at once giving one SKU to a product and to a variation meet on this primary key.
 */
export const storeSkus = pgTable(
  "store_skus",
  {
    storeId: integer("store_id").notNull(),
    sku: text("sku").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.sku] })],
);

/** A buyable variant of a product: one value per option, its own sku, price and stock. */
export const productVariations = pgTable(
  "product_variations",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    productId: integer("product_id").notNull(),
    sku: text("sku").notNull(),
    /** Option key → value key, as defined by the product's variation options. */
    optionValues: jsonb("option_values").$type<Record<string, string>>().notNull(),
    price: integer("price").notNull(),
    salePrice: integer("sale_price"),
    stock: integer("stock").notNull().default(0),
    isAvailable: boolean("is_available").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    /**
     * What one buys of this variation when it differs from the product's unit ("serves 24" of a
     * platter whose product says "serves 12"); null: the product's.
     */
    unit: text("unit"),
    /** The variation's own description where its words differ from the product's; null: the product's. */
    descriptionLocalizations: jsonb("description_localizations").$type<Localizations>(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("product_variations_store_sku_uq").on(t.storeId, t.sku),
    index("product_variations_product_idx").on(t.storeId, t.productId, t.sort),
  ],
);

export const tags = pgTable(
  "tags",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    sort: integer("sort").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("tags_store_slug_uq").on(t.storeId, t.slug),
  ],
);

export const productTags = pgTable(
  "product_tags",
  {
    storeId: integer("store_id").notNull(),
    tagId: integer("tag_id").notNull(),
    productId: integer("product_id").notNull(),
  },
  (t) => [
    // Leading with the tag serves "products of these tags"; the index below serves "tags of this product".
    primaryKey({ columns: [t.storeId, t.tagId, t.productId] }),
    index("product_tags_product_idx").on(t.storeId, t.productId),
  ],
);

/** A curated shelf of products ("Summer grilling"), shown on the home page in `sort` order. */
export const collections = pgTable(
  "collections",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    descriptionLocalizations: jsonb("description_localizations").$type<Localizations>().notNull().default({}),
    image: text("image"),
    sort: integer("sort").notNull().default(0),
    isShow: boolean("is_show").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("collections_store_slug_uq").on(t.storeId, t.slug),
    index("collections_store_sort_idx").on(t.storeId, t.sort, t.id),
  ],
);

export const collectionProducts = pgTable(
  "collection_products",
  {
    storeId: integer("store_id").notNull(),
    collectionId: integer("collection_id").notNull(),
    productId: integer("product_id").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.collectionId, t.productId] }),
    // The first products of a collection, in the shop's order.
    index("collection_products_sort_idx").on(t.storeId, t.collectionId, t.sort),
  ],
);

/** Home banners and in-store flyer pages. */
export const storeImages = pgTable(
  "store_images",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    /** Stable name of the image within its store, so re-seeding finds the row. */
    slug: text("slug").notNull(),
    type: text("type").$type<StoreImageType>().notNull(),
    /** A picture per locale: banners and flyer pages carry lettering in the shopper's language. */
    urlLocalizations: jsonb("url_localizations").$type<Localizations>().notNull(),
    altLocalizations: jsonb("alt_localizations").$type<Localizations>().notNull().default({}),
    titleLocalizations: jsonb("title_localizations").$type<Localizations>().notNull().default({}),
    subtitleLocalizations: jsonb("subtitle_localizations").$type<Localizations>().notNull().default({}),
    link: text("link").notNull().default(""),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sort: integer("sort").notNull().default(0),
    isShow: boolean("is_show").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("store_images_store_slug_uq").on(t.storeId, t.slug),
    index("store_images_store_type_sort_idx").on(t.storeId, t.type, t.sort, t.id),
  ],
);

/** A variation option as stored: names by locale, resolved to the request's locale on the way out. */
export type VariationOptionDefinition = {
  key: string;
  names: Localizations;
  values: { key: string; labels: Localizations }[];
};

/** A restaurant choice group as stored, names by locale. */
export type AddOnGroupDefinition = {
  key: string;
  names: Localizations;
  minSelect: number;
  maxSelect: number;
  items: { key: string; names: Localizations; price: number }[];
};

export type CategoryRow = typeof categories.$inferSelect;
/**
 * The columns a product is shown from: all but the full-text document, which only the database
 * reads (selecting it would ship about a kilobyte of lexemes per row for nothing).
 */
export const productColumns = (() => {
  const { searchVector: _document, ...shown } = getTableColumns(products);
  return shown;
})();
export type ProductRow = Omit<typeof products.$inferSelect, "searchVector">;
export type ProductVariationRow = typeof productVariations.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;
export type StoreImageRow = typeof storeImages.$inferSelect;
