import {
  collectionPageSchema,
  HOME_SECTION_SIZE,
  productTagListSchema,
  storeImageListSchema,
} from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, testHarness } from "../test/harness.ts";
import { collectionProducts, collections, products, storeImages, tags } from "./tables.ts";

const ARABIC = /[\u0600-\u06FF]/;
const HEBREW = /[\u0590-\u05FF]/;

const tagSearch = (body: unknown, domain = "localhost", locale?: string) =>
  call("POST", "/api/storeProductTag/search", { body, domain, locale });
const collectionSearch = (
  body: unknown,
  query: Record<string, string | number> = {},
  domain = "localhost",
  locale?: string,
) => call("POST", "/api/storeCollections/search", { body, query, domain, locale });
const imageSearch = (body: unknown, domain = "localhost", locale?: string) =>
  call("POST", "/api/storeImage/search", { body, domain, locale });

/** Ids of the rows of a store-scoped table that belong to other stores than `storeId`. */
async function foreignIds(table: typeof tags | typeof collections | typeof storeImages, storeId: number) {
  const { handle } = await testHarness();
  const rows = await handle.db
    .select({ id: table.id })
    .from(table)
    .where(sql`${table.storeId} <> ${storeId}`);
  return new Set(rows.map((row) => row.id));
}

beforeAll(async () => {
  await testHarness();
});

describe("POST /api/storeProductTag/search", () => {
  it("lists the store's tags in order, each counting the available products that carry it", async () => {
    const { status, json } = await tagSearch({});
    expect(status).toBe(200);
    const list = productTagListSchema.parse(json.data);
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.length).toBeLessThanOrEqual(10);
    const { handle } = await testHarness();
    const [vegan] = list.filter((tag) => tag.slug === "vegan");
    const counted = await handle.db.execute(sql`
      SELECT count(*)::int AS n FROM product_tags pt
      JOIN products p ON p.store_id = pt.store_id AND p.id = pt.product_id AND p.is_available
      WHERE pt.store_id = 41 AND pt.tag_id = ${vegan?.id}`);
    expect(vegan?.productCount).toBe((counted as unknown as { rows: { n: number }[] }).rows[0]?.n);
    expect(vegan?.productCount).toBeGreaterThan(0);
    const stored = await handle.db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.storeId, 41))
      .orderBy(tags.sort, tags.id);
    expect(list.map((tag) => tag.id)).toEqual(stored.map((row) => row.id));
  });

  it("names tags in the shopper's language and keeps every translation", async () => {
    const ar = productTagListSchema.parse((await tagSearch({}, "restaurant.localhost", "ar")).json.data);
    expect(ar.every((tag) => ARABIC.test(tag.name))).toBe(true);
    expect(ar.every((tag) => HEBREW.test(tag.nameLocalizations.he ?? ""))).toBe(true);
    expect(ar.find((tag) => tag.slug === "spicy")?.name).toBe("حار");
  });

  it("answers only the asked ids of the store; another store's tag ids match nothing", async () => {
    const all = productTagListSchema.parse((await tagSearch({})).json.data);
    const picked = all.slice(0, 2).map((tag) => tag.id);
    const some = productTagListSchema.parse((await tagSearch({ ids: picked })).json.data);
    expect(some.map((tag) => tag.id)).toEqual(picked);
    const foreign = [...(await foreignIds(tags, 41))].slice(0, 5);
    const none = await tagSearch({ ids: foreign });
    expect(none.json.data).toEqual([]);
    const restaurant = productTagListSchema.parse((await tagSearch({}, "restaurant.localhost")).json.data);
    const ours = new Set(all.map((tag) => tag.id));
    expect(restaurant.some((tag) => ours.has(tag.id))).toBe(false);
  });

  it("refuses a bad body with field errors", async () => {
    const unknownField = await tagSearch({ storeId: 41, colour: "red" });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.code).not.toBe("0");
    expect(Object.keys(unknownField.json.data.errors).length).toBeGreaterThan(0);
    const notAList = await tagSearch({ ids: "vegan" });
    expect(notAList.status).toBe(400);
    expect(notAList.json.data.errors.ids).toBe("error-field-invalid");
  });
});

