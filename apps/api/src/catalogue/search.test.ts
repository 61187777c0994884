import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, testHarness } from "../test/harness.ts";
import { keywordWords, typedWordQuery } from "./search.ts";
import { categories, productCategories, products } from "./tables.ts";

type Listed = { id: number; name: string; price: number; salePrice: number | null; categoryIds: number[] };

const search = (
  body: unknown,
  query: Record<string, string | number> = {},
  domain = "localhost",
  locale?: string,
) => call("POST", "/api/storeProduct/search", { body, query, domain, locale });

const records = (json: { data: { records: Listed[] } }) => json.data.records;
const paid = (p: Listed) => (p.salePrice !== null && p.salePrice < p.price ? p.salePrice : p.price);

/** Ids of the store's available products whose full-text document matches the words, straight from SQL. */
async function fullTextIds(storeId: number, query: string): Promise<Set<number>> {
  const { handle } = await testHarness();
  const rows = await handle.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.isAvailable, true),
        sql`${products.searchVector} @@ to_tsquery('simple', ${query})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

let fruitsId: number;
beforeAll(async () => {
  const { handle } = await testHarness();
  const [fruits] = await handle.db
    .select()
    .from(categories)
    .where(and(eq(categories.storeId, 41), eq(categories.slug, "fruits")));
  fruitsId = fruits?.id as number;
});

describe("keyword search", () => {
  it("finds a product despite a typo, ranked by closeness", async () => {
    const { json } = await search({ keyword: "bananna" });
    expect(json.code).toBe("0");
    const names = records(json).map((p) => p.name);
    expect(names.slice(0, 2).sort()).toEqual(["Bananas", "Organic Bananas"]);

    const sofas = await search({ keyword: "sofs" }, {}, "furniture.localhost");
    expect(records(sofas.json).length).toBeGreaterThan(0);
    expect(records(sofas.json)[0]?.name).toMatch(/sofa/i);
  });

  it("lists the products matching the words as typed above those found through a correction", async () => {
    // "bananas" is also two slips from "banana" and "banane"-like words of the shop: those join below.
    const exact = await fullTextIds(41, "bananas:*");
    expect(exact.size).toBeGreaterThan(0);
    const { json } = await search({ keyword: "bananas" }, { limit: 100 });
    const ids = records(json).map((p) => p.id);
    expect(new Set(ids.slice(0, exact.size))).toEqual(exact);
    expect(json.data.total).toBe(ids.length);
    expect(json.data.suggestion).toBeUndefined();
  });

  it("ranks a word in the name above the same word in a description", async () => {
    const { json } = await search({ keyword: "apple" }, { limit: 100 });
    const listed = records(json);
    const inName = listed.map((p) => /apple/i.test(p.name));
    expect(inName[0]).toBe(true);
    // Once a product without the word in its name appears, no named one follows.
    const firstWithout = inName.indexOf(false);
    if (firstWithout >= 0) expect(inName.slice(firstWithout)).not.toContain(true);
    expect(inName.filter(Boolean).length).toBeGreaterThanOrEqual(5);
  });

  it("finds Arabic and Hebrew names, whole or by their start, and answers in the caller's language", async () => {
    const arabic = await search({ keyword: "موز" }, {}, "localhost", "ar");
    expect(records(arabic.json).map((p) => p.name)).toContain("موز");
    const hebrew = await search({ keyword: "בננות" }, {}, "localhost", "he");
    expect(records(hebrew.json).map((p) => p.name)).toContain("בננות");
    const hebrewStart = await search({ keyword: "בננ" }, {}, "localhost", "he");
    expect(records(hebrewStart.json).map((p) => p.name)).toEqual(
      expect.arrayContaining(["בננות", "בננות אורגניות"]),
    );
    const twoWords = await search({ keyword: "موز عضوي" }, {}, "localhost", "ar");
    expect(records(twoWords.json)[0]?.name).toBe("موز عضوي");
  });

  it("matches English words by their stem and the start of a word", async () => {
    const plural = await search({ keyword: "cherries" });
    expect(records(plural.json).map((p) => p.name)).toContain("Cherry Tomatoes");
    const start = await search({ keyword: "tomat" });
    expect(records(start.json).filter((p) => p.name.includes("Tomatoes")).length).toBeGreaterThanOrEqual(3);
  });

  it("reads the index once for a word whose English stem begins it, finding the same products", async () => {
    const { handle } = await testHarness();
    const ids = async (match: ReturnType<typeof sql>) =>
      (
        await handle.db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.storeId, 41), sql`${products.searchVector} @@ ${match}`))
      )
        .map((row) => row.id)
        .sort((a, b) => a - b);
    // The stem is the word ("fresh"), begins it ("cherries" → "cherri"), differs ("happy" →
    // "happi"), is none (a stop word), or the word is one letter (whole words only).
    for (const word of ["fresh", "cherries", "organic", "happy", "the", "a", "tomat", "موز"]) {
      const lexeme = word.length > 1 ? `${word}:*` : word;
      const both = sql`(to_tsquery('simple'::regconfig, ${lexeme}) || to_tsquery('english'::regconfig, ${lexeme}))`;
      expect(await ids(typedWordQuery(word)), word).toEqual(await ids(both));
    }
    const result = (await handle.db.execute(
      sql`SELECT ${typedWordQuery("cherries")}::text AS one, ${typedWordQuery("happy")}::text AS two`,
    )) as unknown as { rows: { one: string; two: string }[] };
    const [plan] = result.rows;
    expect(plan).toEqual({ one: "'cherri':*", two: "'happy':* | 'happi':*" });
  });

  it("finds a product by its exact sku or barcode, first", async () => {
    const { handle } = await testHarness();
    const [product] = await handle.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, 41), eq(products.isAvailable, true), sql`${products.barcode} <> ''`))
      .limit(1);
    const bySku = await search({ keyword: product?.sku.toLowerCase() });
    expect(records(bySku.json)[0]?.id).toBe(product?.id);
    const byBarcode = await search({ keyword: ` ${product?.barcode} ` });
    expect(records(byBarcode.json)[0]?.id).toBe(product?.id);
  });

  it("combines the keyword with category, price and sale filters", async () => {
    const { json } = await search(
      { keyword: "apples", categoryIds: [fruitsId], minPrice: 200, maxPrice: 400 },
      { limit: 100 },
    );
    expect(json.code).toBe("0");
    const listed = records(json);
    expect(listed.length).toBeGreaterThan(0);
    const everyApple = await search({ keyword: "apples" }, { limit: 100 });
    expect(listed.length).toBeLessThan(records(everyApple.json).length);
    for (const p of listed) {
      expect(p.name).toMatch(/apple/i);
      expect(paid(p)).toBeGreaterThanOrEqual(200);
      expect(paid(p)).toBeLessThanOrEqual(400);
      expect(p.categoryIds).toContain(fruitsId);
    }
    const onSale = await search({ keyword: "apples", isOnSale: true }, { limit: 100 });
    expect(
      records(onSale.json).every(
        (p) => p.salePrice !== null && p.salePrice < p.price && /apple/i.test(p.name),
      ),
    ).toBe(true);
  });

  it("keeps a chosen sort over relevance", async () => {
    const byPrice = await search({ keyword: "apples", sortField: "price", sortType: "desc" }, { limit: 100 });
    const prices = records(byPrice.json).map(paid);
    expect(prices.length).toBeGreaterThan(2);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const byName = await search({ keyword: "apples", sortField: "name", sortType: "asc" }, { limit: 100 });
    const names = records(byName.json).map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const newest = await search({ keyword: "apples", timeSort: "asc" }, { limit: 100 });
    expect(records(newest.json).map((p) => p.id)).not.toEqual([]);
  });

  it("pages through ranked results without repeats, the same products whatever the page size", async () => {
    for (const keyword of ["bananna", "apples"]) {
      const whole = records((await search({ keyword }, { limit: 100 })).json).map((p) => p.id);
      const paged: number[] = [];
      for (let page = 1; page <= whole.length; page++) {
        const { json } = await search({ keyword }, { limit: 1, page });
        expect(json.data.total).toBe(whole.length);
        paged.push(...records(json).map((p) => p.id));
      }
      expect(paged).toEqual(whole);
      const beyond = await search({ keyword }, { limit: 1, page: whole.length + 1 });
      expect(records(beyond.json)).toEqual([]);
      expect(beyond.json.data.total).toBe(whole.length);
      expect(beyond.json.data.last_page).toBe(whole.length);
    }
  });

  it.each([
    ["only punctuation", "!!!"],
    ["tsquery syntax", "a & b | !c:* (d) <-> 'e'"],
    ["quotes and backslashes", `o'reilly "\\x`],
    ["like wildcards", "%%%"],
    ["one long word", "a".repeat(200)],
  ])("answers %s as a plain keyword, never an error", async (_, keyword) => {
    const { status, json } = await search({ keyword });
    expect(status).toBe(200);
    expect(json.code).toBe("0");
    expect(json.data.total).toBe(records(json).length);
  });

  it.each([
    [{ keyword: "x".repeat(201) }, {}, "keyword", "error-field-too-long"],
    [{ keyword: 12 }, {}, "keyword", "error-field-invalid"],
    [{ keyword: "tea", sortField: "rank" }, {}, "sortField", "error-field-invalid"],
    [{ keyword: "tea", minPrice: 500, maxPrice: 100 }, {}, "minPrice", "error-min-price-above-max"],
    [{ keyword: "tea" }, { page: -1 }, "page", "error-field-too-small"],
    [{ keyword: "tea" }, { limit: 1_000_000 }, "limit", "error-field-too-large"],
    [{ keyword: "tea" }, { page: "two" }, "page", "error-field-invalid"],
  ])("refuses %j %j with a field error", async (body, query, field, key) => {
    const { status, json } = await search(body, query as Record<string, string | number>);
    expect(status).toBe(400);
    expect(json.code).toBe("400");
    expect(json.data.errors[field]).toBe(key);
  });

  it("drops category ids that are not numbers instead of failing", async () => {
    const { status, json } = await search({ keyword: "apples", categoryIds: ["x", -1, String(fruitsId)] });
    expect(status).toBe(200);
    expect(records(json).every((p) => p.categoryIds.includes(fruitsId))).toBe(true);
  });
});

