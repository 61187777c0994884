import type { Localizations } from "@stoa/contract";
import { and, eq, like, max, notLike, sql } from "drizzle-orm";
import { productSearchText } from "../catalogue/search-text.ts";
import { productCategories, products } from "../catalogue/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { ean13, localizations, SEED_CLOCK, slugify, stableHash } from "./rows.ts";
import type { Texts } from "./types.ts";

/** Generated products are told apart from the demo catalogue by this sku prefix. */
export const GENERATED_SKU_PREFIX = "BULK-";
const BATCH_SIZE = 2_000;
const MINUTES_IN_A_YEAR = 365 * 24 * 60;

/** Words that vary a base product's name; Arabic and Hebrew put the adjective after the noun. */
const ADJECTIVES: readonly Texts[] = [
  ["Classic", "كلاسيكي", "קלאסי"],
  ["Premium", "فاخر", "פרימיום"],
  ["Organic", "عضوي", "אורגני"],
  ["Everyday", "يومي", "יומיומי"],
  ["Deluxe", "ديلوكس", "דלוקס"],
  ["Essential", "أساسي", "בסיסי"],
  ["Signature", "مميز", "חתימה"],
  ["Natural", "طبيعي", "טבעי"],
  ["Original", "أصلي", "מקורי"],
  ["Select", "مختار", "נבחר"],
  ["Artisan", "حرفي", "בוטיק"],
  ["Eco", "صديق للبيئة", "ירוק"],
];

const SIZES: readonly { texts: Texts; factor: number }[] = [
  { texts: ["Mini", "صغير", "מיני"], factor: 0.6 },
  { texts: ["Small", "صغير الحجم", "קטן"], factor: 0.8 },
  { texts: ["Regular", "عادي", "רגיל"], factor: 1 },
  { texts: ["Large", "كبير", "גדול"], factor: 1.3 },
  { texts: ["XL", "كبير جدًا", "ענק"], factor: 1.6 },
  { texts: ["Twin Pack", "عبوة مزدوجة", "מארז זוגי"], factor: 1.9 },
  { texts: ["Family Size", "حجم العائلة", "גודל משפחתי"], factor: 2.4 },
  { texts: ["Value Pack", "عبوة توفير", "מארז חיסכון"], factor: 2.8 },
];

/** A demo product as far as naming and pricing its variations needs; the rest is copied in SQL. */
type BaseProduct = {
  id: number;
  slug: string;
  name: Localizations;
  brand: Localizations;
  price: number;
  categoryIds: number[];
};

/**
 * Adds `count` products to an existing store for benchmarks and query-plan tests: each one is a
 * demo product of the store with an adjective and a size added to its names, keeping its brand,
 * pictures and categories, so keyword search and category filters hit realistic shares of the
 * catalogue. Repeated calls append after the last generated product.
 */
export async function generateLargeCatalogue(
  db: Database,
  { storeId, count }: { storeId: number; count: number },
): Promise<{ products: number }> {
  const bases = await loadBaseProducts(db, storeId);
  if (bases.length === 0) throw new Error(`Store ${storeId} has no products to generate from; seed it first`);
  let next = (await lastGeneratedNumber(db, storeId)) + 1;
  for (let done = 0; done < count; ) {
    const size = Math.min(BATCH_SIZE, count - done);
    const batch = Array.from({ length: size }, (_, i) => next + i);
    const rows = batch.map((n) => generatedRow(storeId, n, bases));
    const inserted = await insertGenerated(db, storeId, rows);
    const links = inserted.flatMap(({ id, sku }) =>
      pick(bases, numberOf(sku)).categoryIds.map((categoryId) => ({ storeId, categoryId, productId: id })),
    );
    if (links.length > 0) await db.insert(productCategories).values(links);
    await copyTags(
      db,
      storeId,
      inserted.map(({ id, sku }) => ({ id, base_id: pick(bases, numberOf(sku)).id })),
    );
    done += size;
    next += size;
  }
  return { products: count };
}

/**
 * Generated products carry their base product's tags, so tag filters hit realistic shares of a big
 * catalogue. (Variations are not copied: a generated product is sold as it is.)
 */
async function copyTags(
  db: Database,
  storeId: number,
  generated: readonly { id: number; base_id: number }[],
) {
  if (generated.length === 0) return;
  await db.execute(sql`
    INSERT INTO product_tags (store_id, tag_id, product_id)
    SELECT ${storeId}, base_tag.tag_id, r.id
    FROM jsonb_to_recordset(${JSON.stringify(generated)}::jsonb) AS r(id int, base_id int)
    JOIN product_tags base_tag ON base_tag.store_id = ${storeId} AND base_tag.product_id = r.base_id
    ON CONFLICT DO NOTHING`);
}

