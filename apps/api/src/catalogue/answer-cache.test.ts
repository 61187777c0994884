import {
  ANSWER_REACH_HEADER,
  CHANGES_SEEN_HEADER,
  PRODUCT_CHANGE,
  productInfoSchema,
  productSearchResultSchema,
  reachOfHeader,
} from "@stoa/contract";
import { and, desc, eq, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { stores } from "../stores/tables.ts";
import { call, testHarness } from "../test/harness.ts";
import { withDescendants } from "./categories.ts";
import { categories, productCategories, productChanges, products, productVariations } from "./tables.ts";

// Catalogue answers are kept in memory under the store's catalogue version; these tests write to
// the tables directly, as an import or another API process would, and expect the next answer to
// show the write.

const restore: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (restore.length > 0) await restore.pop()?.();
});

async function storeOf(domain: string) {
  const { handle } = await testHarness();
  const [store] = await handle.db.select().from(stores).where(eq(stores.domain, domain));
  if (!store) throw new Error(`no store ${domain}`);
  return store;
}

async function firstProduct(storeId: number) {
  const { handle } = await testHarness();
  const [product] = await handle.db
    .select({ id: products.id, price: products.price, nameLocalizations: products.nameLocalizations })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.isAvailable, true), eq(products.variationCount, 0)))
    .orderBy(products.id)
    .limit(1);
  if (!product) throw new Error("no product");
  return product;
}

const info = async (id: number, domain = "localhost", locale?: string) => {
  const { status, json } = await call("GET", `/api/storeProduct/productInfo/${id}`, { domain, locale });
  expect(status).toBe(200);
  return productInfoSchema.parse(json.data);
};

const searchIds = async (body: object, domain = "localhost") => {
  const { status, json } = await call("POST", "/api/storeProduct/search", {
    body,
    domain,
    query: { limit: 100 },
  });
  expect(status).toBe(200);
  return productSearchResultSchema.parse(json.data).records.map((p) => p.id);
};

