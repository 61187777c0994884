import { LOCALES, type StoreImageType } from "@stoa/contract";
import { type SQL, sql } from "drizzle-orm";
import {
  collectionProducts,
  collections,
  productTags,
  productVariations,
  storeImages,
  tags,
} from "../catalogue/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { BANNER_SIZE, FLYER_PAGE_SIZE, storeImageUrl } from "./art/banners-and-flyers.ts";
import { artUrl, localizations, variationRows } from "./rows.ts";
import type { Catalogue } from "./types.ts";
import { upsertChanged } from "./upsert.ts";

/** A catalogue whose products are saved, with the id of each by sku. */
export type SeededCatalogue = { catalogue: Catalogue; productIds: Map<string, number> };

/*
 * Each kind of row is written for all demo stores in one statement: on PGlite every statement costs
 * a round of its own, and the start-up seed must stay quick.
 */

/** Tags and their links, variations, collections and store images of the seeded catalogues. */
export async function seedMerchandising(db: Database, seeded: readonly SeededCatalogue[]): Promise<void> {
  const tagIds = await upsertTags(db, seeded);
  await tagProducts(db, seeded, tagIds);
  await upsertVariations(db, seeded);
  const collectionIds = await upsertCollections(db, seeded);
  await fillCollections(db, seeded, collectionIds);
  await upsertStoreImages(db, seeded);
}

/** `storeId:slug` → id. */
type IdsBySlug = Map<string, number>;

