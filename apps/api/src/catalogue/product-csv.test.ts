import { csvLine } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stockMovements } from "../inventory/tables.ts";
import { ApiError } from "../platform/http/errors.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { openShop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { productImportApply } from "./product-csv.ts";
import { categories, products, tags } from "./tables.ts";

beforeAll(async () => {
  await testHarness();
});

const DRY_RUN = "/api/staff/products/import/dryRun";
const APPLY = "/api/staff/products/import/apply";
const EXPORT = "/api/staff/products/export";

/** A shop with a category `fruit` and a tag `local` for rows to name. */
async function shopWithShelves() {
  const shop = await openShop();
  const { db } = (await testHarness()).handle;
  await db.insert(categories).values({ storeId: shop.id, slug: "fruit", nameLocalizations: { en: "Fruit" } });
  await db.insert(tags).values({ storeId: shop.id, slug: "local", nameLocalizations: { en: "Local" } });
  return shop;
}

const csvOf = (rows: (string | number)[][]) => rows.map((row) => csvLine(row)).join("");

async function productBySku(storeId: number, sku: string) {
  const { db } = (await testHarness()).handle;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.sku, sku)));
  return row;
}

describe("the products CSV", () => {
  it("exports every product a page at a time, money in major units and links by slug", async () => {
    const shop = await shopWithShelves();
    const owner = await shopOwner(shop);
    const first = await owner.as(EXPORT, undefined, owner.token, { query: { limit: 2 } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data.rows).toHaveLength(2);
    expect(first.json.data.rows[0]).toMatchObject({
      sku: `apple-${shop.id}`,
      name_en: "apple",
      price: "2.50",
      sale_price: "",
      available: "yes",
      stock: "100",
      categories: "",
      low_stock_threshold: "",
    });
    const rest = await owner.as(EXPORT, undefined, owner.token, { query: { after: first.json.data.next } });
    expect(rest.json.data.rows.map((r: { sku: string }) => r.sku)).toEqual([`gift-card-${shop.id}`]);
    expect(rest.json.data.next).toBeNull();
  });

  it("dry-runs a file, applies exactly that plan as counted movements, and changes nothing the second time", async () => {
    const shop = await shopWithShelves();
    const owner = await shopOwner(shop);
    const apple = `apple-${shop.id}`;
    const file = csvOf([
      ["sku", "name_en", "name_ar", "price", "sale_price", "categories", "tags", "stock"],
      [apple, "apple", "apple", "3.00", "", "fruit", "", 90],
      ["PEAR-1", "Pear", "كمثرى", "12.5", "11.00", "fruit", "local", 7],
    ]);
    const dry = await owner.as(DRY_RUN, { csv: file });
    expect(dry.status, JSON.stringify(dry.json)).toBe(200);
    expect(dry.json.data).toMatchObject({
      rows: 2,
      created: 1,
      updated: 1,
      unchanged: 0,
      stockChanges: 2,
      problems: [],
    });
    expect(dry.json.data.changes).toEqual([
      {
        line: 2,
        sku: apple,
        kind: "update",
        changes: [
          { field: "price", before: "2.50", after: "3.00" },
          { field: "categories", before: "", after: "fruit" },
          { field: "stock", before: "100", after: "90" },
        ],
      },
      expect.objectContaining({ line: 3, sku: "PEAR-1", kind: "new" }),
    ]);
    // A dry run writes nothing.
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await productBySku(shop.id, "PEAR-1")).toBeUndefined();

    const applied = await owner.as(APPLY, { csv: file, fingerprint: dry.json.data.fingerprint });
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    expect(applied.json.data.plan.created).toBe(1);
    const pear = await productBySku(shop.id, "PEAR-1");
    expect(pear).toMatchObject({
      slug: "pear-1",
      price: 1250,
      salePrice: 1100,
      stock: 7,
      nameLocalizations: { en: "Pear", ar: "كمثرى" },
      searchText: "pear كمثرى pear-1",
      categoryIds: [expect.any(Number)],
    });
    expect(await shop.stockOf(shop.apple)).toBe(90);

    // The storefront shows the new price and the new product at once (the catalogue's version moved).
    const shopper = client(shop.domain);
    const shown = await shopper("GET", `/api/storeProduct/productInfo/${shop.apple}`);
    expect(shown.json.data.price).toBe(300);
    const found = await shopper("GET", `/api/storeProduct/productInfo/${pear?.id}`);
    expect(found.status).toBe(200);
    expect(found.json.data.name).toBe("Pear");

    // Stock changes are the inventory's counted movements, noted "import".
    const history = await owner.as("/api/staff/stock/product", { productId: shop.apple });
    expect(history.json.data.movements.records).toEqual([
      expect.objectContaining({ reason: "counted", change: -10, stockAfter: 90, note: "import" }),
    ]);
    const audit = await owner.as("/api/staff/audit", { action: "product.import" });
    expect(audit.json.data.records).toEqual([
      expect.objectContaining({
        action: "product.import",
        after: { rows: 2, created: 1, updated: 1, unchanged: 0, stockChanges: 2 },
      }),
    ]);

    // The same file again: nothing to do, and the old plan cannot be applied twice.
    const again = await owner.as(DRY_RUN, { csv: file });
    expect(again.json.data).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
      stockChanges: 0,
      changes: [],
    });
    const twice = await owner.as(APPLY, { csv: file, fingerprint: dry.json.data.fingerprint });
    expectError(twice, "STAFF_EDIT_CONFLICT");
    expect(twice.json.data.plan.unchanged).toBe(2);
    const noop = await owner.as(APPLY, { csv: file, fingerprint: again.json.data.fingerprint });
    expect(noop.status).toBe(200);
    expect(await shop.stockOf(shop.apple)).toBe(90);
    const movements = await (await testHarness()).handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.storeId, shop.id));
    expect(movements).toHaveLength(2);
  });

  it("reports every bad row by line and field, in the caller's language, and imports nothing", async () => {
    const shop = await shopWithShelves();
    const owner = await shopOwner(shop);
    const file = csvOf([
      ["sku", "name_en", "price", "categories", "tags", "available", "stock"],
      ["GOOD-1", "Good", "1.00", "", "", "yes", 1],
      ["GOOD-2", "Also good", "2.00", "fruit", "local", "no", ""],
      ["BAD-1", "", "abc", "veg", "", "maybe", 1],
      [`tee-${shop.id}`, "tee", "12.00", "", "", "yes", 3],
      ["GOOD-1", "Twice", "1.00", "", "nope", "yes", 1],
    ]);
    const dry = await owner.as(DRY_RUN, { csv: file }, owner.token);
    expect(dry.status).toBe(200);
    expect(dry.json.data.fingerprint).toBe("");
    expect(dry.json.data.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [4, "price"],
      [4, "available"],
      [5, "stock"],
      [6, "sku"],
    ]);
    expect(dry.json.data.problems[0].message).toBe("Write an amount such as 12.50.");
    const inArabic = await owner.api("POST", DRY_RUN, {
      token: owner.token,
      body: { csv: file },
      locale: "ar",
    });
    expect(inArabic.json.data.problems[0].message).toBe("اكتب مبلغًا مثل 12.50.");

    const refused = await owner.as(APPLY, { csv: file, fingerprint: "0".repeat(64) });
    expectError(refused, "PRODUCT_CSV_INVALID");
    expect(refused.json.data.plan.problems).toHaveLength(4);
    expect(await productBySku(shop.id, "GOOD-1")).toBeUndefined();
    expect(await productBySku(shop.id, "GOOD-2")).toBeUndefined();

    // Rules that need the shop: categories and tags that exist, a new product's name and price.
    const unknown = await owner.as(DRY_RUN, {
      csv: csvOf([
        ["sku", "name_en", "price", "categories", "tags"],
        ["X-1", "X", "1.00", "veg", ""],
        ["X-2", "X", "1.00", "", "nope"],
        ["X-3", "", "1.00", "", ""],
        [`tee-s-${shop.id}`, "Small tee", "1.00", "", ""],
      ]),
    });
    // A sale price at or above the price is refused as the product form refuses it, for a new row
    // and for a row that changes a product's price under its sale price.
    const sales = await owner.as(DRY_RUN, {
      csv: csvOf([
        ["sku", "name_en", "price", "sale_price"],
        ["S-1", "On sale", "1.00", "1.00"],
        [`apple-${shop.id}`, "Apple", "1.00", "2.00"],
        ["S-2", "Fine", "2.00", "1.50"],
      ]),
    });
    expect(sales.json.data.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [2, "sale_price"],
      [3, "sale_price"],
    ]);
    expect(unknown.json.data.problems).toEqual([
      expect.objectContaining({ line: 2, field: "categories", message: "The shop has no category “veg”." }),
      expect.objectContaining({ line: 3, field: "tags", message: "The shop has no tag “nope”." }),
      expect.objectContaining({ line: 4, field: "name_en", message: "This field is required." }),
      // A variation's SKU is not a new product's: one SKU names one thing in a shop.
      expect.objectContaining({ line: 5, field: "sku", key: "error-csv-variation-sku" }),
    ]);
    const noPrice = await owner.as(DRY_RUN, { csv: "sku,stock\nNEW-9,3\n" });
    expect(noPrice.json.data.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual(
      [
        [2, "name_en"],
        [2, "price"],
      ],
    );
  });

  it("names unknown columns, and counts lines inside quoted line breaks", async () => {
    const shop = await shopWithShelves();
    const owner = await shopOwner(shop);
    const unknown = await owner.as(DRY_RUN, { csv: "sku,prce,colour\r\nA,1,red\r\n" });
    expect(unknown.json.data.problems).toEqual([
      expect.objectContaining({
        line: 1,
        field: "prce",
        message: "The import does not know the column “prce”.",
      }),
      expect.objectContaining({ line: 1, field: "colour" }),
    ]);
    const multiline = await owner.as(DRY_RUN, {
      csv: '\uFEFFsku,name_en,description_en,price\r\nA-1,A,"two\r\nlines",1.00\r\nA-2,B,x,-1\r\n',
    });
    expect(multiline.json.data.problems).toEqual([expect.objectContaining({ line: 4, field: "price" })]);
  });

  it("leaves out columns alone and refuses a stock level that changed since the dry run", async () => {
    const shop = await shopWithShelves();
    const owner = await shopOwner(shop);
    const apple = `apple-${shop.id}`;
    const file = csvOf([
      ["sku", "stock", "low_stock_threshold"],
      [apple, 80, 10],
    ]);
    const dry = await owner.as(DRY_RUN, { csv: file });
    expect(dry.json.data.changes[0].changes).toEqual([
      { field: "stock", before: "100", after: "80" },
      { field: "low_stock_threshold", before: "", after: "10" },
    ]);
    // An order (or a colleague) takes stock between the dry run and the apply.
    await shop.setStock(shop.apple, 95);
    const late = await owner.as(APPLY, { csv: file, fingerprint: dry.json.data.fingerprint });
    expectError(late, "STAFF_EDIT_CONFLICT");
    expect(late.json.data.plan.changes[0].changes[0]).toEqual({ field: "stock", before: "95", after: "80" });
    expect(await shop.stockOf(shop.apple)).toBe(95);
    const replanned = await owner.as(APPLY, { csv: file, fingerprint: late.json.data.plan.fingerprint });
    expect(replanned.status).toBe(200);
    expect(await productBySku(shop.id, apple)).toMatchObject({
      stock: 80,
      lowStockThreshold: 10,
      price: 250,
    });
  });

  it("keeps each shop's products apart, and refuses shoppers, no session and roles without the catalogue", async () => {
    const shop = await shopWithShelves();
    const owner = await shopOwner(shop);
    const other = await shopOwner(await shopWithShelves());
    const manager = await owner.member("manager");
    const staff = await owner.member("staff");
    const kitchen = await owner.member("kitchen");
    const shopper = await registerVerified(client(shop.domain));
    const apple = `apple-${shop.id}`;
    const file = csvOf([
      ["sku", "name_en", "price"],
      [apple, "Other apple", "9.00"],
    ]);
    const dry = await owner.as(DRY_RUN, { csv: file }, manager);
    expect(dry.status).toBe(200);
    const calls: [string, unknown][] = [
      [EXPORT, undefined],
      [DRY_RUN, { csv: file }],
      [APPLY, { csv: file, fingerprint: dry.json.data.fingerprint }],
    ];
    for (const [path, body] of calls) {
      expectError(await owner.as(path, body, staff), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, shopper.token), "INVALID_SESSION");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
      expectError(await client(shop.domain)("POST", path, { token: other.token, body }), "FORBIDDEN");
    }
    // Another shop's import with this shop's SKU makes a product of its own.
    const theirs = await other.as(DRY_RUN, { csv: file });
    expect(theirs.json.data).toMatchObject({ created: 1, updated: 0 });
    const exported = await other.as(EXPORT);
    expect(exported.json.data.rows.map((r: { sku: string }) => r.sku)).not.toContain(apple);
    // A manager applies.
    const applied = await owner.as(APPLY, { csv: file, fingerprint: dry.json.data.fingerprint }, manager);
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    expect(await productBySku(shop.id, apple)).toMatchObject({ price: 900 });
    expectError(await owner.as(DRY_RUN, { csv: "" }), "INVALID_INPUT");
  });
});