describe("POST /api/storeCollections/search", () => {
  it("pages the store's collections, each with its first eight available products in order", async () => {
    const { status, json } = await collectionSearch({});
    expect(status).toBe(200);
    const page = collectionPageSchema.parse(json.data);
    expect(page.per_page).toBe(HOME_SECTION_SIZE);
    expect(page.records.length).toBeGreaterThanOrEqual(3);
    const { handle } = await testHarness();
    for (const collection of page.records) {
      expect(collection.name).toBeTruthy();
      expect(collection.description).toBeTruthy();
      expect(collection.image?.url).toMatch(/^\/media\/art\//);
      expect(collection.products).toHaveLength(HOME_SECTION_SIZE);
      expect(collection.products.every((p) => p.isAvailable && p.currency === "USD")).toBe(true);
      const expected = await handle.db
        .select({ id: products.id })
        .from(collectionProducts)
        .innerJoin(
          products,
          and(
            eq(products.storeId, collectionProducts.storeId),
            eq(products.id, collectionProducts.productId),
          ),
        )
        .where(
          and(
            eq(collectionProducts.storeId, 41),
            eq(collectionProducts.collectionId, collection.id),
            eq(products.isAvailable, true),
          ),
        )
        .orderBy(collectionProducts.sort, collectionProducts.productId)
        .limit(HOME_SECTION_SIZE);
      expect(collection.products.map((p) => p.id)).toEqual(expected.map((row) => row.id));
    }
  });

  it("leaves out products that are not available", async () => {
    const { handle } = await testHarness();
    const [collection] = await handle.db
      .select()
      .from(collections)
      .where(eq(collections.storeId, 42))
      .orderBy(collections.sort)
      .limit(1);
    const [first] = await handle.db
      .select({ productId: collectionProducts.productId })
      .from(collectionProducts)
      .where(
        and(eq(collectionProducts.storeId, 42), eq(collectionProducts.collectionId, collection?.id ?? 0)),
      )
      .orderBy(collectionProducts.sort)
      .limit(1);
    const hide = (isAvailable: boolean) =>
      handle.db
        .update(products)
        .set({ isAvailable })
        .where(and(eq(products.storeId, 42), eq(products.id, first?.productId ?? 0)));
    await hide(false);
    try {
      const page = collectionPageSchema.parse(
        (await collectionSearch({}, {}, "catering.localhost")).json.data,
      );
      const shown = page.records.find((c) => c.id === collection?.id);
      expect(shown?.products.map((p) => p.id)).not.toContain(first?.productId);
      expect(shown?.products).toHaveLength(HOME_SECTION_SIZE);
    } finally {
      await hide(true);
    }
  });

  it("honours productLimit and the page, in the shopper's language", async () => {
    const two = collectionPageSchema.parse(
      (await collectionSearch({ productLimit: 2 }, { limit: 2, page: 2 }, "furniture.localhost", "he")).json
        .data,
    );
    expect(two.current_page).toBe(2);
    expect(two.per_page).toBe(2);
    expect(two.total).toBeGreaterThanOrEqual(3);
    expect(two.records.length).toBeGreaterThanOrEqual(1);
    expect(two.records.every((c) => c.products.length === 2)).toBe(true);
    expect(HEBREW.test(two.records[0]?.name ?? "")).toBe(true);
    expect(HEBREW.test(two.records[0]?.products[0]?.name ?? "")).toBe(true);
    const none = collectionPageSchema.parse((await collectionSearch({ productLimit: 0 })).json.data);
    expect(none.records.every((c) => c.products.length === 0)).toBe(true);
  });

  it("never shows another store's collection", async () => {
    const foreign = await foreignIds(collections, 44);
    const page = collectionPageSchema.parse((await collectionSearch({}, {}, "carparts.localhost")).json.data);
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.some((c) => foreign.has(c.id))).toBe(false);
    expect(page.records.every((c) => c.products.every((p) => p.sku.length > 0 && p.currency === "USD"))).toBe(
      true,
    );
  });

  it("refuses a bad body or page with field errors", async () => {
    const tooMany = await collectionSearch({ productLimit: 31 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.data.errors.productLimit).toBe("error-field-too-large");
    const notANumber = await collectionSearch({ productLimit: "eight" });
    expect(notANumber.status).toBe(400);
    expect(notANumber.json.data.errors.productLimit).toBe("error-field-invalid");
    const badPage = await collectionSearch({}, { page: 0 });
    expect(badPage.status).toBe(400);
    expect(badPage.json.data.errors.page).toBeTruthy();
  });
});

describe("POST /api/storeImage/search", () => {
  it("answers the three home banners in order, with a storefront link and a picture in the shopper's language", async () => {
    const en = storeImageListSchema.parse((await imageSearch({ type: "banner" })).json.data);
    expect(en).toHaveLength(3);
    for (const banner of en) {
      expect(banner.type).toBe("banner");
      expect(banner.link).toMatch(/^\/products\?categories=[a-z-]+$/);
      expect(banner.url).toMatch(/^\/media\/banner\/r\d+\/grocery-\d-en\.svg$/);
      expect(banner.width / banner.height).toBeGreaterThan(2);
      expect(banner.title).toBeTruthy();
      expect(banner.subtitle).toBeTruthy();
      expect(banner.alt).toBeTruthy();
    }
    const ar = storeImageListSchema.parse(
      (await imageSearch({ type: "banner" }, "localhost", "ar")).json.data,
    );
    expect(ar.map((banner) => banner.id)).toEqual(en.map((banner) => banner.id));
    expect(ar.every((banner) => banner.url.endsWith("-ar.svg") && ARABIC.test(banner.title))).toBe(true);
  });

  it("answers the four flyer pages of a store and nothing of another store", async () => {
    const foreign = await foreignIds(storeImages, 43);
    const flyer = storeImageListSchema.parse(
      (await imageSearch({ type: "flyer" }, "restaurant.localhost")).json.data,
    );
    expect(flyer).toHaveLength(4);
    expect(flyer.every((page) => page.type === "flyer" && page.height > page.width)).toBe(true);
    expect(flyer.map((page) => page.url)).toEqual(
      [1, 2, 3, 4].map((n) => `/media/flyer/r2/restaurant-${n}-en.svg`),
    );
    expect(flyer.some((page) => foreign.has(page.id))).toBe(false);
  });

  it("leaves out a hidden image", async () => {
    const { handle } = await testHarness();
    const [first] = storeImageListSchema.parse(
      (await imageSearch({ type: "banner" }, "catering.localhost")).json.data,
    );
    const show = (isShow: boolean) =>
      handle.db
        .update(storeImages)
        .set({ isShow })
        .where(and(eq(storeImages.storeId, 42), eq(storeImages.id, first?.id ?? 0)));
    await show(false);
    try {
      const after = storeImageListSchema.parse(
        (await imageSearch({ type: "banner" }, "catering.localhost")).json.data,
      );
      expect(after.map((banner) => banner.id)).not.toContain(first?.id);
      expect(after).toHaveLength(2);
    } finally {
      await show(true);
    }
  });

  it("refuses a missing or unknown type with a field error", async () => {
    const missing = await imageSearch({});
    expect(missing.status).toBe(400);
    expect(missing.json.data.errors.type).toBe("error-field-required");
    const unknown = await imageSearch({ type: "poster" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.data.errors.type).toBe("error-field-invalid");
  });
});
