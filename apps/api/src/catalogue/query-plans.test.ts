import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { products, searchWords } from "./tables.ts";

/**
 * Every query a storefront page makes must be answered through an index, never by reading a whole
 * table (see plansOf).
 */
describe("query plans of the storefront's pages", () => {
  // Opening and seeding the database is not part of the test's time.
  beforeAll(() => testHarness());

  it("use an index for every catalogue and account query", async () => {
    const { handle } = await testHarness();
    const [product] = await handle.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, 41), eq(products.isAvailable, true)))
      .limit(1);
    const [withVariations] = await handle.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, 41), sql`${products.variationCount} > 0`))
      .limit(1);
    const { token } = await registerVerified();
    const api = client();
    const search = (body: unknown, query: Record<string, number> = { limit: 30, page: 1 }) =>
      api("POST", "/api/storeProduct/search", { body, query });
    const findings = await plansOf(async () => {
      await api("GET", "/api/store/getByDomain");
      await api("POST", "/api/storeProductCategory/search", { body: { isAvailable: 1 } });
      await search({});
      await search({ isOnSale: true }, { limit: 8, page: 1 });
      await search({ sortField: "salesVolume" }, { limit: 8, page: 1 });
      await search({ sortField: "price", sortType: "asc" });
      await search({ keyword: "fresh", categoryIds: [1, 2], minPrice: 100, maxPrice: 2000 });
      // Keyword search: ranked full text, a chosen sort, an exact sku, Arabic, a typo, a typo with a
      // suggestion, and words no product has together (listed by how many words match).
      await search({ keyword: "apples" });
      await search({ keyword: "apples", sortField: "price", sortType: "asc" });
      await search({ keyword: product?.sku });
      await search({ keyword: "موز عضوي" });
      await search({ keyword: "bananna", categoryIds: [1] });
      await search({ keyword: "strawbery" });
      await search({ keyword: "banana sofa" });
      await search({ keyword: "apples" }, { limit: 30, page: 50 });
      // Category listings, newest first, on the first and a deep page.
      await search({ categoryIds: [1] });
      await search({ categoryIds: [1], sortField: "createTime", sortType: "desc" }, { limit: 30, page: 20 });
      await search({ inStock: 1, sortField: "salesVolume" }, { limit: 120, page: 1 });
      await search({ sku: product?.sku });
      await search({ barCode: product?.barcode });
      await api("GET", `/api/storeProduct/productInfo/${product?.id}`);
      await api("POST", "/api/storeProduct/hot", { body: {}, query: { limit: 8 } });
      await api("POST", "/api/storeProduct/recommend", { body: { productId: product?.id } });
      await search({ tagIds: [1, 2, 3] });
      await search({ tagIds: [1], remarks: "organic", categoryIds: [1] });
      await search({ remarks: "vegan" }, { limit: 8, page: 1 });
      await api("GET", `/api/storeProduct/productInfo/${withVariations?.id}`);
      // Asked again, kept answers read their products' and variations' stock by primary key.
      await api("GET", `/api/storeProduct/productInfo/${withVariations?.id}`);
      await search({ isOnSale: true }, { limit: 8, page: 1 });
      await api("POST", "/api/storeProductTag/search", { body: {} });
      await api("POST", "/api/storeProductTag/search", { body: { ids: [1, 2] } });
      await api("POST", "/api/storeCollections/search", { body: {} });
      await api("POST", "/api/storeCollections/search", {
        body: { productLimit: 4 },
        query: { limit: 1, page: 2 },
      });
      await api("POST", "/api/storeImage/search", { body: { type: "banner" } });
      await api("POST", "/api/storeImage/search", { body: { type: "flyer" } });
      await api("GET", "/api/auth/getUserInfoFromToken", { token });
      await api("GET", "/api/wishlist", { token, query: { limit: 300, page: 1 } });
      await api("POST", "/api/wishlist", { token, body: { productId: product?.id } });
      // The saved cart: its row by key, and the catalogue's products with their variations.
      const cart = { items: [{ productId: product?.id, quantity: 1 }] };
      const varied = { productId: withVariations?.id, quantity: 1 };
      await api("PUT", "/api/cart", { token, body: cart });
      await api("POST", "/api/cart/merge", { token, body: { items: [varied] } });
      await api("GET", "/api/cart", { token });
      // The shop's vocabulary is read once per catalogue version, so an earlier test of this process
      // may have read it already: its read (search-words.ts) is made here as well, to be explained.
      await handle.db.select({ word: searchWords.word }).from(searchWords).where(eq(searchWords.storeId, 41));
    });
    expect(findings.length).toBeGreaterThan(30);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
    expect(findings.filter((f) => f.query.includes('"saved_carts"')).length).toBeGreaterThanOrEqual(2);
    // Every keyword path was explained: full text, corrections read from the shop's vocabulary,
    // some words of several. (Which index a keyword query starts from depends on the catalogue's
    // size; `npm run bench` looks at 100,000 products.)
    expect(findings.filter((f) => f.query.includes("@@")).length).toBeGreaterThanOrEqual(6);
    expect(findings.filter((f) => f.query.includes('"search_words"')).length).toBeGreaterThanOrEqual(1);
    expect(
      findings.filter((f) => f.query.includes(" || ") && f.query.includes("::int")).length,
    ).toBeGreaterThanOrEqual(1);
    expect(findings.filter((f) => /union all/i.test(f.query)).length).toBeGreaterThanOrEqual(2);
  });
});
