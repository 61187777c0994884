import { productInfoSchema, productSearchResultSchema } from "@stoa/contract";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, testHarness } from "../test/harness.ts";
import { withDescendants } from "./categories.ts";
import { categories, products } from "./tables.ts";

const search = (body: unknown, query: Record<string, string | number> = {}, domain = "localhost") =>
  call("POST", "/api/storeProduct/search", { body, query, domain });

type Product = typeof products.$inferSelect;
let sample: Product;
let otherStoreProduct: Product;

beforeAll(async () => {
  const { handle } = await testHarness();
  [sample] = (await handle.db
    .select()
    .from(products)
    .where(and(eq(products.storeId, 41), eq(products.isAvailable, true)))
    .limit(1)) as [Product];
  [otherStoreProduct] = (await handle.db
    .select()
    .from(products)
    .where(sql`${products.storeId} <> 41`)
    .limit(1)) as [Product];
});

describe("POST /api/storeProductCategory/search", () => {
  it("answers the store's shown categories as a tree", async () => {
    const { json } = await call("POST", "/api/storeProductCategory/search", { body: {} });
    expect(json.code).toBe("0");
    expect(json.data.length).toBeGreaterThanOrEqual(4);
    const all = json.data.flatMap((c: { children: unknown[] }) => [c, ...c.children]);
    expect(all.every((c: { isShow: boolean }) => c.isShow)).toBe(true);
    const { handle } = await testHarness();
    const hidden = await handle.db
      .select()
      .from(categories)
      .where(and(eq(categories.storeId, 41), eq(categories.isShow, false)));
    for (const h of hidden) expect(all.find((c: { id: number }) => c.id === h.id)).toBeUndefined();
  });

  it("filters by availability and names categories in the asked language", async () => {
    const all = await call("POST", "/api/storeProductCategory/search", { body: {} });
    const available = await call("POST", "/api/storeProductCategory/search", {
      body: { isAvailable: 1, language: "ar" },
    });
    const flat = (tree: { isAvailable: boolean; name: string; children: never[] }[]) =>
      tree.flatMap((c) => [c, ...c.children]) as { isAvailable: boolean; name: string }[];
    expect(flat(available.json.data).every((c) => c.isAvailable)).toBe(true);
    expect(flat(available.json.data).length).toBeLessThan(flat(all.json.data).length);
    expect(flat(available.json.data)[0]?.name).toMatch(/[\u0600-\u06FF]/);
  });

  it("refuses another store's id and a bad language", async () => {
    const foreign = await call("POST", "/api/storeProductCategory/search", { body: { storeId: 42 } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.code).toBe("403");
    const bad = await call("POST", "/api/storeProductCategory/search", { body: { language: "xx" } });
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors.language).toBe("error-field-invalid");
  });
});