const key = (storeId: number, slug: string) => `${storeId}:${slug}`;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed refers to a missing ${what}`);
  return value;
}

function productIdOf({ catalogue, productIds }: SeededCatalogue, sku: string): number {
  return required(productIds.get(sku), `product ${sku} of ${catalogue.store.domain}`);
}

/**
 * The rows as a subquery for `IN` / `NOT IN`, sent as one JSON parameter: a literal list of hundreds
 * of tuples makes an expression deep enough to overflow PGlite's stack, and a subquery is hashed.
 */
function rowSet(
  columns: Record<string, "int" | "text">,
  rows: readonly Record<string, number | string>[],
): SQL {
  const names = Object.keys(columns);
  const types = names.map((name) => `${name} ${columns[name]}`).join(", ");
  return sql`SELECT ${sql.raw(names.join(", "))} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.raw(types)})`;
}

/** `(store_id, product_id)` of every seeded product: links of these are made exactly the seed's. */
function seededProducts(seeded: readonly SeededCatalogue[]): SQL {
  return rowSet(
    { store_id: "int", product_id: "int" },
    seeded.flatMap(({ catalogue, productIds }) =>
      [...productIds.values()].map((id) => ({ store_id: catalogue.store.id, product_id: id })),
    ),
  );
}

async function idsBySlug(
  db: Database,
  table: typeof tags | typeof collections,
  seeded: readonly SeededCatalogue[],
): Promise<IdsBySlug> {
  const storeIds = seeded.map(({ catalogue }) => catalogue.store.id);
  const rows = await db
    .select({ storeId: table.storeId, id: table.id, slug: table.slug })
    .from(table)
    .where(
      sql`${table.storeId} IN (${sql.join(
        storeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((row) => [key(row.storeId, row.slug), row.id]));
}

async function upsertTags(db: Database, seeded: readonly SeededCatalogue[]): Promise<IdsBySlug> {
  const rows = seeded.flatMap(({ catalogue }) =>
    catalogue.tags.map((seed, i) => ({
      storeId: catalogue.store.id,
      slug: seed.slug,
      nameLocalizations: localizations(seed.name),
      sort: (i + 1) * 10,
    })),
  );
  if (rows.length > 0) {
    await db
      .insert(tags)
      .values(rows)
      .onConflictDoUpdate({
        target: [tags.storeId, tags.slug],
        ...upsertChanged(tags, ["nameLocalizations", "sort"]),
      });
  }
  return idsBySlug(db, tags, seeded);
}

/** Makes the tag links of the seeded products exactly those of the seed. */
async function tagProducts(
  db: Database,
  seeded: readonly SeededCatalogue[],
  tagIds: IdsBySlug,
): Promise<void> {
  const links = seeded.flatMap((entry) =>
    entry.catalogue.products.flatMap((seed) =>
      seed.tags.map((slug) => ({
        storeId: entry.catalogue.store.id,
        tagId: required(tagIds.get(key(entry.catalogue.store.id, slug)), `tag ${slug}`),
        productId: productIdOf(entry, seed.sku),
      })),
    ),
  );
  const kept =
    links.length > 0
      ? sql` AND (${productTags.storeId}, ${productTags.tagId}, ${productTags.productId}) NOT IN (${rowSet(
          { store_id: "int", tag_id: "int", product_id: "int" },
          links.map((link) => ({ store_id: link.storeId, tag_id: link.tagId, product_id: link.productId })),
        )})`
      : sql``;
  await db
    .delete(productTags)
    .where(sql`(${productTags.storeId}, ${productTags.productId}) IN (${seededProducts(seeded)})${kept}`);
  if (links.length > 0) await db.insert(productTags).values(links).onConflictDoNothing();
}

const variationUpsert = upsertChanged(productVariations, [
  "productId",
  "optionValues",
  "price",
  "salePrice",
  "stock",
  "isAvailable",
  "sort",
  "unit",
  "descriptionLocalizations",
]);

/** Makes the variations of the seeded products exactly those of the seed, matched by sku. */
async function upsertVariations(db: Database, seeded: readonly SeededCatalogue[]): Promise<void> {
  const rows = seeded.flatMap((entry) =>
    entry.catalogue.products.flatMap((seed) =>
      variationRows(
        entry.catalogue.store.id,
        productIdOf(entry, seed.sku),
        seed.sku,
        entry.catalogue.details[seed.sku]?.variations?.items ?? [],
      ),
    ),
  );
  const kept =
    rows.length > 0
      ? sql` AND (${productVariations.storeId}, ${productVariations.sku}) NOT IN (${rowSet(
          { store_id: "int", sku: "text" },
          rows.map((row) => ({ store_id: row.storeId, sku: row.sku })),
        )})`
      : sql``;
  await db
    .delete(productVariations)
    .where(
      sql`(${productVariations.storeId}, ${productVariations.productId}) IN (${seededProducts(seeded)})${kept}`,
    );
  if (rows.length === 0) return;
  await db
    .insert(productVariations)
    .values(rows)
    .onConflictDoUpdate({ target: [productVariations.storeId, productVariations.sku], ...variationUpsert });
}

async function upsertCollections(db: Database, seeded: readonly SeededCatalogue[]): Promise<IdsBySlug> {
  const rows = seeded.flatMap(({ catalogue }) =>
    catalogue.collections.map((seed, i) => ({
      storeId: catalogue.store.id,
      slug: seed.slug,
      nameLocalizations: localizations(seed.name),
      descriptionLocalizations: localizations(seed.description),
      image: artUrl(seed.art),
      sort: (i + 1) * 10,
      isShow: true,
    })),
  );
  if (rows.length > 0) {
    await db
      .insert(collections)
      .values(rows)
      .onConflictDoUpdate({
        target: [collections.storeId, collections.slug],
        ...upsertChanged(collections, [
          "nameLocalizations",
          "descriptionLocalizations",
          "image",
          "sort",
          "isShow",
        ]),
      });
  }
  return idsBySlug(db, collections, seeded);
}

/** Makes the products of the seeded collections exactly the seed's, in its order. */
async function fillCollections(
  db: Database,
  seeded: readonly SeededCatalogue[],
  collectionIds: IdsBySlug,
): Promise<void> {
  const links = seeded.flatMap((entry) =>
    entry.catalogue.collections.flatMap((seed) => {
      const storeId = entry.catalogue.store.id;
      const collectionId = required(collectionIds.get(key(storeId, seed.slug)), `collection ${seed.slug}`);
      return seed.skus.map((sku, i) => ({
        storeId,
        collectionId,
        productId: productIdOf(entry, sku),
        sort: (i + 1) * 10,
      }));
    }),
  );
  if (links.length === 0) return;
  const linkRows = links.map((link) => ({
    store_id: link.storeId,
    collection_id: link.collectionId,
    product_id: link.productId,
  }));
  const seededCollections = rowSet({ store_id: "int", collection_id: "int" }, linkRows);
  const kept = rowSet({ store_id: "int", collection_id: "int", product_id: "int" }, linkRows);
  await db.delete(collectionProducts).where(
    sql`(${collectionProducts.storeId}, ${collectionProducts.collectionId}) IN (${seededCollections})
        AND (${collectionProducts.storeId}, ${collectionProducts.collectionId}, ${collectionProducts.productId}) NOT IN (${kept})`,
  );
  await db
    .insert(collectionProducts)
    .values(links)
    .onConflictDoUpdate({
      target: [collectionProducts.storeId, collectionProducts.collectionId, collectionProducts.productId],
      ...upsertChanged(collectionProducts, ["sort"]),
    });
}

/** Home banners and flyer pages, each with a picture per locale drawn by the media routes. */
async function upsertStoreImages(db: Database, seeded: readonly SeededCatalogue[]): Promise<void> {
  const rows = seeded.flatMap(({ catalogue: { store, banners, flyer } }) => {
    const urls = (type: StoreImageType, n: number) =>
      Object.fromEntries(LOCALES.map((locale) => [locale, storeImageUrl(type, store.vertical, n, locale)]));
    return [
      ...banners.map((seed, i) => ({
        storeId: store.id,
        slug: `banner-${seed.slug}`,
        type: "banner" as const,
        urlLocalizations: urls("banner", i + 1),
        altLocalizations: localizations(seed.title),
        titleLocalizations: localizations(seed.title),
        subtitleLocalizations: localizations(seed.subtitle),
        link: seed.link,
        ...BANNER_SIZE,
        sort: (i + 1) * 10,
      })),
      ...flyer.map((seed, i) => ({
        storeId: store.id,
        slug: `flyer-${seed.slug}`,
        type: "flyer" as const,
        urlLocalizations: urls("flyer", i + 1),
        altLocalizations: localizations(seed.title),
        titleLocalizations: localizations(seed.title),
        subtitleLocalizations: localizations(seed.subtitle),
        link: "",
        ...FLYER_PAGE_SIZE,
        sort: (i + 1) * 10,
      })),
    ];
  });
  if (rows.length === 0) return;
  await db
    .insert(storeImages)
    .values(rows)
    .onConflictDoUpdate({
      target: [storeImages.storeId, storeImages.slug],
      ...upsertChanged(storeImages, [
        "type",
        "urlLocalizations",
        "altLocalizations",
        "titleLocalizations",
        "subtitleLocalizations",
        "link",
        "width",
        "height",
        "sort",
      ]),
    });
}