describe("forgiving search", () => {
  const names = (json: { data: { records: Listed[] } }) => records(json).map((p) => p.name);

  it("forgives a slip or two in every word and suggests the shop's own words", async () => {
    const cake = await search({ keyword: "stawberry" }, {}, "catering.localhost");
    expect(names(cake.json)[0]).toBe("Strawberry Cream Cake");
    expect(cake.json.data.suggestion).toBe("strawberry");

    // The grocery's word is "strawberries": the typed word is two slips from its start.
    const fruit = await search({ keyword: "stawberry" });
    expect(names(fruit.json)[0]).toBe("Strawberries");
    expect(fruit.json.data.suggestion).toBe("strawberries");

    const croissants = await search({ keyword: "crossiant" }, {}, "catering.localhost");
    expect(names(croissants.json)[0]).toBe("Mini Croissant Sandwiches");
    expect(croissants.json.data.suggestion).toBe("croissant");

    const pads = await search({ keyword: "break pads" }, {}, "carparts.localhost");
    expect(names(pads.json).slice(0, 2).sort()).toEqual([
      "Ceramic Front Brake Pads",
      "Semi-Metallic Rear Brake Pads",
    ]);
    expect(pads.json.data.suggestion).toBe("brake pads");
  });

  it("ranks products matching the words as typed first, then the nearest corrections", async () => {
    const { json } = await search({ keyword: "plater" }, { limit: 100 }, "catering.localhost");
    const listed = names(json);
    // "plater" is one slip from platter and two from water: every platter comes before the rest.
    const platters = listed.filter((name) => /platter/i.test(name)).length;
    expect(platters).toBeGreaterThanOrEqual(3);
    expect(listed.slice(0, platters).every((name) => /platter/i.test(name))).toBe(true);
    expect(json.data.suggestion).toBe("platter");

    // A word typed right is never corrected away: "cake" lists cakes first and suggests nothing.
    const cakes = await search({ keyword: "cake" }, { limit: 100 }, "catering.localhost");
    expect(names(cakes.json)[0]).toMatch(/cake/i);
    expect(cakes.json.data.suggestion).toBeUndefined();
  });

  it("lists products with some of the words when none has them all, most words first", async () => {
    // No product of the car parts shop says "motor oil"; its engine oils say "oil".
    const { json } = await search({ keyword: "motor oil" }, { limit: 100 }, "carparts.localhost");
    const listed = names(json);
    expect(listed.length).toBeGreaterThan(3);
    expect(listed.slice(0, 3).every((name) => /\boil\b/i.test(name))).toBe(true);
    expect(listed).toContain("Fully Synthetic Engine Oil 5W-30");
  });

  it("suggests the shop's nearest words when a search finds nothing", async () => {
    const { json } = await search({ keyword: "strwbry" }, {}, "catering.localhost");
    expect(json.data.total).toBe(0);
    expect(json.data.suggestion).toBe("strawberry");
    // Following the suggestion finds what it promised.
    const followed = await search({ keyword: json.data.suggestion }, {}, "catering.localhost");
    expect(names(followed.json)).toContain("Strawberry Cream Cake");
  });

  it("never corrects towards, or suggests, another shop's words", async () => {
    for (const keyword of ["stawberry", "strwbry", "crossiant", "bananna"]) {
      const { json } = await search({ keyword }, {}, "carparts.localhost");
      expect(json.data.total).toBe(0);
      expect(json.data.suggestion).toBeUndefined();
    }
  });

  it("learns the words of a renamed product with the next search", async () => {
    const { handle } = await testHarness();
    const [product] = await handle.db
      .select({ id: products.id, searchText: products.searchText, names: products.nameLocalizations })
      .from(products)
      .where(and(eq(products.storeId, 41), eq(products.isAvailable, true)))
      .limit(1);
    if (!product) throw new Error("the grocery has products");
    const before = await search({ keyword: "quokka" });
    expect(before.json.data.total).toBe(0);
    try {
      await handle.db
        .update(products)
        .set({
          nameLocalizations: { ...product.names, en: "Quokka Biscuits" },
          searchText: `${product.searchText} quokka biscuits`,
        })
        .where(and(eq(products.storeId, 41), eq(products.id, product.id)));
      const { json } = await search({ keyword: "quoka" });
      expect(records(json).map((p) => p.id)).toEqual([product.id]);
      expect(json.data.suggestion).toBe("quokka");
    } finally {
      await handle.db
        .update(products)
        .set({ nameLocalizations: product.names, searchText: product.searchText })
        .where(and(eq(products.storeId, 41), eq(products.id, product.id)));
    }
  });
});

