import { randomBytes } from "node:crypto";
import {
  countedResultsCap,
  DEFAULT_LOW_STOCK_THRESHOLD,
  LOCALES,
  type Locale,
  type Localizations,
  localized,
  type PaginationQuery,
  paginate,
  type StaffProduct,
  type StaffProductChoice,
  type StaffProductChoices,
  type StaffProductForm,
  type StaffProductList,
  type StaffProductListBody,
  type StaffProductUpdateBody,
  type StaffProductVariationsBody,
  type StaffVariation,
} from "@stoa/contract";
import { and, asc, count, desc, eq, inArray, lte, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { isUniqueViolation } from "../customers/service.ts";
import type { DownloadFiles } from "../orders/files.ts";
import { orderedVariationIds } from "../orders/service.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { pricingSettingsOf } from "../pricing/checkout-settings.ts";
import { recordChange } from "../staff/audit.ts";
import type { StoreRow } from "../stores/tables.ts";
import { productSearchText } from "./search-text.ts";
import { slugify } from "./slug.ts";
import { LOW, matching } from "./staff-stock.ts";
import {
  categories,
  type ProductRow,
  productCategories,
  productColumns,
  products,
  productTags,
  productVariations,
  tags,
} from "./tables.ts";

/*
 * The console's products (issue 33): staff list the shop's products, make and change them, and set
 * their variations and add-ons. Every write locks the product's row and checks the version its
 * editor read (decision 058), so of two edits from one version one is written and the other told.
 * Stock is never written here: it moves by adjustments and orders only (decision 059). Every change
 * of a product row raises the shop's catalogue version by trigger (migration 0011), so the
 * storefront's kept answers show the edit at once.
 */

type Shop = Pick<StoreRow, "id" | "currency">;

/** Texts in every language the storefront speaks, "" where one is missing. */
function everyLanguage(texts: Localizations | null | undefined): Record<(typeof LOCALES)[number], string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, texts?.[locale] ?? ""])) as Record<
    (typeof LOCALES)[number],
    string
  >;
}

/** Only the languages written, as the catalogue keeps them (an empty one falls back when shown). */
function written(texts: Record<string, string>): Localizations {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== "")) as Localizations;
}

const skuTaken = (field: string) => new ApiError("PRODUCT_SKU_TAKEN", { [field]: "error-product-sku-taken" });
const unknownReference = (field: string) =>
  new ApiError("PRODUCT_REFERENCE_UNKNOWN", { [field]: "error-product-reference-unknown" });

/** A version is the product's last change to the millisecond; each write moves it on by one at least. */
const nextVersion = sql`greatest(now(), date_trunc('milliseconds', ${products.updatedAt}) + interval '1 millisecond')`;

// ── The list ─────────────────────────────────────────────────────────────────

/** The shop's categories or tags, in the shop's order, named in the caller's language. */
async function choicesOf(db: Database, storeId: number, locale: Locale) {
  const [categoryRows, tagRows] = await Promise.all([
    db
      .select({ id: categories.id, names: categories.nameLocalizations })
      .from(categories)
      .where(eq(categories.storeId, storeId))
      .orderBy(asc(categories.sort), asc(categories.id)),
    db
      .select({ id: tags.id, names: tags.nameLocalizations })
      .from(tags)
      .where(eq(tags.storeId, storeId))
      .orderBy(asc(tags.sort), asc(tags.id)),
  ]);
  const named = (rows: { id: number; names: Localizations }[]): StaffProductChoice[] =>
    rows.map((row) => ({ id: row.id, name: localized(row.names, locale) }));
  return { categories: named(categoryRows), tags: named(tagRows) };
}

const listColumns = {
  id: products.id,
  names: products.nameLocalizations,
  sku: products.sku,
  barcode: products.barcode,
  price: products.price,
  salePrice: products.salePrice,
  stock: products.stock,
  threshold: products.lowStockThreshold,
  isAvailable: products.isAvailable,
  variationCount: products.variationCount,
  images: products.images,
};

