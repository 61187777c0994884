import { createHash } from "node:crypto";
import {
  csvMoney,
  FIELD_ERROR_KEYS,
  LOCALES,
  type Locale,
  type Localizations,
  messageText,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  PRODUCT_CSV_PLAN_ROWS_SHOWN,
  type ProductCsvChange,
  type ProductCsvColumn,
  type ProductCsvPlan,
  type ProductCsvPlanRow,
  type ProductCsvProblem,
  type ProductCsvRow,
  type ProductCsvValues,
  parseCsv,
  productNamesSchema,
  readProductCsvHeader,
  readProductCsvRow,
  type StaffProductExportPage,
  type StaffProductExportQuery,
  type StaffProductImportApplied,
  saleBelowPrice,
} from "@stoa/contract";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { isUniqueViolation } from "../customers/service.ts";
import { moveAndRecord } from "../inventory/staff-stock.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { productSearchText } from "./search-text.ts";
import { categories, productCategories, products, productTags, productVariations, tags } from "./tables.ts";

/*
 * Products and stock as CSV (issue 33, docs/decisions/064-product-csv-import-and-export.md).
 * Export: pages by id, which the web streams into one file. Import: the file is read and compared
 * with the shop (a plan: new, updated field by field, unchanged, stock); applying plans again inside
 * one transaction, under a per-shop lock and row locks, and writes only when that plan is the one
 * the dry run showed (its fingerprint) — else nothing is written and the caller gets the new plan.
 */

/** Slugs per query when reading a file's categories, tags or products (bind parameters stay few). */
const CHUNK = 5_000;
/** The first key of the advisory lock that serialises a shop's imports (the second is the shop). */
const IMPORT_LOCK = 33_064;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const existingColumns = {
  id: products.id,
  sku: products.sku,
  slug: products.slug,
  nameLocalizations: products.nameLocalizations,
  descriptionLocalizations: products.descriptionLocalizations,
  brandLocalizations: products.brandLocalizations,
  price: products.price,
  salePrice: products.salePrice,
  barcode: products.barcode,
  unit: products.unit,
  isAvailable: products.isAvailable,
  stock: products.stock,
  lowStockThreshold: products.lowStockThreshold,
  variationCount: products.variationCount,
};
type Existing = {
  id: number;
  sku: string;
  slug: string;
  nameLocalizations: Localizations;
  descriptionLocalizations: Localizations;
  brandLocalizations: Localizations;
  price: number;
  salePrice: number | null;
  barcode: string;
  unit: string;
  isAvailable: boolean;
  stock: number;
  lowStockThreshold: number | null;
  variationCount: number;
};

/** Slugs of each product's categories and tags, sorted, one query each (no query per product). */
async function linksOf(db: Database, storeId: number, productIds: readonly number[]) {
  const cats = new Map<number, string[]>();
  const tagged = new Map<number, string[]>();
  for (const ids of chunks(productIds)) {
    const [catRows, tagRows] = await Promise.all([
      db
        .select({ productId: productCategories.productId, slug: categories.slug })
        .from(productCategories)
        .innerJoin(
          categories,
          and(
            eq(categories.storeId, productCategories.storeId),
            eq(categories.id, productCategories.categoryId),
          ),
        )
        .where(and(eq(productCategories.storeId, storeId), inArray(productCategories.productId, ids))),
      db
        .select({ productId: productTags.productId, slug: tags.slug })
        .from(productTags)
        .innerJoin(tags, and(eq(tags.storeId, productTags.storeId), eq(tags.id, productTags.tagId)))
        .where(and(eq(productTags.storeId, storeId), inArray(productTags.productId, ids))),
    ]);
    for (const row of catRows) cats.set(row.productId, [...(cats.get(row.productId) ?? []), row.slug]);
    for (const row of tagRows) tagged.set(row.productId, [...(tagged.get(row.productId) ?? []), row.slug]);
  }
  for (const list of [...cats.values(), ...tagged.values()]) list.sort();
  return { cats, tagged };
}

// --- Export -----------------------------------------------------------------------------------

function rowOf(product: Existing, categorySlugs: string[], tagSlugs: string[]): ProductCsvRow {
  const row: Partial<ProductCsvRow> = { sku: product.sku };
  for (const locale of LOCALES) {
    row[`name_${locale}`] = product.nameLocalizations[locale] ?? "";
    row[`description_${locale}`] = product.descriptionLocalizations[locale] ?? "";
    row[`brand_${locale}`] = product.brandLocalizations[locale] ?? "";
  }
  return {
    ...(row as ProductCsvRow),
    price: csvMoney(product.price),
    sale_price: product.salePrice === null ? "" : csvMoney(product.salePrice),
    barcode: product.barcode,
    unit: product.unit,
    categories: categorySlugs.join("|"),
    tags: tagSlugs.join("|"),
    available: product.isAvailable ? "yes" : "no",
    stock: String(product.stock),
    low_stock_threshold: product.lowStockThreshold === null ? "" : String(product.lowStockThreshold),
  };
}

