import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productSearchText } from "../catalogue/search-text.ts";
import { productCategories, products, productTags } from "../catalogue/tables.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/database.ts";
import { GENERATED_SKU_PREFIX, generateLargeCatalogue } from "./generate.ts";
import { seedDemoStores } from "./seed.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  await seedDemoStores(handle.db);
});

afterAll(async () => {
  await handle.close();
});

async function generatedCount(storeId: number): Promise<number> {
  const [row] = await handle.db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), like(products.sku, `${GENERATED_SKU_PREFIX}%`)));
  return row?.n ?? 0;
}

describe("generateLargeCatalogue", () => {
  // Thousands of products with their search text: tens of seconds when the machine is busy.
  it("adds products in batches, each linked to its base product's categories", async () => {
    // More than one batch, so the batch boundary is crossed.
    await generateLargeCatalogue(handle.db, { storeId: 44, count: 2_300 });
    expect(await generatedCount(44)).toBe(2_300);
    const generated = await handle.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, 44), like(products.sku, `${GENERATED_SKU_PREFIX}%`)));
    for (const product of generated) {
      expect(
        product.nameLocalizations.en && product.nameLocalizations.ar && product.nameLocalizations.he,
      ).toBeTruthy();
      expect(product.searchText).toBe(productSearchText(product));
      expect(product.barcode).toMatch(/^\d{13}$/);
    }
    expect(new Set(generated.map((p) => p.nameLocalizations.en)).size).toBeGreaterThan(500);
    const [linked] = await handle.db
      .select({ n: count() })
      .from(productCategories)
      .innerJoin(
        products,
        and(eq(products.storeId, productCategories.storeId), eq(products.id, productCategories.productId)),
      )
      .where(and(eq(products.storeId, 44), like(products.sku, `${GENERATED_SKU_PREFIX}%`)));
    expect(linked?.n).toBeGreaterThanOrEqual(2_300);
    const [tagged] = await handle.db
      .select({ n: count() })
      .from(productTags)
      .innerJoin(
        products,
        and(eq(products.storeId, productTags.storeId), eq(products.id, productTags.productId)),
      )
      .where(and(eq(products.storeId, 44), like(products.sku, `${GENERATED_SKU_PREFIX}%`)));
    expect(tagged?.n).toBeGreaterThan(1_000);
    expect(generated.every((product) => product.variationCount === 0)).toBe(true);
    expect(generated.filter((product) => product.fitment.length > 0).length).toBeGreaterThan(1_000);
  }, 90_000);

  it("appends after the last generated product when run again", async () => {
    await generateLargeCatalogue(handle.db, { storeId: 44, count: 10 });
    expect(await generatedCount(44)).toBe(2_310);
  });

  it("refuses a store without products to copy", async () => {
    await expect(generateLargeCatalogue(handle.db, { storeId: 999, count: 1 })).rejects.toThrow(
      /no products/,
    );
  });
});