/**
 * The store's products: a name's words, a SKU or barcode (the stock list's own matching, each part
 * through its index), a category through the GIN index of `category_ids`, low or sold out through
 * the partial index of low products (fewest first), else newest first along the primary key. Totals
 * are counted up to the pages a reader can reach (decision 011), so a page costs the same at 100,000
 * products.
 */
export async function staffProductList(
  db: Database,
  shop: Shop,
  locale: Locale,
  body: StaffProductListBody,
  page: PaginationQuery,
): Promise<StaffProductList> {
  const conditions: (SQL | undefined)[] = [
    eq(products.storeId, shop.id),
    await matching(db, shop.id, body.q),
  ];
  if (body.categoryId !== null)
    conditions.push(sql`${products.categoryIds} @> ARRAY[${body.categoryId}]::int[]`);
  if (body.stock === "low") conditions.push(LOW);
  if (body.stock === "soldOut") conditions.push(LOW, lte(products.stock, 0));
  if (body.availability !== "all")
    conditions.push(eq(products.isAvailable, body.availability === "available"));
  const where = and(...conditions);
  const order = body.stock === "all" ? [desc(products.id)] : [asc(products.stock), asc(products.id)];
  const countOrder = body.stock === "all" && (body.q || body.categoryId !== null) ? [] : order;
  const cap = countedResultsCap(page);
  const [rows, [counted], choices] = await Promise.all([
    db
      .select(listColumns)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(products)
        .where(where)
        .orderBy(...countOrder)
        .limit(cap + 1)
        .as("matches"),
    ),
    choicesOf(db, shop.id, locale),
  ]);
  const total = counted?.total ?? 0;
  const records = rows.map((row) => {
    const lowAt = row.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
    return {
      id: row.id,
      name: localized(row.names, locale),
      sku: row.sku,
      barcode: row.barcode,
      price: row.price,
      salePrice: row.salePrice,
      stock: row.stock,
      low: row.isAvailable && row.stock <= lowAt,
      isAvailable: row.isAvailable,
      variationCount: row.variationCount,
      image: row.images[0]?.url ?? null,
    };
  });
  return {
    ...paginate(records, Math.min(total, cap), page, total > cap),
    currency: shop.currency,
    categories: choices.categories,
  };
}

// ── One product ──────────────────────────────────────────────────────────────

/** What the product form picks from. */
export async function staffProductChoices(
  db: Database,
  shop: Shop,
  locale: Locale,
  files: DownloadFiles,
): Promise<StaffProductChoices> {
  const [choices, digitalFiles, pricing] = await Promise.all([
    choicesOf(db, shop.id, locale),
    files.list(shop.id),
    pricingSettingsOf(db, shop.id),
  ]);
  return { ...choices, digitalFiles, currency: shop.currency, shopTaxRateBp: pricing.taxRateBp };
}

async function tagIdsOf(db: Database, storeId: number, productId: number): Promise<number[]> {
  const rows = await db
    .select({ tagId: productTags.tagId })
    .from(productTags)
    .where(and(eq(productTags.storeId, storeId), eq(productTags.productId, productId)))
    .orderBy(asc(productTags.tagId));
  return rows.map((row) => row.tagId);
}

async function variationsOf(
  db: Database,
  storeId: number,
  productId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<StaffVariation[]> {
  const query = db
    .select()
    .from(productVariations)
    .where(and(eq(productVariations.storeId, storeId), eq(productVariations.productId, productId)))
    .orderBy(asc(productVariations.sort), asc(productVariations.id));
  // Locked, the rows wait for a checkout taking their stock to commit, so its order line is seen
  // below and a variation it names is switched off, never deleted under it.
  const rows = lock ? await query.for("update") : await query;
  const ordered = await orderedVariationIds(
    db,
    storeId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    optionValues: row.optionValues,
    price: row.price,
    salePrice: row.salePrice,
    stock: row.stock,
    isAvailable: row.isAvailable,
    sort: row.sort,
    ordered: ordered.has(row.id),
  }));
}