/**
 * A page of the export: the products after a cursor, by id (the primary key's index: any page of
 * 100,000 products costs the same), with their category and tag slugs in two more queries.
 */
export async function productExportPage(
  db: Database,
  storeId: number,
  query: StaffProductExportQuery,
): Promise<StaffProductExportPage> {
  const found = await db
    .select(existingColumns)
    .from(products)
    .where(and(eq(products.storeId, storeId), gt(products.id, query.after)))
    .orderBy(asc(products.id))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const { cats, tagged } = await linksOf(
    db,
    storeId,
    page.map((p) => p.id),
  );
  return {
    rows: page.map((p) => rowOf(p, cats.get(p.id) ?? [], tagged.get(p.id) ?? [])),
    next: found.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

// --- Plan -------------------------------------------------------------------------------------

type NewProduct = {
  line: number;
  values: ProductCsvValues;
  slug: string;
  names: Localizations;
  descriptions: Localizations;
  brands: Localizations;
  price: number;
};
type Update = { line: number; existing: Existing; values: ProductCsvValues; changed: Set<string> };
type Work = {
  creates: NewProduct[];
  updates: Update[];
  categoryIds: Map<string, number>;
  tagIds: Map<string, number>;
};

/** A SKU as a product's address: lower case, anything but letters and digits a dash. */
function slugOfSku(sku: string): string {
  return (
    sku
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "product"
  );
}

const localized = (field: "name" | "description" | "brand", values?: Partial<Record<Locale, string>>) =>
  Object.entries(values ?? {}).map(([locale, value]) => [`${field}_${locale}`, value] as const);

/** The fields a row sets, as the file writes them (for the field-by-field changes). */
function fileTexts(values: ProductCsvValues): Map<string, string> {
  const texts = new Map<string, string>([
    ...localized("name", values.names),
    ...localized("description", values.descriptions),
    ...localized("brand", values.brands),
  ]);
  if (values.price !== undefined) texts.set("price", csvMoney(values.price));
  if (values.salePrice !== undefined)
    texts.set("sale_price", values.salePrice === null ? "" : csvMoney(values.salePrice));
  if (values.barcode !== undefined) texts.set("barcode", values.barcode);
  if (values.unit !== undefined) texts.set("unit", values.unit);
  if (values.categories) texts.set("categories", [...values.categories].sort().join("|"));
  if (values.tags) texts.set("tags", [...values.tags].sort().join("|"));
  if (values.available !== undefined) texts.set("available", values.available ? "yes" : "no");
  if (values.stock !== undefined) texts.set("stock", String(values.stock));
  if (values.lowStockThreshold !== undefined)
    texts.set(
      "low_stock_threshold",
      values.lowStockThreshold === null ? "" : String(values.lowStockThreshold),
    );
  return texts;
}

/**
 * An address for each new product: its SKU as a slug, or with `-2`, `-3`… when the shop or another
 * row of the file has it; exact lookups on (store, slug), a round per suffix tried.
 */
async function freeSlugs(
  db: Database,
  storeId: number,
  skus: readonly string[],
): Promise<Map<string, string>> {
  const chosen = new Map<string, string>();
  const used = new Set<string>();
  let pending = [...skus];
  for (let round = 1; pending.length; round += 1) {
    const candidates = new Map(
      pending.map((sku) => [sku, round === 1 ? slugOfSku(sku) : `${slugOfSku(sku)}-${round}`]),
    );
    const taken = new Set<string>();
    for (const part of chunks([...new Set(candidates.values())])) {
      const found = await db
        .select({ slug: products.slug })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.slug, part)));
      for (const row of found) taken.add(row.slug);
    }
    const next: string[] = [];
    for (const [sku, slug] of candidates) {
      if (taken.has(slug) || used.has(slug)) next.push(sku);
      else {
        chosen.set(sku, slug);
        used.add(slug);
      }
    }
    pending = next;
  }
  return chosen;
}

async function idsBySlug(
  db: Database,
  table: typeof categories | typeof tags,
  storeId: number,
  slugs: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const part of chunks(slugs)) {
    const rows = await db
      .select({ id: table.id, slug: table.slug })
      .from(table)
      .where(and(eq(table.storeId, storeId), inArray(table.slug, part)));
    for (const row of rows) found.set(row.slug, row.id);
  }
  return found;
}