describe("POST /api/storeProduct/search", () => {
  it("counts only ten pages past the one asked, and says when there are more", async () => {
    const whole = productSearchResultSchema.parse((await search({})).json.data);
    expect(whole.total_is_lower_bound).toBe(false);
    // One product a page: page 1 counts 10 matches, page 3 counts 12, both "at least".
    const first = productSearchResultSchema.parse((await search({}, { limit: 1, page: 1 })).json.data);
    expect(first).toMatchObject({ total: 10, last_page: 10, total_is_lower_bound: true });
    const third = productSearchResultSchema.parse((await search({}, { limit: 1, page: 3 })).json.data);
    expect(third).toMatchObject({ total: 12, last_page: 12, total_is_lower_bound: true });
    // Near the end the count is exact again.
    const last = productSearchResultSchema.parse(
      (await search({}, { limit: 1, page: whole.total - 2 })).json.data,
    );
    expect(last).toMatchObject({ total: whole.total, total_is_lower_bound: false });
  });

  it("pages 30 products by default, newest first", async () => {
    const { status, json } = await search({});
    expect(status).toBe(200);
    const page = productSearchResultSchema.parse(json.data);
    expect(page.per_page).toBe(30);
    expect(page.records).toHaveLength(30);
    expect(page.current_page).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(55);
    expect(page.last_page).toBe(Math.ceil(page.total / 30));
    const times = page.records.map((p) => p.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.records.every((p) => p.isAvailable && p.currency.length === 3)).toBe(true);
  });

  it("walks pages without repeating a product", async () => {
    const first = await search({}, { limit: 10, page: 1 });
    const second = await search({}, { limit: 10, page: 2 });
    const ids = new Set(
      [...first.json.data.records, ...second.json.data.records].map((p: { id: number }) => p.id),
    );
    expect(ids.size).toBe(20);
    const beyond = await search({}, { limit: 10, page: 500 });
    expect(beyond.json.data.records).toEqual([]);
    expect(beyond.json.data.total).toBe(first.json.data.total);
  });

  it("finds a product by a word of its English or Arabic name, ignoring case", async () => {
    const englishWord = (sample.nameLocalizations.en ?? "")
      .split(" ")
      .sort((a, b) => b.length - a.length)[0] as string;
    const en = await search({ keyword: englishWord.toUpperCase() });
    expect(en.json.data.records.map((p: { id: number }) => p.id)).toContain(sample.id);
    const ar = await search({ keyword: sample.nameLocalizations.ar }, {}, "localhost");
    expect(ar.json.data.records.map((p: { id: number }) => p.id)).toContain(sample.id);
  });

  it("treats % and _ in a keyword as plain characters", async () => {
    const { json } = await search({ keyword: "%%%" });
    expect(json.data.total).toBe(0);
  });

  it("filters by category, keeping only numeric ids of at least 0", async () => {
    const { handle } = await testHarness();
    const [category] = await handle.db
      .select()
      .from(categories)
      .where(and(eq(categories.storeId, 41), eq(categories.isShow, true), eq(categories.isAvailable, true)))
      .limit(1);
    const { json } = await search({ categoryIds: [String(category?.id), -3, "abc"] }, { limit: 100 });
    expect(json.code).toBe("0");
    expect(json.data.total).toBeGreaterThan(0);
    expect(json.data.records.every((p: { categoryIds: number[] }) => p.categoryIds.length > 0)).toBe(true);
    const everything = await search({}, { limit: 100 });
    expect(json.data.total).toBeLessThan(everything.json.data.total);
  });

  it("filters by price range on the price the shopper pays", async () => {
    const { json } = await search({ minPrice: 200, maxPrice: 500 }, { limit: 100 });
    expect(json.data.total).toBeGreaterThan(0);
    for (const p of json.data.records as { price: number; salePrice: number | null }[]) {
      const pays = p.salePrice !== null && p.salePrice < p.price ? p.salePrice : p.price;
      expect(pays).toBeGreaterThanOrEqual(200);
      expect(pays).toBeLessThanOrEqual(500);
    }
  });

  it("combines keyword, category and price and sorts by price", async () => {
    const { json } = await search(
      { sortField: "price", sortType: "asc", minPrice: 0, maxPrice: 1_000_000 },
      { limit: 100 },
    );
    const prices = json.data.records.map((p: { price: number; salePrice: number | null }) =>
      p.salePrice !== null && p.salePrice < p.price ? p.salePrice : p.price,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const combined = await search({
      keyword: (sample.nameLocalizations.en ?? "").slice(0, 5),
      categoryIds: [],
      maxPrice: 1_000_000,
    });
    expect(combined.json.code).toBe("0");
  });

  it("filters products on sale and by exact sku", async () => {
    const sale = await search({ isOnSale: true }, { limit: 100 });
    expect(sale.json.data.total).toBeGreaterThan(0);
    expect(sale.json.data.records.every((p: { isOnSale: boolean }) => p.isOnSale)).toBe(true);
    const bySku = await search({ sku: sample.sku });
    expect(bySku.json.data.records.map((p: { id: number }) => p.id)).toEqual([sample.id]);
  });

  it("leaves sold-out products out when only products in stock are asked for", async () => {
    const all = await search({}, { limit: 100 }, "carparts.localhost");
    const soldOut = all.json.data.records.filter((p: { stock: number }) => p.stock <= 0);
    expect(soldOut.length).toBeGreaterThan(0);
    const inStock = await search({ inStock: 1 }, { limit: 100 }, "carparts.localhost");
    expect(inStock.json.data.total).toBe(all.json.data.total - soldOut.length);
    expect(inStock.json.data.records.every((p: { stock: number }) => p.stock > 0)).toBe(true);
  });

  it("sorts best sellers by sales volume", async () => {
    const { handle } = await testHarness();
    const [top] = await handle.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, 41), eq(products.isAvailable, true)))
      .orderBy(sql`${products.salesVolume} desc, ${products.id} desc`)
      .limit(1);
    const { json } = await search({ sortField: "salesVolume" }, { limit: 1 });
    expect(json.data.records[0].id).toBe(top?.id);
  });

  it("ranks keyword matches, or lists them best-selling first when asked", async () => {
    const word = (sample.nameLocalizations.en ?? "").split(" ")[0] as string;
    const popular = await search({ keyword: word, sortField: "salesVolume" }, { limit: 100 });
    const volumes = await testHarness().then(({ handle }) =>
      handle.db
        .select({ id: products.id, salesVolume: products.salesVolume })
        .from(products)
        .where(eq(products.storeId, 41)),
    );
    const volumeOf = new Map(volumes.map((v) => [v.id, v.salesVolume]));
    const listed = popular.json.data.records.map((p: { id: number }) => volumeOf.get(p.id) as number);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    const ranked = await search({ keyword: sample.nameLocalizations.en });
    expect(ranked.json.data.records[0].id).toBe(sample.id);
    const asked = await search({ keyword: sample.nameLocalizations.en, sortField: "relevance" });
    expect(asked.json.data.records[0].id).toBe(sample.id);
  });

  it("never shows another store's products", async () => {
    const { json } = await search({ sku: otherStoreProduct.sku }, {}, "localhost");
    expect(json.data.records.every((p: { id: number }) => p.id !== otherStoreProduct.id)).toBe(true);
    const foreign = await search({ storeId: otherStoreProduct.storeId });
    expect(foreign.status).toBe(403);
  });

  it.each([
    [{ limit: 0 }, "limit", "error-field-too-small"],
    [{ limit: 301 }, "limit", "error-field-too-large"],
    [{ limit: "ten" }, "limit", "error-field-invalid"],
    [{ page: 0 }, "page", "error-field-too-small"],
    [{ page: 10_001 }, "page", "error-field-too-large"],
  ])("refuses bad paging %j with a field error", async (query, field, key) => {
    const { status, json } = await search({}, query as Record<string, string | number>);
    expect(status).toBe(400);
    expect(json.code).toBe("400");
    expect(json.data.errors[field]).toBe(key);
  });

  it("refuses a minimum price above the maximum, an over-long keyword and a bad sort field", async () => {
    const prices = await search({ minPrice: 900, maxPrice: 100 });
    expect(prices.status).toBe(400);
    expect(prices.json.data.errors.minPrice).toBe("error-min-price-above-max");
    const long = await search({ keyword: "x".repeat(201) });
    expect(long.json.data.errors.keyword).toBe("error-field-too-long");
    const sort = await search({ sortField: "password" });
    expect(sort.json.data.errors.sortField).toBe("error-field-invalid");
    const negative = await search({ minPrice: -1 });
    expect(negative.json.data.errors.minPrice).toBe("error-field-too-small");
  });

  it("refuses a body that is not JSON or is too large, in the caller's language", async () => {
    const broken = await call("POST", "/api/storeProduct/search", { rawBody: "{nope", locale: "ar" });
    expect(broken.status).toBe(400);
    expect(broken.json.msg).toBe("بعض المعلومات المرسلة غير صالحة.");
    const huge = await call("POST", "/api/storeProduct/search", {
      rawBody: JSON.stringify({ keyword: "a".repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe("413");
  });

  it("refuses a NUL character in any text with a field error, not a failure", async () => {
    const keyword = await search({ keyword: "a\u0000b" });
    expect(keyword.status).toBe(400);
    expect(keyword.json.data.errors.keyword).toBe("error-control-character");
    const nested = await call("POST", "/api/auth/register/store-customer/email", {
      body: { email: "nul@example.com", password: "correct horse 1", firstName: "N\u0000" },
    });
    expect(nested.json.data.errors.firstName).toBe("error-control-character");
  });

  it("answers names in the caller's locale", async () => {
    const { json } = await search({ sku: sample.sku });
    const ar = await call("POST", "/api/storeProduct/search", { body: { sku: sample.sku }, locale: "ar" });
    expect(json.data.records[0].name).toBe(sample.nameLocalizations.en);
    expect(ar.json.data.records[0].name).toBe(sample.nameLocalizations.ar);
  });
});

describe("GET /api/storeProduct/productInfo/{id}", () => {
  it("answers the product with description, images and categories", async () => {
    const { status, json } = await call("GET", `/api/storeProduct/productInfo/${sample.id}`, {
      locale: "he",
    });
    expect(status).toBe(200);
    const info = productInfoSchema.parse(json.data);
    expect(info.id).toBe(sample.id);
    expect(info.name).toBe(sample.nameLocalizations.he);
    expect(info.description).toBe(sample.descriptionLocalizations.he);
    expect(info.images.length).toBeGreaterThan(0);
    expect(info.categories.length).toBeGreaterThan(0);
    expect(info.price).toBe(sample.price);
  });

  it("does not show another store's product", async () => {
    const { status, json } = await call("GET", `/api/storeProduct/productInfo/${otherStoreProduct.id}`);
    expect(status).toBe(404);
    expect(json.code).toBe("4042");
  });

  it("answers a missing product and a malformed id clearly", async () => {
    const missing = await call("GET", "/api/storeProduct/productInfo/99999999");
    expect(missing.status).toBe(404);
    const malformed = await call("GET", "/api/storeProduct/productInfo/abc");
    expect(malformed.status).toBe(400);
    expect(malformed.json.data.errors.id).toBe("error-field-invalid");
  });

  it("shows a product that is out of stock or on sale with its prices", async () => {
    const { handle } = await testHarness();
    const [onSale] = await handle.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, 41), isNotNull(products.salePrice)))
      .limit(1);
    const { json } = await call("GET", `/api/storeProduct/productInfo/${onSale?.id}`);
    expect(json.data.salePrice).toBe(onSale?.salePrice);
    expect(json.data.isOnSale).toBe(true);
  });
});