describe("the products CSV's queries", () => {
  it("read through indexes: export pages, products by SKU and slug, categories and tags by slug, links", async () => {
    const shop = await shopWithShelves();
    const owner = await shopOwner(shop);
    const file = csvOf([
      ["sku", "name_en", "price", "categories", "tags"],
      [`apple-${shop.id}`, "apple", "2.75", "fruit", "local"],
      ["PLAN-1", "Plan", "1.00", "fruit", ""],
    ]);
    const findings = await plansOf(async () => {
      await owner.as(EXPORT, undefined, owner.token, { query: { after: 0, limit: 2 } });
      await owner.as(DRY_RUN, { csv: file });
    }, /^\s*select .* from "(products|categories|tags|product_categories|product_tags)"/i);
    expect(findings.length).toBeGreaterThanOrEqual(6);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "one plan applied twice at once from two API processes",
  () => {
    const pools = twoConnectionPools(2);

    it("imports once: the other waits, plans again and is refused, and stock moves once", async () => {
      const shop = await shopWithShelves();
      const owner = await shopOwner(shop);
      const staffId = (await owner.as("/api/staff/me")).json.data.id as number;
      const file = csvOf([
        ["sku", "name_en", "price", "stock"],
        [`apple-${shop.id}`, "apple", "2.50", 140],
        ["RACE-1", "Race", "1.00", 5],
      ]);
      const dry = await owner.as(DRY_RUN, { csv: file });
      const [a, b] = pools();
      const who = { storeId: shop.id, staffId, locale: "en" as const };
      const outcomes = await Promise.allSettled([
        productImportApply(a.db, who, file, dry.json.data.fingerprint),
        productImportApply(b.db, who, file, dry.json.data.fingerprint),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(ApiError);
      expect((refused.reason as ApiError).kind).toBe("STAFF_EDIT_CONFLICT");
      expect(await shop.stockOf(shop.apple)).toBe(140);
      const { db } = (await testHarness()).handle;
      const movements = await db.select().from(stockMovements).where(eq(stockMovements.storeId, shop.id));
      expect(movements.map((m) => m.change).sort((x, y) => x - y)).toEqual([5, 40]);
      const audit = await owner.as("/api/staff/audit", { action: "product.import" });
      expect(audit.json.data.records).toHaveLength(1);
    });
  },
);