/**
 * Reads the file and compares it with the shop. `lock` takes row locks on the products the file
 * names (applying); the dry run reads without them. Problems and the plan's fingerprint come back
 * with the work to do.
 */
async function plan(
  db: Database,
  storeId: number,
  locale: Locale,
  csv: string,
  lock: boolean,
): Promise<{ plan: ProductCsvPlan; work: Work }> {
  const problems: ProductCsvProblem[] = [];
  const work: Work = { creates: [], updates: [], categoryIds: new Map(), tagIds: new Map() };
  const answer = (rows: number, shown: ProductCsvPlanRow[], unchanged: number, stockChanges: number) => {
    const sorted = problems.sort((a, b) => a.line - b.line);
    const fingerprint = sorted.length
      ? ""
      : createHash("sha256")
          .update(JSON.stringify(shown.map((row) => [row.line, row.sku, row.kind, row.changes])))
          .digest("hex");
    return {
      plan: {
        rows,
        created: work.creates.length,
        updated: work.updates.length,
        unchanged,
        stockChanges,
        changes: shown.slice(0, PRODUCT_CSV_PLAN_ROWS_SHOWN),
        problems: sorted.map((p) => ({
          line: p.line,
          field: p.field,
          key: p.key,
          message: messageText(p.key, locale, p.values),
        })),
        fingerprint,
      },
      work,
    };
  };
  if (Buffer.byteLength(csv, "utf8") > PRODUCT_CSV_MAX_BYTES) {
    problems.push({ line: 1, field: "", key: FIELD_ERROR_KEYS.csvTooLarge });
    return answer(0, [], 0, 0);
  }
  const parsed = parseCsv(csv);
  for (const line of parsed.badLines) problems.push({ line, field: "", key: FIELD_ERROR_KEYS.csvQuotes });
  const [headRecord, ...records] = parsed.records;
  const head = readProductCsvHeader(headRecord);
  problems.push(...head.problems);
  if (records.length > PRODUCT_CSV_MAX_ROWS)
    problems.push({ line: 1, field: "", key: FIELD_ERROR_KEYS.csvTooLarge });
  if (!head.header || problems.length) return answer(records.length, [], 0, 0);
  const header = head.header;

  const rows: { line: number; values: ProductCsvValues }[] = [];
  const firstLine = new Map<string, number>();
  for (const record of records) {
    const read = readProductCsvRow(header, record);
    problems.push(...read.problems);
    if (!read.values) continue;
    const seen = firstLine.get(read.values.sku);
    if (seen !== undefined) {
      problems.push({
        line: record.line,
        field: "sku",
        key: FIELD_ERROR_KEYS.csvRepeatedSku,
        values: { line: String(seen) },
      });
      continue;
    }
    firstLine.set(read.values.sku, record.line);
    rows.push({ line: record.line, values: read.values });
  }

  // The shop's side, a few queries for the whole file: products by SKU, categories and tags by slug.
  const existing = new Map<string, Existing>();
  for (const skus of chunks([...firstLine.keys()])) {
    const query = db
      .select(existingColumns)
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.sku, skus)))
      .orderBy(asc(products.id));
    for (const row of await (lock ? query.for("update") : query)) existing.set(row.sku, row);
  }
  // One SKU names one thing in a shop (decision 062): a new row may not take a variation's.
  const variationSkus = new Set<string>();
  for (const skus of chunks([...firstLine.keys()].filter((sku) => !existing.has(sku))))
    for (const { sku } of await db
      .select({ sku: productVariations.sku })
      .from(productVariations)
      .where(and(eq(productVariations.storeId, storeId), inArray(productVariations.sku, skus))))
      variationSkus.add(sku);
  const slugsOf = (key: "categories" | "tags") => [...new Set(rows.flatMap((row) => row.values[key] ?? []))];
  work.categoryIds = await idsBySlug(db, categories, storeId, slugsOf("categories"));
  work.tagIds = await idsBySlug(db, tags, storeId, slugsOf("tags"));
  const { cats, tagged } = await linksOf(
    db,
    storeId,
    [...existing.values()].map((p) => p.id),
  );
  const slugs = await freeSlugs(
    db,
    storeId,
    rows.filter((row) => !existing.has(row.values.sku)).map((row) => row.values.sku),
  );

  const shown: ProductCsvPlanRow[] = [];
  let unchanged = 0;
  let stockChanges = 0;
  for (const { line, values } of rows) {
    for (const key of ["categories", "tags"] as const) {
      const known = key === "categories" ? work.categoryIds : work.tagIds;
      const missing = (values[key] ?? []).find((slug) => !known.has(slug));
      if (missing !== undefined)
        problems.push({
          line,
          field: key,
          key: key === "categories" ? FIELD_ERROR_KEYS.csvUnknownCategory : FIELD_ERROR_KEYS.csvUnknownTag,
          values: { slug: missing },
        });
    }
    const product = existing.get(values.sku);
    const texts = fileTexts(values);
    if (!product && variationSkus.has(values.sku)) {
      problems.push({ line, field: "sku", key: FIELD_ERROR_KEYS.csvVariationSku });
      continue;
    }
    if (!product) {
      const names = { ...values.names };
      if (!productNamesSchema.safeParse(names).success)
        problems.push({ line, field: `name_${LOCALES[0]}`, key: FIELD_ERROR_KEYS.required });
      if (values.price === undefined) problems.push({ line, field: "price", key: FIELD_ERROR_KEYS.required });
      else if (!saleBelowPrice(values.price, values.salePrice ?? null))
        problems.push({ line, field: "sale_price", key: FIELD_ERROR_KEYS.saleNotBelowPrice });
      work.creates.push({
        line,
        values,
        slug: slugs.get(values.sku) as string,
        names,
        descriptions: { ...values.descriptions },
        brands: { ...values.brands },
        price: values.price ?? 0,
      });
      if ((values.stock ?? 0) > 0) stockChanges += 1;
      shown.push({
        line,
        sku: values.sku,
        kind: "new",
        // A new product lists what the file gives it; its empty cells are no change worth reading.
        changes: [...texts]
          .filter(([, after]) => after !== "")
          .map(([field, after]) => ({ field, before: "", after })),
      });
      continue;
    }
    const now = rowOf(product, cats.get(product.id) ?? [], tagged.get(product.id) ?? []);
    const changes: ProductCsvChange[] = [];
    for (const [field, after] of texts) {
      const before = now[field as ProductCsvColumn];
      if (before !== after) changes.push({ field, before, after });
    }
    const stockChange = changes.find((c) => c.field === "stock");
    if (stockChange && product.variationCount > 0)
      problems.push({ line, field: "stock", key: FIELD_ERROR_KEYS.csvStockByVariation });
    // The product form's rule holds for prices a row changes: what it sets over what is kept.
    const price = values.price ?? product.price;
    const salePrice = values.salePrice === undefined ? product.salePrice : values.salePrice;
    const repriced = price !== product.price || salePrice !== product.salePrice;
    if (repriced && !saleBelowPrice(price, salePrice))
      problems.push({ line, field: "sale_price", key: FIELD_ERROR_KEYS.saleNotBelowPrice });
    const mergedNames = { ...product.nameLocalizations, ...values.names };
    if (!productNamesSchema.safeParse(mergedNames).success)
      problems.push({ line, field: `name_${LOCALES[0]}`, key: FIELD_ERROR_KEYS.required });
    if (!changes.length) {
      unchanged += 1;
      continue;
    }
    if (stockChange) stockChanges += 1;
    work.updates.push({ line, existing: product, values, changed: new Set(changes.map((c) => c.field)) });
    shown.push({ line, sku: values.sku, kind: "update", changes });
  }
  return answer(records.length, shown, unchanged, stockChanges);
}