/** A product's fields as staff write them: what the audit log keeps before and after a change. */
function formOf(row: ProductRow, tagIds: number[]): StaffProductForm {
  return {
    names: everyLanguage(row.nameLocalizations),
    descriptions: everyLanguage(row.descriptionLocalizations),
    brands: everyLanguage(row.brandLocalizations),
    price: row.price,
    salePrice: row.salePrice,
    taxRateBp: row.taxRateBp,
    sku: row.sku,
    barcode: row.barcode,
    unit: row.unit,
    categoryIds: [...row.categoryIds].sort((a, b) => a - b),
    tagIds,
    isAvailable: row.isAvailable,
    dineIn: row.dineIn,
    isDigital: row.isDigital,
    digitalFile: row.digitalFile,
  };
}

/** The product's options, variations and add-ons as staff write them, for the audit log. */
function variationsFormOf(row: ProductRow, variations: StaffVariation[]) {
  return {
    options: row.variationOptions,
    variations: variations.map(({ stock: _stock, ordered: _ordered, ...variation }) => variation),
    addOnGroups: row.addOnGroups,
  };
}

async function answerOf(db: Database, shop: Shop, row: ProductRow): Promise<StaffProduct> {
  // One after another: inside a transaction the queries share one connection.
  const tagIds = await tagIdsOf(db, shop.id, row.id);
  const variations = await variationsOf(db, shop.id, row.id);
  const pricing = await pricingSettingsOf(db, shop.id);
  return {
    id: row.id,
    slug: row.slug,
    ...formOf(row, tagIds),
    stock: row.stock,
    options: row.variationOptions.map((option) => ({
      key: option.key,
      names: everyLanguage(option.names),
      values: option.values.map((value) => ({ key: value.key, labels: everyLanguage(value.labels) })),
    })),
    variations,
    addOnGroups: row.addOnGroups.map((group) => ({
      key: group.key,
      names: everyLanguage(group.names),
      minSelect: group.minSelect,
      maxSelect: group.maxSelect,
      items: group.items.map((item) => ({
        key: item.key,
        names: everyLanguage(item.names),
        price: item.price,
      })),
    })),
    currency: shop.currency,
    shopTaxRateBp: pricing.taxRateBp,
    createdAt: row.createdAt.toISOString(),
    version: row.updatedAt.toISOString(),
  };
}

async function productRow(db: Database, storeId: number, productId: number, lock = false) {
  const query = db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

export async function staffProductDetail(
  db: Database,
  shop: Shop,
  locale: Locale,
  files: DownloadFiles,
  productId: number,
) {
  const row = await productRow(db, shop.id, productId);
  const [product, choices] = await Promise.all([
    answerOf(db, shop, row),
    staffProductChoices(db, shop, locale, files),
  ]);
  return { product, choices };
}

// ── Checks shared by making and changing ─────────────────────────────────────

/**
 * Whether a SKU is the shop's already, on another product or on a variation (the stock list finds
 * a product by either, so one SKU names one thing). `exceptProduct` and `exceptVariations` are the
 * rows being written themselves.
 */
async function skuInUse(
  db: Database,
  storeId: number,
  sku: string,
  except: { product?: number; variations?: number[] } = {},
): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.sku, sku),
        except.product === undefined ? undefined : ne(products.id, except.product),
      ),
    )
    .limit(1);
  if (product) return true;
  const [variation] = await db
    .select({ id: productVariations.id })
    .from(productVariations)
    .where(
      and(
        eq(productVariations.storeId, storeId),
        eq(productVariations.sku, sku),
        except.variations?.length ? notInArray(productVariations.id, except.variations) : undefined,
      ),
    )
    .limit(1);
  return variation !== undefined;
}

/** Refuses categories, tags or a file the shop does not have (PRODUCT_REFERENCE_UNKNOWN on the field). */
async function checkReferences(db: Database, storeId: number, form: StaffProductForm, files: DownloadFiles) {
  const known = async (table: typeof categories | typeof tags, ids: number[]) => {
    if (ids.length === 0) return true;
    const [found] = await db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.storeId, storeId), inArray(table.id, ids)));
    return (found?.n ?? 0) === ids.length;
  };
  if (!(await known(categories, form.categoryIds))) throw unknownReference("categoryIds");
  if (!(await known(tags, form.tagIds))) throw unknownReference("tagIds");
  if (form.digitalFile !== null && !(await files.list(storeId)).includes(form.digitalFile))
    throw unknownReference("digitalFile");
}

