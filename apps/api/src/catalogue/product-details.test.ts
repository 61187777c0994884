import {
  effectivePrice,
  HOME_SECTION_SIZE,
  productInfoSchema,
  productSearchResultSchema,
} from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stores } from "../stores/tables.ts";
import { call, testHarness } from "../test/harness.ts";
import { productCategories, products, productTags, tags } from "./tables.ts";

const ARABIC = /[\u0600-\u06FF]/;

const search = (body: unknown, domain = "localhost", query: Record<string, number> = { limit: 100 }) =>
  call("POST", "/api/storeProduct/search", { body, domain, query });
const page = async (body: unknown, domain = "localhost", locale?: string) => {
  const { status, json } = await call("POST", "/api/storeProduct/search", {
    body,
    domain,
    locale,
    query: { limit: 100 },
  });
  expect(status).toBe(200);
  return productSearchResultSchema.parse(json.data);
};
const info = async (id: number, domain: string, locale?: string) => {
  const { status, json } = await call("GET", `/api/storeProduct/productInfo/${id}`, { domain, locale });
  expect(status).toBe(200);
  return productInfoSchema.parse(json.data);
};

async function productId(storeId: number, sku: string): Promise<number> {
  const { handle } = await testHarness();
  const [row] = await handle.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.sku, sku)));
  if (!row) throw new Error(`No product ${sku}`);
  return row.id;
}

async function tagId(storeId: number, slug: string): Promise<number> {
  const { handle } = await testHarness();
  const [row] = await handle.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.storeId, storeId), eq(tags.slug, slug)));
  if (!row) throw new Error(`No tag ${slug}`);
  return row.id;
}

/** Ids of the available products of a store carrying any of the tags, straight from the tables. */
async function taggedIds(storeId: number, ids: number[]): Promise<number[]> {
  const { handle } = await testHarness();
  const rows = await handle.db
    .selectDistinct({ id: products.id })
    .from(productTags)
    .innerJoin(
      products,
      and(eq(products.storeId, productTags.storeId), eq(products.id, productTags.productId)),
    )
    .where(
      and(
        eq(productTags.storeId, storeId),
        sql`${productTags.tagId} IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        eq(products.isAvailable, true),
      ),
    );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const sortedIds = (records: { id: number }[]) => records.map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  await testHarness();
});

describe("product search by tag", () => {
  it("keeps the products carrying any of the tags", async () => {
    const vegan = await tagId(41, "vegan");
    const breakfast = await tagId(41, "breakfast");
    const one = await page({ tagIds: [vegan] });
    expect(one.total).toBeGreaterThan(0);
    expect(sortedIds(one.records)).toEqual(await taggedIds(41, [vegan]));
    const either = await page({ tagIds: [vegan, String(breakfast)] });
    expect(sortedIds(either.records)).toEqual(await taggedIds(41, [vegan, breakfast]));
    expect(either.total).toBeGreaterThan(one.total);
  });

  it("combines with the category, sale and price filters", async () => {
    const vegan = await tagId(41, "vegan");
    const tagged = new Set(await taggedIds(41, [vegan]));
    const { handle } = await testHarness();
    const onSale = await page({ tagIds: [vegan], isOnSale: true, maxPrice: 400 });
    expect(onSale.records.length).toBeGreaterThan(0);
    for (const product of onSale.records) {
      expect(tagged.has(product.id)).toBe(true);
      expect(product.isOnSale).toBe(true);
      expect(product.salePrice).toBeLessThanOrEqual(400);
    }
    const [fruits] = await handle.db
      .execute(sql`SELECT id FROM categories WHERE store_id = 41 AND slug = 'fruits'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const fruit = await page({ tagIds: [vegan], categoryIds: [fruits?.id ?? 0] });
    expect(fruit.records.length).toBeGreaterThan(0);
    const inFruits = await handle.db
      .select({ id: productCategories.productId })
      .from(productCategories)
      .where(and(eq(productCategories.storeId, 41), eq(productCategories.categoryId, fruits?.id ?? 0)));
    const fruitIds = new Set(inFruits.map((row) => row.id));
    expect(fruit.records.every((p) => tagged.has(p.id) && fruitIds.has(p.id))).toBe(true);
  });

  it("matches nothing with another store's tag ids, and drops ids that are not numbers", async () => {
    const spicy = await tagId(43, "spicy");
    const foreign = await page({ tagIds: [spicy] });
    expect(foreign.total).toBe(0);
    expect(foreign.records).toEqual([]);
    const dropped = await page({ tagIds: ["vegan", -1] });
    const all = await page({});
    expect(dropped.total).toBe(all.total);
    const tooMany = await search({ tagIds: Array.from({ length: 201 }, (_, i) => i) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.data.errors.tagIds).toBe("error-field-too-long");
  });
});