/** What importing the file would change; changes nothing. */
export async function productImportDryRun(
  db: Database,
  storeId: number,
  locale: Locale,
  csv: string,
): Promise<ProductCsvPlan> {
  return (await plan(db, storeId, locale, csv, false)).plan;
}

/** Who imports, where, in which language the answer is read. */
export type Importer = { storeId: number; staffId: number; locale: Locale };

async function linkAll(
  tx: Database,
  storeId: number,
  productId: number,
  work: Work,
  values: ProductCsvValues,
  replace: boolean,
) {
  if (values.categories) {
    if (replace)
      await tx
        .delete(productCategories)
        .where(and(eq(productCategories.storeId, storeId), eq(productCategories.productId, productId)));
    if (values.categories.length)
      await tx.insert(productCategories).values(
        values.categories.map((slug) => ({
          storeId,
          productId,
          categoryId: work.categoryIds.get(slug) as number,
        })),
      );
  }
  if (values.tags) {
    if (replace)
      await tx
        .delete(productTags)
        .where(and(eq(productTags.storeId, storeId), eq(productTags.productId, productId)));
    if (values.tags.length)
      await tx
        .insert(productTags)
        .values(values.tags.map((slug) => ({ storeId, productId, tagId: work.tagIds.get(slug) as number })));
  }
}