/** The product columns of a form. A product not digital keeps no file, so no download is ever offered for it. */
function columnsOf(form: StaffProductForm) {
  const nameLocalizations = written(form.names);
  const brandLocalizations = written(form.brands);
  return {
    nameLocalizations,
    descriptionLocalizations: written(form.descriptions),
    brandLocalizations,
    price: form.price,
    salePrice: form.salePrice,
    taxRateBp: form.taxRateBp,
    sku: form.sku,
    barcode: form.barcode,
    unit: form.unit,
    isAvailable: form.isAvailable,
    dineIn: form.dineIn,
    isDigital: form.isDigital,
    digitalFile: form.isDigital ? form.digitalFile : null,
    searchText: productSearchText({
      nameLocalizations,
      brandLocalizations,
      sku: form.sku,
      barcode: form.barcode,
    }),
  };
}

/**
 * Links a product to exactly these categories and tags: only the links that change are written, so
 * an edit that keeps them touches neither table (their triggers copy categories onto the product).
 */
async function linkProduct(
  tx: Database,
  storeId: number,
  productId: number,
  want: { categoryIds: number[]; tagIds: number[] },
  had: { categoryIds: number[]; tagIds: number[] },
) {
  const gone = (a: number[], b: number[]) => a.filter((id) => !b.includes(id));
  const removedCategories = gone(had.categoryIds, want.categoryIds);
  const addedCategories = gone(want.categoryIds, had.categoryIds);
  const removedTags = gone(had.tagIds, want.tagIds);
  const addedTags = gone(want.tagIds, had.tagIds);
  if (removedCategories.length > 0)
    await tx
      .delete(productCategories)
      .where(
        and(
          eq(productCategories.storeId, storeId),
          eq(productCategories.productId, productId),
          inArray(productCategories.categoryId, removedCategories),
        ),
      );
  if (addedCategories.length > 0)
    await tx
      .insert(productCategories)
      .values(addedCategories.map((categoryId) => ({ storeId, productId, categoryId })));
  if (removedTags.length > 0)
    await tx
      .delete(productTags)
      .where(
        and(
          eq(productTags.storeId, storeId),
          eq(productTags.productId, productId),
          inArray(productTags.tagId, removedTags),
        ),
      );
  if (addedTags.length > 0)
    await tx.insert(productTags).values(addedTags.map((tagId) => ({ storeId, productId, tagId })));
}

/**
 * A slug for a new product from its English name (else any name, else its SKU), made unique in the
 * shop with the SKU, which is unique itself. Links to a product use its id; the slug only reads well.
 */
async function freeSlug(db: Database, storeId: number, form: StaffProductForm): Promise<string> {
  const base =
    slugify(form.names.en ?? "") ||
    slugify(Object.values(form.names).find(Boolean) ?? "") ||
    slugify(form.sku) ||
    "product";
  for (const slug of [base, `${base}-${slugify(form.sku) || "1"}`]) {
    const [taken] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.slug, slug)))
      .limit(1);
    if (!taken) return slug;
  }
  return `${base}-${Date.now().toString(36)}`;
}

// ── Writes ───────────────────────────────────────────────────────────────────