describe("keywordWords", () => {
  it("keeps letters with their marks and digits, and drops query syntax", () => {
    expect(keywordWords("a & b | !c:*")).toEqual(["a", "b", "c"]);
    expect(keywordWords("كبير جدًا")).toEqual(["كبير", "جدًا"]);
    expect(keywordWords("grc-1001")).toEqual(["grc", "1001"]);
    expect(keywordWords("!!!")).toEqual([]);
  });
});

describe("products.category_ids", () => {
  it("follows product_categories when links are added, moved and removed", async () => {
    const { handle } = await testHarness();
    const [product] = await handle.db
      .select({ id: products.id, categoryIds: products.categoryIds })
      .from(products)
      .where(eq(products.storeId, 41))
      .limit(1);
    const id = product?.id as number;
    const idsOf = async (tx: typeof handle.db) =>
      (
        await tx
          .select({ ids: products.categoryIds })
          .from(products)
          .where(and(eq(products.storeId, 41), eq(products.id, id)))
      )[0]?.ids;
    const linked = await handle.db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(and(eq(productCategories.storeId, 41), eq(productCategories.productId, id)));
    expect(product?.categoryIds).toEqual(linked.map((l) => l.categoryId).sort((a, b) => a - b));
    const rollback = new Error("rollback");
    await expect(
      handle.db.transaction(async (tx) => {
        const db = tx as unknown as typeof handle.db;
        await db.insert(productCategories).values({ storeId: 41, categoryId: 99_999, productId: id });
        expect(await idsOf(db)).toContain(99_999);
        await db
          .update(productCategories)
          .set({ categoryId: 99_998 })
          .where(and(eq(productCategories.storeId, 41), eq(productCategories.categoryId, 99_999)));
        expect(await idsOf(db)).toContain(99_998);
        expect(await idsOf(db)).not.toContain(99_999);
        await db.delete(productCategories).where(eq(productCategories.productId, id));
        expect(await idsOf(db)).toEqual([]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