describe("POST /api/storeProduct/hot and /recommend", () => {
  it("lists best sellers by sales volume, in a category when asked", async () => {
    const { json } = await call("POST", "/api/storeProduct/hot", { body: {}, query: { limit: 8 } });
    expect(json.data.records).toHaveLength(8);
    const { handle } = await testHarness();
    const volumes = new Map(
      (
        await handle.db
          .select({ id: products.id, v: products.salesVolume })
          .from(products)
          .where(eq(products.storeId, 41))
      ).map((r) => [r.id, r.v]),
    );
    const listed = json.data.records.map((p: { id: number }) => volumes.get(p.id) as number);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    const info = await call("GET", `/api/storeProduct/productInfo/${sample.id}`);
    const categoryId = info.json.data.categoryIds[0] as number;
    const inCategory = await call("POST", "/api/storeProduct/hot", {
      body: { categoryIds: [categoryId] },
      query: { limit: 100 },
    });
    expect(inCategory.json.data.total).toBeGreaterThan(0);
    expect(inCategory.json.data.total).toBeLessThan(json.data.total);
  });

  it("recommends products sharing a category, without the product itself", async () => {
    const { json } = await call("POST", "/api/storeProduct/recommend", {
      body: { productId: sample.id },
      query: { limit: 30 },
    });
    expect(json.code).toBe("0");
    expect(json.data.total).toBeGreaterThan(0);
    const ids = json.data.records.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(sample.id);
    const { handle } = await testHarness();
    const tree = await handle.db.select().from(categories).where(eq(categories.storeId, 41));
    const info = await call("GET", `/api/storeProduct/productInfo/${sample.id}`);
    const related = new Set(withDescendants(tree, info.json.data.categoryIds));
    for (const record of json.data.records as { categoryIds: number[] }[]) {
      expect(record.categoryIds.some((id) => related.has(id))).toBe(true);
    }
    const deals = await call("POST", "/api/storeProduct/recommend", { body: {} });
    expect(deals.json.data.records.every((p: { isOnSale: boolean }) => p.isOnSale)).toBe(true);
  });

  it("refuses another store's product and unknown fields", async () => {
    const foreign = await call("POST", "/api/storeProduct/recommend", {
      body: { productId: otherStoreProduct.id },
    });
    expect(foreign.status).toBe(404);
    const unknown = await call("POST", "/api/storeProduct/hot", { body: { password: "x" } });
    expect(unknown.status).toBe(400);
  });
});