/** Makes a product with its links, and its audit row, in one transaction. It starts with no stock. */
export async function createStaffProduct(
  db: Database,
  shop: Shop,
  staffId: number,
  files: DownloadFiles,
  form: StaffProductForm,
): Promise<StaffProduct> {
  if (await skuInUse(db, shop.id, form.sku)) throw skuTaken("sku");
  await checkReferences(db, shop.id, form, files);
  const slug = await freeSlug(db, shop.id, form);
  const make = (slug: string) =>
    db.transaction(async (tx) => {
      const [made] = await tx
        .insert(products)
        .values({ storeId: shop.id, slug, ...columnsOf(form) })
        .returning({ id: products.id });
      if (!made) throw new Error("product not made");
      await linkProduct(tx, shop.id, made.id, form, { categoryIds: [], tagIds: [] });
      const after = await productRow(tx, shop.id, made.id);
      await recordChange(tx, {
        storeId: shop.id,
        staffId,
        action: "product.create",
        subject: `product:${after.sku}`,
        after: formOf(after, form.tagIds),
      });
      return after;
    });
  try {
    const row = await make(slug).catch((error: unknown) => {
      // Another product took the address meanwhile (two made with one name at once): another one.
      if (constraintOf(error) !== "products_store_slug_uq") throw error;
      return make(`${slug}-${randomBytes(3).toString("hex")}`);
    });
    return answerOf(db, shop, row);
  } catch (error) {
    // Two members making the same SKU at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw skuTaken("sku");
    throw error;
  }
}

/** The unique index or constraint a write broke, as PostgreSQL names it. */
function constraintOf(error: unknown): string | undefined {
  const { constraint, cause } = error as { constraint?: string; cause?: { constraint?: string } };
  return cause?.constraint ?? constraint;
}

/** Locks a product and checks the version its editor read; a newer one is refused with the product as it stands. */
async function lockedAt(tx: Database, shop: Shop, productId: number, version: string): Promise<ProductRow> {
  const before = await productRow(tx, shop.id, productId, true);
  if (before.updatedAt.toISOString() !== version)
    throw new ApiError("STAFF_EDIT_CONFLICT", undefined, undefined, {
      product: await answerOf(tx, shop, before),
    });
  return before;
}

/**
 * Changes a product from the version its editor read: of two edits made from one version exactly
 * one is written; the other is refused (STAFF_EDIT_CONFLICT) with the product as it now stands.
 * Orders already placed keep their own copy of name and price.
 */