describe("product search by remark", () => {
  it("finds the shop's remark in any language, whatever the case", async () => {
    const spicy = await page({ remarks: "SPICY" }, "restaurant.localhost");
    expect(spicy.records.length).toBeGreaterThanOrEqual(3);
    expect(spicy.records.every((p) => /spicy/i.test(p.remarks))).toBe(true);
    const arabic = await page({ remarks: "حار" }, "restaurant.localhost", "ar");
    expect(sortedIds(arabic.records)).toEqual(sortedIds(spicy.records));
    expect(arabic.records.every((p) => p.remarks.includes("حار"))).toBe(true);
    const none = await page({ remarks: "spicy" });
    expect(none.total).toBe(0);
  });

  it("treats % and _ as plain characters and refuses a remark that is too long", async () => {
    expect((await page({ remarks: "%" }, "restaurant.localhost")).total).toBe(0);
    const long = await search({ remarks: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.json.data.errors.remarks).toBe("error-field-too-long");
  });

  it("combines with tags and the keyword", async () => {
    const vegan = await tagId(43, "vegan");
    const veganRemark = await page({ remarks: "vegan", tagIds: [vegan] }, "restaurant.localhost");
    expect(veganRemark.records.length).toBeGreaterThan(0);
    const tagged = new Set(await taggedIds(43, [vegan]));
    expect(veganRemark.records.every((p) => tagged.has(p.id) && /vegan/i.test(p.remarks))).toBe(true);
    const burger = await page({ remarks: "vegan", keyword: "burger" }, "restaurant.localhost");
    expect(burger.records.map((p) => p.sku)).toEqual(["RST-3013"]);
  });
});

describe("product summaries", () => {
  it("say which products need a variation or a choice of options, with the remark", async () => {
    const furniture = await page({}, "furniture.localhost");
    const sofa = furniture.records.find((p) => p.sku === "FRN-SOF-OSLO3");
    expect(sofa).toMatchObject({ hasVariations: true, hasOptions: false, remarks: "Removable covers" });
    expect(furniture.records.some((p) => !p.hasVariations)).toBe(true);
    const menu = await page({}, "restaurant.localhost", "he");
    const margherita = menu.records.find((p) => p.sku === "RST-3001");
    expect(margherita).toMatchObject({ hasVariations: false, hasOptions: true, remarks: "צמחוני" });
    const cola = menu.records.find((p) => p.sku === "RST-3051");
    expect(cola).toMatchObject({ hasOptions: false, remarks: "" });
  });

  it("say which car parts list the vehicles they fit, so a card offers to check the fit only for those", async () => {
    const parts = await page({}, "carparts.localhost");
    const fitted = parts.records.filter((p) => p.hasFitment);
    expect(fitted.length).toBeGreaterThan(0);
    expect(parts.records.some((p) => !p.hasFitment)).toBe(true);
    expect(parts.records.filter((p) => p.isDigital).every((p) => !p.hasFitment)).toBe(true);
    for (const summary of [fitted[0], parts.records.find((p) => !p.hasFitment)]) {
      if (!summary) continue;
      const info = await call("GET", `/api/storeProduct/productInfo/${summary.id}`, {
        domain: "carparts.localhost",
      });
      expect(info.json.data.fitment.length > 0).toBe(summary.hasFitment);
    }
  });

  it("say 'From' the lowest price when the choices change it, as the product's own answer does", async () => {
    const furniture = await page({}, "furniture.localhost");
    const sofa = furniture.records.find((p) => p.sku === "FRN-SOF-OSLO3");
    const sofaInfo = await info(sofa?.id ?? 0, "furniture.localhost");
    // Every variation the shop offers counts, the sold-out one too: stock moves without the catalogue.
    const pays = sofaInfo.variations.map((v) => effectivePrice(v.price, v.salePrice));
    expect(sofa?.priceFrom).toBe(Math.min(...pays));
    expect(sofaInfo.priceFrom).toBe(sofa?.priceFrom);
    // The list sorts and filters by the price its card says "From".
    expect(effectivePrice(sofa?.price ?? 0, sofa?.salePrice)).toBe(sofa?.priceFrom);

    const parts = await page({}, "carparts.localhost");
    const oneCaliperPrice = parts.records.find((p) => p.sku === "BRK-CAL-FL");
    expect(oneCaliperPrice).toMatchObject({ hasVariations: true, priceFrom: null });

    const menu = await page({}, "restaurant.localhost");
    const bySku = (sku: string) => menu.records.find((p) => p.sku === sku);
    // A crust that costs extra: from the dish's own (sale) price.
    expect(bySku("RST-3001")).toMatchObject({
      price: 1350,
      salePrice: 1150,
      priceFrom: 1150,
      regularPriceFrom: 1350,
    });
    // Free choices only, and no choices: one price.
    expect(bySku("RST-3023")).toMatchObject({ hasOptions: true, priceFrom: null });
    expect(bySku("RST-3051")).toMatchObject({ hasOptions: false, priceFrom: null });
    expect(furniture.records.filter((p) => !p.hasVariations).every((p) => p.priceFrom === null)).toBe(true);

    // Collections (the home rails) list the same summaries.
    const { json } = await call("POST", "/api/storeCollections/search", {
      body: {},
      domain: "furniture.localhost",
    });
    const listed = new Map(furniture.records.map((p) => [p.id, p.priceFrom]));
    const railed = (json.data.records as { products: { id: number; priceFrom: number | null }[] }[]).flatMap(
      (collection) => collection.products,
    );
    expect(railed.some((p) => p.priceFrom !== null)).toBe(true);
    for (const product of railed) expect(product.priceFrom).toBe(listed.get(product.id));
  });
});

describe("GET /api/storeProduct/productInfo/{id} details", () => {
  it("lists variations with their own price and stock, titled in the shopper's language", async () => {
    const id = await productId(45, "FRN-SOF-OSLO3");
    const sofa = await info(id, "furniture.localhost", "ar");
    expect(sofa.hasVariations).toBe(true);
    expect(sofa.variationOptions.map((o) => o.key)).toEqual(["fabric", "legs"]);
    expect(sofa.variationOptions.every((o) => ARABIC.test(o.name))).toBe(true);
    expect(sofa.variations).toHaveLength(6);
    const soldOut = sofa.variations.filter((v) => !v.isAvailable);
    expect(soldOut).toHaveLength(1);
    expect(soldOut[0]?.stock).toBe(0);
    for (const variation of sofa.variations) {
      expect(Object.keys(variation.optionValues).sort()).toEqual(["fabric", "legs"]);
      expect(variation.title).toMatch(ARABIC);
      expect(variation.title).toContain(" / ");
      expect(variation.sku.startsWith("FRN-SOF-OSLO3-")).toBe(true);
    }
    expect(new Set(sofa.variations.map((v) => v.price)).size).toBeGreaterThan(1);
    expect(sofa.stock).toBe(sofa.variations.reduce((sum, v) => sum + v.stock, 0));
    const plain = await info(await productId(45, "FRN-SHF-LADDER"), "furniture.localhost");
    expect(plain).toMatchObject({ hasVariations: false, variationOptions: [], variations: [] });
  });

  it("gives a variation its own words where they differ: a platter's size and description", async () => {
    const id = await productId(42, "CAT-2002");
    const serves = <V extends { optionValues: Record<string, string> }>(variations: V[], n: number) =>
      variations.find((v) => v.optionValues.portion === `serves-${n}`);
    const en = await info(id, "catering.localhost", "en");
    expect(en.unit).toBe("serves 12");
    expect(serves(en.variations, 24)).toMatchObject({
      unit: "serves 24",
      description: expect.stringMatching(/Serves 24\.$/),
    });
    expect(serves(en.variations, 12)?.description).toBe(en.description);
    const ar = await info(id, "catering.localhost", "ar");
    expect(serves(ar.variations, 24)?.description).toMatch(/يكفي 24 شخصًا\.$/);
    expect(serves(ar.variations, 6)?.description).toMatch(/يكفي 6 أشخاص\.$/);
    const he = await info(id, "catering.localhost", "he");
    expect(serves(he.variations, 24)?.description).toMatch(/ל-24 סועדים\.$/);
    // A variation whose words are the product's says nothing of its own.
    const sofa = await productId(45, "FRN-SOF-OSLO3");
    for (const variation of (await info(sofa, "furniture.localhost")).variations)
      expect(variation).toMatchObject({ unit: null, description: null });
  });

  it("gives a dish its add-on groups with limits and prices, localized", async () => {
    const id = await productId(43, "RST-3005");
    const pizza = await info(id, "restaurant.localhost", "ar");
    expect(pizza.hasOptions).toBe(true);
    expect(pizza.remarks).toBe("حار");
    const [crust, toppings, spice] = pizza.addOnGroups;
    expect(crust).toMatchObject({ key: "crust", minSelect: 1, maxSelect: 1 });
    expect(toppings).toMatchObject({ key: "extra-toppings", minSelect: 0, maxSelect: 4 });
    expect(spice?.key).toBe("spice");
    expect(toppings?.items.every((item) => item.price > 0 && ARABIC.test(item.name))).toBe(true);
    expect(crust?.items.some((item) => item.price === 0)).toBe(true);
    expect(pizza.tags.map((tag) => tag.slug)).toContain("spicy");
    expect(pizza.tags.find((tag) => tag.slug === "spicy")?.name).toBe("حار");
    expect(pizza.fitment).toEqual([]);
  });

  it("lists the vehicles a car part fits, and the side to choose", async () => {
    const discs = await info(await productId(44, "BRK-DSC-280V"), "carparts.localhost");
    expect(discs.fitment.length).toBeGreaterThanOrEqual(2);
    for (const car of discs.fitment) {
      expect(car.make).toBeTruthy();
      expect(car.model).toBeTruthy();
      expect(car.engine).toBeTruthy();
      expect(car.yearFrom).toBeLessThanOrEqual(car.yearTo);
    }
    expect(discs.remarks).toBe("OEM quality");
    const headlamp = await info(await productId(44, "LGT-HL-ASSY-L"), "carparts.localhost", "he");
    expect(headlamp.variationOptions.map((o) => o.key)).toEqual(["side"]);
    expect(headlamp.variations.map((v) => v.optionValues.side)).toEqual(["left", "right"]);
  });

  it("recommends best sellers sharing a category, the product left out", async () => {
    const id = await productId(41, "GRC-1001");
    const apples = await info(id, "localhost");
    expect(apples.related.length).toBeGreaterThan(0);
    expect(apples.related.length).toBeLessThanOrEqual(HOME_SECTION_SIZE);
    expect(apples.related.map((p) => p.id)).not.toContain(id);
    const sales = await testHarness().then(({ handle }) =>
      handle.db
        .select({ id: products.id, sales: products.salesVolume })
        .from(products)
        .where(eq(products.storeId, 41)),
    );
    const salesOf = new Map(sales.map((row) => [row.id, row.sales]));
    const volumes = apples.related.map((p) => salesOf.get(p.id) ?? 0);
    expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
    for (const product of apples.related) {
      expect(product.isAvailable).toBe(true);
      expect(product.categoryIds.length).toBeGreaterThan(0);
    }
  });
});

describe("product info, as the cache cannot give it", () => {
  it("reads the product with its categories, tags, variations and related products in one statement", async () => {
    const { handle } = await testHarness();
    const [withVariations] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, 41), sql`${products.variationCount} > 0`))
      .limit(1);
    expect(withVariations).toBeDefined();
    // Another test file may have asked for this product already (they share one app and its
    // answer cache): a new catalogue version makes sure this answer is built, not kept.
    await handle.db
      .update(stores)
      .set({ catalogueVersion: sql`${stores.catalogueVersion} + 1` })
      .where(eq(stores.id, 41));
    const queries: string[] = [];
    const stop = handle.onQuery((query) => queries.push(query));
    try {
      const data = await info(withVariations?.id ?? 0, "localhost");
      expect(data.variations.length).toBeGreaterThan(0);
    } finally {
      stop();
    }
    // Besides the store's row (read on every request in tests) and the ratings every answer is
    // served with (decision 068), the answer is one statement.
    const own = queries.filter((q) => !/from "?stores"?/i.test(q) && !/product_ratings/i.test(q));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatch(/AS "variationRows".*AS "relatedRows"/s);
  });
});