/** The SQL statements one call sends. */
async function queriesOf(run: () => Promise<unknown>): Promise<string[]> {
  const { handle } = await testHarness();
  const seen: string[] = [];
  const stop = handle.onQuery((query) => seen.push(query));
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

describe("cached catalogue answers", () => {
  it("answers a repeated request from memory: only the store, and the stock and ratings shown, are read", async () => {
    const store = await storeOf("localhost");
    const product = await firstProduct(store.id);
    const first = await info(product.id);
    const queries = await queriesOf(async () => expect(await info(product.id)).toEqual(first));
    // The API tests keep nothing of the store row, stock or ratings between requests
    // (STORE_FRESH_MS=0). Stock and ratings change without the catalogue version (decisions 016,
    // 068): both are read again by primary key, in one statement.
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatch(/from "stores"/i);
    expect(queries[1]).toMatch(
      /from "products" left join "product_ratings".*union all.*from "product_variations"/is,
    );
  });

  it("shows a price change at once", async () => {
    const { handle } = await testHarness();
    const store = await storeOf("localhost");
    const product = await firstProduct(store.id);
    await info(product.id);
    const setPrice = (price: number) =>
      handle.db
        .update(products)
        .set({ price })
        .where(and(eq(products.storeId, store.id), eq(products.id, product.id)));
    await setPrice(product.price + 123);
    restore.push(() => setPrice(product.price));
    expect((await info(product.id)).price).toBe(product.price + 123);
  });

  it("says which products are digital goods, in listings and product info, and shows a change at once", async () => {
    const { handle } = await testHarness();
    const store = await storeOf("localhost");
    const [digital] = await handle.db
      .select({ id: products.id, nameLocalizations: products.nameLocalizations })
      .from(products)
      .where(
        and(eq(products.storeId, store.id), eq(products.isDigital, true), eq(products.isAvailable, true)),
      )
      .orderBy(products.id)
      .limit(1);
    if (!digital) throw new Error("the grocery sells no digital goods");
    const physical = await firstProduct(store.id);
    /** The product as a search for its name lists it. */
    const listed = async (product: { id: number; nameLocalizations: { en?: string } }) => {
      const { json } = await call("POST", "/api/storeProduct/search", {
        body: { keyword: product.nameLocalizations.en ?? "" },
        query: { limit: 100 },
      });
      return productSearchResultSchema.parse(json.data).records.find((p) => p.id === product.id);
    };
    expect((await listed(digital))?.isDigital).toBe(true);
    expect((await listed(physical))?.isDigital).toBe(false);
    expect((await info(digital.id)).isDigital).toBe(true);
    expect((await info(physical.id)).isDigital).toBe(false);

    // The answers are kept; a product that becomes a download is one in the next answer.
    const setDigital = (isDigital: boolean) =>
      handle.db
        .update(products)
        .set({ isDigital })
        .where(and(eq(products.storeId, store.id), eq(products.id, physical.id)));
    await setDigital(true);
    restore.push(() => setDigital(false));
    expect((await info(physical.id)).isDigital).toBe(true);
    expect((await listed(physical))?.isDigital).toBe(true);
  });

  it("drops a product withdrawn from sale from the search answers at once", async () => {
    const { handle } = await testHarness();
    const store = await storeOf("localhost");
    const product = await firstProduct(store.id);
    const name = product.nameLocalizations.en ?? "";
    const body = { keyword: name };
    expect(await searchIds(body)).toContain(product.id);
    const setAvailable = (isAvailable: boolean) =>
      handle.db
        .update(products)
        .set({ isAvailable })
        .where(and(eq(products.storeId, store.id), eq(products.id, product.id)));
    await setAvailable(false);
    restore.push(() => setAvailable(true));
    expect(await searchIds(body)).not.toContain(product.id);
  });

  it("shows a renamed category and a variation's new stock at once", async () => {
    const { handle } = await testHarness();
    const store = await storeOf("localhost");
    const [category] = await handle.db
      .select()
      .from(categories)
      .where(and(eq(categories.storeId, store.id), eq(categories.isShow, true)))
      .limit(1);
    if (!category) throw new Error("no category");
    const tree = async () => {
      const { json } = await call("POST", "/api/storeProductCategory/search", { body: {} });
      return JSON.stringify(json.data);
    };
    expect(await tree()).not.toContain("Renamed aisle");
    const rename = (nameLocalizations: typeof category.nameLocalizations) =>
      handle.db
        .update(categories)
        .set({ nameLocalizations })
        .where(and(eq(categories.storeId, store.id), eq(categories.id, category.id)));
    await rename({ ...category.nameLocalizations, en: "Renamed aisle" });
    restore.push(() => rename(category.nameLocalizations));
    expect(await tree()).toContain("Renamed aisle");

    const [variation] = await handle.db.select().from(productVariations).limit(1);
    if (!variation) throw new Error("no variation");
    const domain = (await handle.db.select().from(stores).where(eq(stores.id, variation.storeId)))[0]?.domain;
    const stockOf = async () =>
      (await info(variation.productId, domain)).variations.find((v) => v.id === variation.id)?.stock;
    expect(await stockOf()).toBe(variation.stock);
    const setStock = (stock: number) =>
      handle.db
        .update(productVariations)
        .set({ stock })
        .where(and(eq(productVariations.storeId, variation.storeId), eq(productVariations.id, variation.id)));
    await setStock(variation.stock + 5);
    restore.push(() => setStock(variation.stock));
    expect(await stockOf()).toBe(variation.stock + 5);
  });

  it("keeps each store's and each language's answers apart", async () => {
    const { handle } = await testHarness();
    const grocery = await storeOf("localhost");
    const other = (await handle.db.select().from(stores)).find((s) => s.id !== grocery.id);
    if (!other) throw new Error("one store only");
    const product = await firstProduct(grocery.id);
    await info(product.id);
    // Asked of another store, the cached product of the first store is not found.
    const { status } = await call("GET", `/api/storeProduct/productInfo/${product.id}`, {
      domain: other.domain,
    });
    expect(status).toBe(404);
    expect((await info(product.id, "localhost", "ar")).name).not.toBe(
      (await info(product.id, "localhost", "en")).name,
    );

    // A product's change is its store's only, and leaves even that store's catalogue version.
    const before = await storeOf(other.domain);
    await handle.db
      .update(products)
      .set({ price: product.price + 1 })
      .where(and(eq(products.storeId, grocery.id), eq(products.id, product.id)));
    restore.push(() =>
      handle.db
        .update(products)
        .set({ price: product.price })
        .where(and(eq(products.storeId, grocery.id), eq(products.id, product.id))),
    );
    const otherAfter = await storeOf(other.domain);
    expect([otherAfter.catalogueVersion, otherAfter.productChangesSeq]).toEqual([
      before.catalogueVersion,
      before.productChangesSeq,
    ]);
    const groceryAfter = await storeOf("localhost");
    expect(groceryAfter.catalogueVersion).toBe(grocery.catalogueVersion);
    expect(groceryAfter.productChangesSeq).toBeGreaterThan(grocery.productChangesSeq);
  });
});

describe("a product's change (decision 069)", () => {
  /**
   * Whether a request computed its answer, rather than serving a kept one with its live values
   * (stock, ratings) read again. A computed page's statement reads ratings too: only the reread's
   * own shape tells the two apart.
   */
  const computes = async (request: () => Promise<unknown>) =>
    (await queriesOf(request)).some(
      (q) =>
        !/^select "id", "domain"/i.test(q.trim()) &&
        !/from product_changes/i.test(q) &&
        !/^SELECT false AS is_variation/i.test(q.trim()),
    );

  /**
   * Two available products of the grocery whose categories, with their subcategories, share
   * nothing; neither on sale, so a new price is what they cost.
   */
  async function twoApart() {
    const { handle } = await testHarness();
    const store = await storeOf("localhost");
    const shown = await handle.db.select().from(categories).where(eq(categories.storeId, store.id));
    const rows = await handle.db
      .select({
        id: products.id,
        categoryIds: products.categoryIds,
        price: products.price,
        nameLocalizations: products.nameLocalizations,
      })
      .from(products)
      .where(
        and(
          eq(products.storeId, store.id),
          eq(products.isAvailable, true),
          eq(products.variationCount, 0),
          isNull(products.salePrice),
        ),
      )
      .orderBy(products.id);
    const reach = (ids: number[]) => new Set(withDescendants(shown, ids));
    for (const a of rows) {
      if (a.categoryIds.length === 0) continue;
      const aReach = reach(a.categoryIds);
      const b = rows.find(
        (b) =>
          b.categoryIds.length > 0 &&
          !b.categoryIds.some((id) => aReach.has(id)) &&
          !a.categoryIds.some((id) => reach(b.categoryIds).has(id)),
      );
      if (b) return { store, a, b };
    }
    throw new Error("no two products apart");
  }

  const listing = (categoryIds: number[], sortField?: string) => async () => {
    const { status, json } = await call("POST", "/api/storeProduct/search", {
      body: { categoryIds, ...(sortField ? { sortField } : {}) },
      query: { limit: 100 },
    });
    expect(status).toBe(200);
    return productSearchResultSchema.parse(json.data).records;
  };

  it("drops the answers that show the product and the listings it moves in, and keeps the rest", async () => {
    const { handle } = await testHarness();
    const { store, a, b } = await twoApart();
    const aListing = listing(a.categoryIds);
    const aByPrice = listing(a.categoryIds, "price");
    const bListing = listing(b.categoryIds);
    const search = async (keyword: string) => {
      const { json } = await call("POST", "/api/storeProduct/search", {
        body: { keyword },
        query: { limit: 100 },
      });
      return productSearchResultSchema.parse(json.data).records;
    };
    const word = `zqx${Date.now().toString(36)}`;
    // Everything asked once, so it is kept.
    await Promise.all([info(a.id), info(b.id), aListing(), aByPrice(), bListing(), search(word)]);
    expect(await computes(() => info(b.id))).toBe(false);

    // A new price: the product's own answer, its category's listing that shows it and the one
    // sorted by price are computed again; the other product and its category are still kept.
    const setPrice = (price: number) =>
      handle.db
        .update(products)
        .set({ price })
        .where(and(eq(products.storeId, store.id), eq(products.id, a.id)));
    await setPrice(a.price + 77);
    restore.push(() => setPrice(a.price));
    expect((await info(a.id)).price).toBe(a.price + 77);
    expect((await aByPrice()).find((p) => p.id === a.id)?.price).toBe(a.price + 77);
    expect(await computes(() => info(b.id))).toBe(false);
    expect(await computes(bListing)).toBe(false);
    expect(await computes(() => search(word))).toBe(false);

    // A new name is a listing change: a keyword search that found nothing finds it now, and the
    // other category is still kept.
    const rename = (en: string) =>
      handle.db
        .update(products)
        .set({ nameLocalizations: { ...a.nameLocalizations, en } })
        .where(and(eq(products.storeId, store.id), eq(products.id, a.id)));
    await rename(`${a.nameLocalizations.en} ${word}`);
    restore.push(() => rename(a.nameLocalizations.en ?? ""));
    expect((await search(word)).map((p) => p.id)).toEqual([a.id]);
    expect((await info(a.id)).name).toContain(word);
    expect(await computes(bListing)).toBe(false);
    expect(await computes(() => info(b.id))).toBe(false);

    // Moved into the other product's category: that listing shows it.
    const [target] = b.categoryIds;
    if (target === undefined) throw new Error("no category");
    await handle.db
      .insert(productCategories)
      .values({ storeId: store.id, productId: a.id, categoryId: target });
    restore.push(() =>
      handle.db
        .delete(productCategories)
        .where(
          and(
            eq(productCategories.storeId, store.id),
            eq(productCategories.productId, a.id),
            eq(productCategories.categoryId, target),
          ),
        ),
    );
    expect((await bListing()).map((p) => p.id)).toContain(a.id);
  });

  it("drops a one-word keyword search only when a product gains or loses a word it could find", async () => {
    const { handle } = await testHarness();
    const { store, a, b } = await twoApart();
    const search = (keyword: string) => async () => {
      const { json } = await call("POST", "/api/storeProduct/search", {
        body: { keyword },
        query: { limit: 100 },
      });
      return productSearchResultSchema.parse(json.data).records.map((p) => p.id);
    };
    // A word none of the shop's products has, and one as a slip of it would be typed.
    const word = `qv${Date.now().toString(36)}`;
    const oneWord = search(word);
    const twoWords = search(`${word} apple`);
    const lastChange = async () => {
      const [row] = await handle.db
        .select({ words: productChanges.words, aspects: productChanges.aspects })
        .from(productChanges)
        .where(and(eq(productChanges.storeId, store.id), eq(productChanges.productId, b.id)))
        .orderBy(desc(productChanges.seq))
        .limit(1);
      return row;
    };
    const set = (values: Partial<typeof products.$inferInsert>) =>
      handle.db
        .update(products)
        .set(values)
        .where(and(eq(products.storeId, store.id), eq(products.id, b.id)));
    restore.push(() => set({ nameLocalizations: b.nameLocalizations }));
    await Promise.all([oneWord(), twoWords(), info(a.id)]);

    // "Special" added to another product's name: the change names that word alone; the one-word
    // search is kept, the search of two words is computed again (where words stand ranks it).
    await set({ nameLocalizations: { ...b.nameLocalizations, en: `${b.nameLocalizations.en} special` } });
    expect(await lastChange()).toEqual({ words: ["special"], aspects: PRODUCT_CHANGE.TEXT });
    expect(await computes(oneWord)).toBe(false);
    expect(await computes(twoWords)).toBe(true);
    expect(await computes(() => info(a.id))).toBe(false);

    // A word the search finds as typed: computed again, and it lists the product.
    await set({ nameLocalizations: { ...b.nameLocalizations, en: `${b.nameLocalizations.en} ${word}x` } });
    expect((await lastChange())?.words?.sort()).toEqual([`${word}x`, "special"]);
    expect(await oneWord()).toEqual([b.id]);
    // A slip away from it (a correction once the shop knows the word): computed again too.
    await oneWord();
    await set({
      nameLocalizations: { ...b.nameLocalizations, en: `${b.nameLocalizations.en} ${word.slice(0, -1)}` },
    });
    expect(await computes(oneWord)).toBe(true);

    // A new sku: any keyword may now find it by its code, so no word is named.
    const [{ sku } = { sku: "" }] = await handle.db
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.storeId, store.id), eq(products.id, b.id)));
    restore.push(() => set({ sku }));
    await oneWord();
    await set({ sku: `${sku}-${word}` });
    expect(await lastChange()).toEqual({ words: null, aspects: PRODUCT_CHANGE.TEXT });
    expect(await computes(oneWord)).toBe(true);
  });

  it("drops a listing by price band only when a new price crosses its band", async () => {
    const { handle } = await testHarness();
    const { store, a } = await twoApart();
    // A band above the product's price, in its own categories: the product is not on it.
    const band = async () => {
      const { status, json } = await call("POST", "/api/storeProduct/search", {
        body: { categoryIds: a.categoryIds, minPrice: a.price + 1000, maxPrice: a.price + 100_000 },
        query: { limit: 100 },
      });
      expect(status).toBe(200);
      return productSearchResultSchema.parse(json.data).records.map((p) => p.id);
    };
    expect(await band()).not.toContain(a.id);
    const setPrice = (price: number) =>
      handle.db
        .update(products)
        .set({ price })
        .where(and(eq(products.storeId, store.id), eq(products.id, a.id)));
    restore.push(() => setPrice(a.price));
    // Still under the band: the kept answer stays.
    await setPrice(a.price + 77);
    expect(await computes(band)).toBe(false);
    // Into the band: the listing is computed again, and holds it.
    await setPrice(a.price + 2000);
    expect(await band()).toContain(a.id);
  });

  it("is learnt by a process that kept answers while another wrote", async () => {
    // Two API processes share the database: the test's writes are the other process's.
    const { handle } = await testHarness();
    const { store, a } = await twoApart();
    await info(a.id);
    const setPrice = (price: number) =>
      handle.db
        .update(products)
        .set({ price })
        .where(and(eq(products.storeId, store.id), eq(products.id, a.id)));
    for (const step of [1, 2, 3]) await setPrice(a.price + step);
    restore.push(() => setPrice(a.price));
    expect((await info(a.id)).price).toBe(a.price + 3);
  });

  it("names what each answer reaches for the storefront's shared pages", async () => {
    const { a } = await twoApart();
    const reachOf = async (method: "GET" | "POST", path: string, body?: object) =>
      (await call(method, path, { body })).headers.get(ANSWER_REACH_HEADER);
    const product = reachOfHeader((await reachOf("GET", `/api/storeProduct/productInfo/${a.id}`)) ?? "");
    expect(product?.shows.has(a.id)).toBe(true);
    expect(product?.lists[0]?.categories?.has(a.categoryIds[0] ?? 0)).toBe(true);
    const search = reachOfHeader(
      (await reachOf("POST", "/api/storeProduct/search", { sortField: "price" })) ?? "",
    );
    expect(search?.lists).toEqual([{ categories: null, byPrice: true, byText: false }]);
    // Answers that show no product say so; a signed-in caller's own answers say nothing.
    expect(await reachOf("GET", "/api/store/getByDomain")).toBe("s=");
    expect(await reachOf("POST", "/api/storeProductCategory/search", {})).toBe("s=");
    expect(await reachOf("GET", "/api/store/branches")).toBeNull();
  });

  it("names the last product change an answer was made knowing of", async () => {
    const { handle } = await testHarness();
    const { store, a } = await twoApart();
    const seenOf = async () =>
      Number((await call("GET", `/api/storeProduct/productInfo/${a.id}`)).headers.get(CHANGES_SEEN_HEADER));
    const seqNow = async () =>
      (
        await handle.db.select({ seq: stores.productChangesSeq }).from(stores).where(eq(stores.id, store.id))
      )[0]?.seq ?? 0;
    expect(await seenOf()).toBe(await seqNow());
    // After a change of the product, the answer (computed again) knows of it.
    const setPrice = (price: number) =>
      handle.db
        .update(products)
        .set({ price })
        .where(and(eq(products.storeId, store.id), eq(products.id, a.id)));
    await setPrice(a.price + 5);
    restore.push(() => setPrice(a.price));
    const after = await seqNow();
    await expect.poll(seenOf, { timeout: 5_000 }).toBe(after);
  });
});