export async function updateStaffProduct(
  db: Database,
  shop: Shop,
  staffId: number,
  files: DownloadFiles,
  body: StaffProductUpdateBody,
): Promise<StaffProduct> {
  const { productId, version, ...form } = body;
  await checkReferences(db, shop.id, form, files);
  try {
    const row = await db.transaction(async (tx) => {
      const before = await lockedAt(tx, shop, productId, version);
      // Every variation counts, the product's own too: one SKU names one thing.
      if (await skuInUse(tx, shop.id, form.sku, { product: productId })) throw skuTaken("sku");
      const beforeTags = await tagIdsOf(tx, shop.id, productId);
      await tx
        .update(products)
        .set({ ...columnsOf(form), updatedAt: nextVersion })
        .where(and(eq(products.storeId, shop.id), eq(products.id, productId)));
      await linkProduct(tx, shop.id, productId, form, {
        categoryIds: before.categoryIds,
        tagIds: beforeTags,
      });
      const after = await productRow(tx, shop.id, productId);
      await recordChange(tx, {
        storeId: shop.id,
        staffId,
        action: "product.update",
        subject: `product:${after.sku}`,
        before: formOf(before, beforeTags),
        after: formOf(after, form.tagIds),
      });
      return after;
    });
    return answerOf(db, shop, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken("sku");
    throw error;
  }
}

/**
 * Sets a product's options, variations and add-on groups from the version its editor read.
 * Variations are matched by id; a new one starts with no stock. One left out is deleted when no
 * order names it; when orders do, it is kept switched off, so their lines still point at a row
 * (decision 062). `variation_count` counts the rows kept, and the product's stock is its
 * variations' total, as everywhere else.
 */
export async function updateStaffProductVariations(
  db: Database,
  shop: Shop,
  staffId: number,
  body: StaffProductVariationsBody,
): Promise<StaffProduct> {
  const { productId, version } = body;
  try {
    const row = await db.transaction(async (tx) => {
      const before = await lockedAt(tx, shop, productId, version);
      const had = await variationsOf(tx, shop.id, productId, { lock: true });
      const hadIds = new Set(had.map((v) => v.id));
      for (const [i, variation] of body.variations.entries())
        if (variation.id !== null && !hadIds.has(variation.id))
          throw new ApiError("PRODUCT_REFERENCE_UNKNOWN", {
            [`variations.${i}.id`]: "error-product-reference-unknown",
          });
      // The variations written may swap SKUs among themselves, and take the SKU of one deleted in
      // this save; any other row's SKU is taken, the product's own and that of a variation left out
      // but kept switched off included.
      const kept = new Set(body.variations.flatMap((v) => (v.id === null ? [] : [v.id])));
      const left = had.filter((v) => !kept.has(v.id));
      const toDelete = left.filter((v) => !v.ordered).map((v) => v.id);
      for (const [i, variation] of body.variations.entries()) {
        const clash =
          variation.sku === before.sku ||
          (await skuInUse(tx, shop.id, variation.sku, {
            product: productId,
            variations: [...kept, ...toDelete],
          }));
        if (clash) throw skuTaken(`variations.${i}.sku`);
      }
      const toSwitchOff = left.filter((v) => v.ordered && v.isAvailable).map((v) => v.id);
      if (toDelete.length > 0)
        await tx
          .delete(productVariations)
          .where(and(eq(productVariations.storeId, shop.id), inArray(productVariations.id, toDelete)));
      if (toSwitchOff.length > 0)
        await tx
          .update(productVariations)
          .set({ isAvailable: false, updatedAt: sql`now()` })
          .where(and(eq(productVariations.storeId, shop.id), inArray(productVariations.id, toSwitchOff)));
      // Written in two passes so that two variations swapping SKUs never meet the unique index half-way.
      const existing = body.variations.filter((v) => v.id !== null);
      for (const variation of existing)
        await tx
          .update(productVariations)
          .set({ sku: sql`${productVariations.sku} || '~' || ${productVariations.id}` })
          .where(
            and(eq(productVariations.storeId, shop.id), eq(productVariations.id, variation.id as number)),
          );
      for (const variation of body.variations) {
        const columns = {
          sku: variation.sku,
          optionValues: variation.optionValues,
          price: variation.price,
          salePrice: variation.salePrice,
          isAvailable: variation.isAvailable,
          sort: variation.sort,
        };
        if (variation.id === null)
          await tx.insert(productVariations).values({ storeId: shop.id, productId, ...columns });
        else
          await tx
            .update(productVariations)
            .set({ ...columns, updatedAt: sql`now()` })
            .where(and(eq(productVariations.storeId, shop.id), eq(productVariations.id, variation.id)));
      }
      const [totals] = await tx
        .select({ n: count(), stock: sql<number>`coalesce(sum(${productVariations.stock}), 0)::int` })
        .from(productVariations)
        .where(and(eq(productVariations.storeId, shop.id), eq(productVariations.productId, productId)));
      const variationCount = totals?.n ?? 0;
      await tx
        .update(products)
        .set({
          variationOptions: body.options.map((option) => ({
            key: option.key,
            names: written(option.names),
            values: option.values.map((value) => ({ key: value.key, labels: written(value.labels) })),
          })),
          addOnGroups: body.addOnGroups.map((group) => ({
            key: group.key,
            names: written(group.names),
            minSelect: group.minSelect,
            maxSelect: group.maxSelect,
            items: group.items.map((item) => ({
              key: item.key,
              names: written(item.names),
              price: item.price,
            })),
          })),
          variationCount,
          // With variations, the product has what they have; without, it keeps its own level.
          ...(variationCount > 0 ? { stock: totals?.stock ?? 0 } : {}),
          updatedAt: nextVersion,
        })
        .where(and(eq(products.storeId, shop.id), eq(products.id, productId)));
      const after = await productRow(tx, shop.id, productId);
      await recordChange(tx, {
        storeId: shop.id,
        staffId,
        action: "product.update",
        subject: `product:${after.sku}`,
        before: variationsFormOf(before, had),
        after: variationsFormOf(after, await variationsOf(tx, shop.id, productId)),
      });
      return after;
    });
    return answerOf(db, shop, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken("sku");
    throw error;
  }
}