async function loadBaseProducts(db: Database, storeId: number): Promise<BaseProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.nameLocalizations,
      brand: products.brandLocalizations,
      price: products.price,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), notLike(products.sku, `${GENERATED_SKU_PREFIX}%`)))
    .orderBy(products.id);
  const links = await db
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.storeId, storeId));
  const categoriesOf = new Map<number, number[]>();
  for (const { productId, categoryId } of links) {
    categoriesOf.set(productId, [...(categoriesOf.get(productId) ?? []), categoryId]);
  }
  return rows.map((row) => ({ ...row, categoryIds: categoriesOf.get(row.id) ?? [] }));
}

async function lastGeneratedNumber(db: Database, storeId: number): Promise<number> {
  // Skus are zero-padded, so the greatest sku is the last one generated.
  const [row] = await db
    .select({ sku: max(products.sku) })
    .from(products)
    .where(and(eq(products.storeId, storeId), like(products.sku, `${GENERATED_SKU_PREFIX}%`)));
  return row?.sku ? numberOf(row.sku) : 0;
}

function skuOf(n: number): string {
  return `${GENERATED_SKU_PREFIX}${String(n).padStart(8, "0")}`;
}

function numberOf(sku: string): number {
  return Number(sku.slice(GENERATED_SKU_PREFIX.length));
}

/** The item at `index`, wrapping around the list. */
function pick<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error("Cannot pick from an empty list");
  return item;
}

/** Joins words in one language, skipping any that are missing. */
function phrase(...words: (string | undefined)[]): string {
  return words.filter(Boolean).join(" ");
}

/** What differs from the base product; the rest is copied from the base row inside the database. */
type GeneratedRow = {
  base_id: number;
  slug: string;
  name_localizations: Localizations;
  price: number;
  sale_price: number | null;
  stock: number;
  sku: string;
  barcode: string;
  is_available: boolean;
  sales_volume: number;
  search_text: string;
  created_at: string;
};

/**
 * One statement per batch with the batch as a single JSON parameter: binding one parameter per
 * cell, or sending each product's long multilingual texts again, makes PGlite several times slower.
 */
async function insertGenerated(
  db: Database,
  storeId: number,
  rows: readonly GeneratedRow[],
): Promise<{ id: number; sku: string }[]> {
  const result = await db.execute(sql`
    INSERT INTO products (store_id, slug, name_localizations, description_localizations, brand_localizations,
      price, sale_price, stock, sku, barcode, unit, remarks_localizations, add_on_groups, fitment, images,
      is_available, sales_volume, search_text, created_at)
    SELECT base.store_id, r.slug, r.name_localizations, base.description_localizations, base.brand_localizations,
      r.price, r.sale_price, r.stock, r.sku, r.barcode, base.unit, base.remarks_localizations, base.add_on_groups,
      base.fitment, base.images, r.is_available, r.sales_volume, r.search_text, r.created_at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(base_id int, slug text, name_localizations jsonb,
      price int, sale_price int, stock int, sku text, barcode text, is_available boolean, sales_volume int,
      search_text text, created_at timestamptz)
    JOIN products base ON base.store_id = ${storeId} AND base.id = r.base_id
    RETURNING id, sku`);
  // Both drivers answer raw queries with `{ rows }`; the shared Database type does not say so.
  return (result as unknown as { rows: { id: number; sku: string }[] }).rows;
}

function generatedRow(storeId: number, n: number, bases: readonly BaseProduct[]): GeneratedRow {
  const base = pick(bases, n);
  const round = Math.floor(n / bases.length);
  const adjective = pick(ADJECTIVES, round);
  const size = pick(SIZES, Math.floor(round / ADJECTIVES.length));
  const adj = localizations(adjective);
  const sizeName = localizations(size.texts);
  const nameLocalizations: Localizations = {
    en: phrase(adj.en, base.name.en, sizeName.en),
    ar: phrase(base.name.ar, adj.ar, sizeName.ar),
    he: phrase(base.name.he, adj.he, sizeName.he),
  };
  const hash = stableHash(`${storeId}:${n}`);
  const sku = skuOf(n);
  const barcode = ean13(`2${String(storeId).padStart(3, "0").slice(-3)}${String(n).padStart(8, "0")}`);
  // Prices end in 9 like shop prices do.
  const price = Math.max(99, Math.round((base.price * size.factor) / 10) * 10 - 1);
  return {
    base_id: base.id,
    slug: `${base.slug}-${slugify(adjective[0])}-${n}`,
    name_localizations: nameLocalizations,
    price,
    sale_price: hash % 4 === 0 ? Math.round(price * 0.85) : null,
    stock: hash % 23 === 0 ? 0 : 5 + (hash % 300),
    sku,
    barcode,
    is_available: hash % 50 !== 0,
    sales_volume: Math.floor(((hash >>> 8) % 1000) ** 2 / 400),
    search_text: productSearchText({ nameLocalizations, brandLocalizations: base.brand, sku, barcode }),
    created_at: new Date(SEED_CLOCK.getTime() - ((hash >>> 4) % MINUTES_IN_A_YEAR) * 60_000).toISOString(),
  };
}