/**
 * Imports the file exactly as the dry run with this fingerprint said, in one transaction: a shop's
 * imports wait for each other (an advisory lock), the products named are locked, and the plan is
 * made again under the locks. Bad rows → PRODUCT_CSV_INVALID; a plan that is not the one read (a
 * price or a stock level changed since, or the same file applied already) → STAFF_EDIT_CONFLICT
 * with the new plan: nothing is written either way. Stock moves are `counted` movements noted
 * "import"; one audit row counts what was done.
 */
export async function productImportApply(
  db: Database,
  who: Importer,
  csv: string,
  fingerprint: string,
): Promise<StaffProductImportApplied> {
  const { storeId, staffId, locale } = who;
  // A save in the console between the plan and its insert (a product or variation taking a new
  // row's SKU, or its address) meets a unique index: the file then plans otherwise, and the member
  // is shown that plan, as for any change since the dry run.
  const done = await db
    .transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK}, ${storeId})`);
      const { plan: planned, work } = await plan(tx, storeId, locale, csv, true);
      if (planned.problems.length)
        throw new ApiError("PRODUCT_CSV_INVALID", undefined, undefined, { plan: planned });
      if (planned.fingerprint !== fingerprint)
        throw new ApiError("STAFF_EDIT_CONFLICT", undefined, undefined, { plan: planned });
      const counted = async (productId: number, change: number) => {
        if (change === 0) return;
        const moved = await moveAndRecord(tx, {
          storeId,
          staffId,
          productId,
          variationId: null,
          change,
          reason: "counted",
          note: "import",
        });
        if (!moved) throw new Error("a counted level went below zero");
      };
      for (const made of work.creates) {
        const { values } = made;
        const [row] = await tx
          .insert(products)
          .values({
            storeId,
            slug: made.slug,
            sku: values.sku,
            nameLocalizations: made.names,
            descriptionLocalizations: made.descriptions,
            brandLocalizations: made.brands,
            price: made.price,
            salePrice: values.salePrice ?? null,
            barcode: values.barcode ?? "",
            unit: values.unit ?? "",
            isAvailable: values.available ?? true,
            lowStockThreshold: values.lowStockThreshold ?? null,
            // Stock starts at zero and the file's level comes in as a counted movement, as any other.
            stock: 0,
            searchText: productSearchText({
              nameLocalizations: made.names,
              brandLocalizations: made.brands,
              sku: values.sku,
              barcode: values.barcode ?? "",
            }),
          })
          .returning({ id: products.id });
        if (!row) throw new Error("product not created");
        await linkAll(tx, storeId, row.id, work, values, false);
        await counted(row.id, values.stock ?? 0);
      }
      for (const { existing, values, changed } of work.updates) {
        const names = { ...existing.nameLocalizations, ...values.names };
        const brands = { ...existing.brandLocalizations, ...values.brands };
        const barcode = values.barcode ?? existing.barcode;
        await tx
          .update(products)
          .set({
            nameLocalizations: names,
            descriptionLocalizations: { ...existing.descriptionLocalizations, ...values.descriptions },
            brandLocalizations: brands,
            price: values.price ?? existing.price,
            salePrice: values.salePrice === undefined ? existing.salePrice : values.salePrice,
            barcode,
            unit: values.unit ?? existing.unit,
            isAvailable: values.available ?? existing.isAvailable,
            lowStockThreshold:
              values.lowStockThreshold === undefined ? existing.lowStockThreshold : values.lowStockThreshold,
            searchText: productSearchText({
              nameLocalizations: names,
              brandLocalizations: brands,
              sku: existing.sku,
              barcode,
            }),
            updatedAt: new Date(),
          })
          .where(and(eq(products.storeId, storeId), eq(products.id, existing.id)));
        await linkAll(
          tx,
          storeId,
          existing.id,
          work,
          {
            sku: values.sku,
            ...(changed.has("categories") ? { categories: values.categories } : {}),
            ...(changed.has("tags") ? { tags: values.tags } : {}),
          },
          true,
        );
        // The row is locked since the plan was made: the level is still the one it compared.
        if (values.stock !== undefined) await counted(existing.id, values.stock - existing.stock);
      }
      await recordChange(tx, {
        storeId,
        staffId,
        action: "product.import",
        subject: "products",
        after: {
          rows: planned.rows,
          created: planned.created,
          updated: planned.updated,
          unchanged: planned.unchanged,
          stockChanges: planned.stockChanges,
        },
      });
      return planned;
    })
    .catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      const { plan: now } = await plan(db, storeId, locale, csv, false);
      throw new ApiError("STAFF_EDIT_CONFLICT", undefined, undefined, { plan: now });
    });
  return { applied: true, plan: done };
}
