import { and, eq, inArray, sql } from "drizzle-orm";
import { categories, productCategories, products } from "../catalogue/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { stores } from "../stores/tables.ts";
import { seedBookings } from "./bookings.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { seedCheckout } from "./checkout.ts";
import { seedDining } from "./dining.ts";
import { type SeededCatalogue, seedMerchandising } from "./merchandising.ts";
import { seedInfoPages } from "./published-pages.ts";
import { seedReferrals } from "./referrals.ts";
import { seedReservations } from "./reservations.ts";
import { seedReviewOrders } from "./review-orders.ts";
import { seedReviews } from "./reviews.ts";
import { type CategoryInsert, categoryRow, productRow, storeRow } from "./rows.ts";
import { seedDemoStaff } from "./staff.ts";
import type { Catalogue } from "./types.ts";
import { upsertChanged } from "./upsert.ts";

export type SeedCounts = { stores: number; categories: number; products: number };

/** True before the first seed: main start-up seeds the demo stores only into an empty database. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).limit(1);
  return row === undefined;
}

/**
 * Creates or refreshes the demo stores with their categories, products and category links,
 * then their tags, variations, collections and store images, and how each charges, delivers and
 * discounts (tax, delivery, postal options, pickup points, coupons), and the information pages each
 * publishes (about us, FAQ, terms…), and the dining shops' tables and dishes served at them.
 * Idempotent: rows are matched by store id, (store, slug) and (store, sku), rows that already match
 * the seed are not rewritten, and nothing is duplicated. One transaction, so a failed seed leaves
 * no half-built store.
 */
export async function seedDemoStores(db: Database): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    await upsertStores(tx);
    const counts: SeedCounts = { stores: CATALOGUES.length, categories: 0, products: 0 };
    const seeded: SeededCatalogue[] = [];
    for (const catalogue of CATALOGUES) {
      const categoryIds = await upsertCategories(tx, catalogue);
      const productIds = await upsertProducts(tx, catalogue);
      await linkProducts(tx, catalogue, categoryIds, productIds);
      seeded.push({ catalogue, productIds });
      counts.categories += categoryIds.size;
      counts.products += productIds.size;
    }
    await seedMerchandising(tx, seeded);
    await seedDining(tx, seeded);
    await seedDemoStaff(tx);
    await seedInfoPages(tx);
    await seedCheckout(
      tx,
      CATALOGUES.map(({ store }) => store),
    );
    await seedReferrals(
      tx,
      CATALOGUES.map(({ store }) => store),
    );
    await seedReservations(tx);
    await seedBookings(tx);
    await seedReviews(tx);
    await seedReviewOrders(tx);
    return counts;
  });
}

async function upsertStores(db: Database): Promise<void> {
  await db
    .insert(stores)
    .values(CATALOGUES.map((catalogue) => storeRow(catalogue.store)))
    .onConflictDoUpdate({
      target: stores.id,
      ...upsertChanged(stores, [
        "domain",
        "vertical",
        "nameLocalizations",
        "taglineLocalizations",
        "languages",
        "currency",
        "phoneCountryCode",
        "layoutType",
        "primaryColor",
        "siteTitle",
        "seo",
        "activeLogoUrl",
        "inactiveLogoUrl",
        "guestCheckout",
        "unpaidUnitsPerOrder",
        "unpaidValuePerOrder",
        "unpaidUnitsPerShopper",
        "unpaidValuePerShopper",
        "unconfirmedReleaseMinutes",
        "isAdminRegister",
        "paymentProviders",
        "cardProvider",
        "branchGroup",
        "branchLocation",
      ]),
    });
  // Explicit ids do not advance the identity sequence; without this the next store created
  // through the API would collide with a demo store.
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('stores', 'id'), (SELECT max(id) FROM stores))`);
}

const categoryUpsert = upsertChanged(categories, [
  "parentId",
  "nameLocalizations",
  "image",
  "sort",
  "isShow",
  "isAvailable",
]);

/** Parents first, then children with their parent's id; answers the id of every category by slug. */
async function upsertCategories(
  db: Database,
  { store, categories: seeds }: Catalogue,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const levels = [seeds.filter((seed) => !seed.parent), seeds.filter((seed) => seed.parent)];
  for (const level of levels) {
    if (level.length === 0) continue;
    const rows: CategoryInsert[] = level.map((seed) => ({
      ...categoryRow(store.id, seed, (seeds.indexOf(seed) + 1) * 10),
      parentId: seed.parent ? (ids.get(seed.parent) ?? null) : null,
    }));
    await db
      .insert(categories)
      .values(rows)
      .onConflictDoUpdate({ target: [categories.storeId, categories.slug], ...categoryUpsert });
    const saved = await db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(
        and(
          eq(categories.storeId, store.id),
          inArray(
            categories.slug,
            level.map((seed) => seed.slug),
          ),
        ),
      );
    for (const { id, slug } of saved) ids.set(slug, id);
  }
  return ids;
}

const productUpsert = upsertChanged(products, [
  "slug",
  "nameLocalizations",
  "descriptionLocalizations",
  "brandLocalizations",
  "price",
  "salePrice",
  "stock",
  "barcode",
  "unit",
  "remarksLocalizations",
  "variationOptions",
  "variationCount",
  "addOnGroups",
  "fitment",
  "images",
  "isAvailable",
  "isDigital",
  "digitalFile",
  "salesVolume",
  "searchText",
  "createdAt",
]);

/** Answers the id of every seeded product by sku. */
async function upsertProducts(
  db: Database,
  { store, products: seeds, details }: Catalogue,
): Promise<Map<string, number>> {
  await db
    .insert(products)
    .values(seeds.map((seed) => productRow(store.id, seed, details[seed.sku])))
    .onConflictDoUpdate({ target: [products.storeId, products.sku], ...productUpsert });
  const saved = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.storeId, store.id),
        inArray(
          products.sku,
          seeds.map((seed) => seed.sku),
        ),
      ),
    );
  return new Map(saved.map(({ id, sku }) => [sku, id]));
}

/** Makes the category links of the seeded products exactly those of the seed. */
async function linkProducts(
  db: Database,
  { store, products: seeds }: Catalogue,
  categoryIds: Map<string, number>,
  productIds: Map<string, number>,
): Promise<void> {
  const links = seeds.flatMap((seed) =>
    seed.categories.map((slug) => ({
      storeId: store.id,
      categoryId: required(categoryIds.get(slug), `category ${slug}`),
      productId: required(productIds.get(seed.sku), `product ${seed.sku}`),
    })),
  );
  const pairs = sql.join(
    links.map((link) => sql`(${link.categoryId}, ${link.productId})`),
    sql`, `,
  );
  await db
    .delete(productCategories)
    .where(
      and(
        eq(productCategories.storeId, store.id),
        inArray(productCategories.productId, [...productIds.values()]),
        sql`(${productCategories.categoryId}, ${productCategories.productId}) NOT IN (${pairs})`,
      ),
    );
  await db.insert(productCategories).values(links).onConflictDoNothing();
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed refers to a missing ${what}`);
  return value;
}
