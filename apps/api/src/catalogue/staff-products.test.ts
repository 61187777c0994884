import { randomUUID } from "node:crypto";
import { ERROR_MESSAGES, type StaffProductForm } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../customers/service.ts";
import { folderFiles } from "../orders/files.ts";
import { orderedVariationIds } from "../orders/service.ts";
import { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { TEST_DOWNLOADS, testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { cashDelivery, openShop, putDownload, type Shop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { updateStaffProduct } from "./staff-products.ts";
import { categories, products, productVariations, tags } from "./tables.ts";

beforeAll(async () => {
  await testHarness();
});

/** Two categories and a tag of the shop, for products to be linked to. */
async function linksOf(shop: Shop) {
  const { db } = (await testHarness()).handle;
  const [fruit, drinks] = await db
    .insert(categories)
    .values([
      { storeId: shop.id, slug: "fruit", nameLocalizations: { en: "Fruit", ar: "فواكه" } },
      { storeId: shop.id, slug: "drinks", nameLocalizations: { en: "Drinks" }, sort: 1 },
    ])
    .returning({ id: categories.id });
  const [organic] = await db
    .insert(tags)
    .values({ storeId: shop.id, slug: "organic", nameLocalizations: { en: "Organic" } })
    .returning({ id: tags.id });
  if (!fruit || !drinks || !organic) throw new Error("links not made");
  return { fruit: fruit.id, drinks: drinks.id, organic: organic.id };
}

const mango = (over: Partial<StaffProductForm> = {}): StaffProductForm => ({
  names: { en: "Alphonso mango", ar: "مانجو ألفونسو", he: "" },
  descriptions: { en: "Sweet and ripe.", ar: "", he: "" },
  brands: { en: "Ratnagiri", ar: "", he: "" },
  price: 450,
  salePrice: null,
  taxRateBp: null,
  sku: "MANGO-1",
  barcode: "4006381333931",
  unit: "1 pc",
  categoryIds: [],
  tagIds: [],
  isAvailable: true,
  dineIn: false,
  isDigital: false,
  digitalFile: null,
  ...over,
});

describe("staff's products", () => {
  it("are made, found in the list, changed, audited, and shown changed on the storefront at once", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const links = await linksOf(shop);
    const manager = await owner.member("manager");
    const form = mango({ categoryIds: [links.fruit], tagIds: [links.organic], taxRateBp: 500 });
    const made = await owner.as("/api/staff/products/create", form, manager);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data).toMatchObject({
      ...form,
      slug: "alphonso-mango",
      stock: 0,
      variations: [],
      currency: "USD",
    });
    const id = made.json.data.id as number;

    // Found by a word of its name (in Arabic too), its SKU, its barcode and its category.
    const list = async (body: unknown) =>
      (await owner.as("/api/staff/products/list", body, manager)).json.data.records.map(
        (p: { id: number }) => p.id,
      );
    expect(await list({ q: "alph" })).toEqual([id]);
    expect(await list({ q: "مانجو" })).toEqual([id]);
    expect(await list({ q: "MANGO-1" })).toEqual([id]);
    expect(await list({ q: "4006381333931" })).toEqual([id]);
    expect(await list({ categoryId: links.fruit })).toEqual([id]);
    expect(await list({ categoryId: links.drinks })).toEqual([]);
    // New, it has no stock: sold out; and it is for sale.
    expect(await list({ stock: "soldOut" })).toEqual([id]);
    expect(await list({ availability: "unavailable" })).toEqual([]);
    const first = (await owner.as("/api/staff/products/list", {}, manager)).json.data;
    expect(first.records[0]).toMatchObject({ id, name: "Alphonso mango", price: 450, stock: 0, low: true });
    expect(first.categories.map((c: { name: string }) => c.name)).toEqual(["Fruit", "Drinks"]);

    const shopper = client(shop.domain);
    const shown = await shopper("GET", `/api/storeProduct/productInfo/${id}`);
    expect(shown.json.data.price).toBe(450);

    const changed = await owner.as(
      "/api/staff/products/update",
      {
        ...form,
        price: 520,
        salePrice: 480,
        categoryIds: [links.drinks],
        tagIds: [],
        productId: id,
        version: made.json.data.version,
      },
      manager,
    );
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data).toMatchObject({
      price: 520,
      salePrice: 480,
      categoryIds: [links.drinks],
      tagIds: [],
    });
    expect(changed.json.data.version).not.toBe(made.json.data.version);
    expect(await list({ categoryId: links.drinks })).toEqual([id]);
    expect(await list({ categoryId: links.fruit })).toEqual([]);

    // The catalogue version moved with the row: the storefront's kept answer is not served again.
    const after = await shopper("GET", `/api/storeProduct/productInfo/${id}`);
    expect(after.json.data).toMatchObject({ price: 520, salePrice: 480 });

    const audit = await owner.as("/api/staff/audit", { action: "product" });
    expect(audit.json.data.records).toEqual([
      expect.objectContaining({
        action: "product.update",
        subject: "product:MANGO-1",
        before: expect.objectContaining({ price: 450, categoryIds: [links.fruit], tagIds: [links.organic] }),
        after: expect.objectContaining({ price: 520, categoryIds: [links.drinks], tagIds: [] }),
      }),
      expect.objectContaining({ action: "product.create", after: expect.objectContaining({ price: 450 }) }),
    ]);
    const detail = await owner.as("/api/staff/products/detail", { productId: id }, manager);
    expect(detail.json.data.product).toMatchObject({
      price: 520,
      taxRateBp: 500,
      version: changed.json.data.version,
    });
    expect(detail.json.data.choices.tags).toEqual([{ id: links.organic, name: "Organic" }]);
  });

  it("refuses each field that is not right, on its field, and makes nothing", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const bad = await owner.as(
      "/api/staff/products/create",
      mango({
        names: { en: "", ar: "", he: "" },
        price: -1,
        sku: "has space",
        barcode: "12 34",
        taxRateBp: 10_001,
        isDigital: true,
      }),
    );
    expectError(bad, "INVALID_INPUT");
    expect(bad.json.data.errors).toEqual({
      names: "error-field-required",
      price: "error-field-too-small",
      sku: "error-field-invalid",
      barcode: "error-field-invalid",
      taxRateBp: "error-field-too-large",
      digitalFile: "error-digital-file-required",
    });
    const sale = await owner.as("/api/staff/products/create", mango({ salePrice: 450 }));
    expect(sale.json.data.errors).toEqual({ salePrice: "error-sale-not-below-price" });
    const links = await owner.as("/api/staff/products/create", mango({ categoryIds: [999_999] }));
    expectError(links, "PRODUCT_REFERENCE_UNKNOWN");
    expect(links.json.data.errors).toEqual({ categoryIds: "error-product-reference-unknown" });
    const file = await owner.as(
      "/api/staff/products/create",
      mango({ isDigital: true, digitalFile: "nothing.pdf" }),
    );
    expect(file.json.data.errors).toEqual({ digitalFile: "error-product-reference-unknown" });
    const listed = await owner.as("/api/staff/products/list", { q: "MANGO-1" });
    expect(listed.json.data.total).toBe(0);
  });

  it("keeps SKUs unique in the shop across products and variations, with a field error of their own", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const taken = await owner.as("/api/staff/products/create", mango({ sku: `apple-${shop.id}` }));
    expectError(taken, "PRODUCT_SKU_TAKEN");
    expect(taken.json.data.errors).toEqual({ sku: "error-product-sku-taken" });
    expect(taken.json.msg).toBe(ERROR_MESSAGES.en["error-product-sku-taken"]);
    const variation = await owner.as("/api/staff/products/create", mango({ sku: `tee-s-${shop.id}` }));
    expectError(variation, "PRODUCT_SKU_TAKEN");
    const made = await owner.as("/api/staff/products/create", mango());
    const renamed = await owner.as("/api/staff/products/update", {
      ...mango({ sku: `apple-${shop.id}` }),
      productId: made.json.data.id,
      version: made.json.data.version,
    });
    expectError(renamed, "PRODUCT_SKU_TAKEN");
    // Another shop may have the same SKU.
    const elsewhere = await shopOwner(await openShop());
    expect((await elsewhere.as("/api/staff/products/create", mango())).status).toBe(200);

    // The database holds the rule too (store_skus): two saves at once cannot both pass the check.
    const { handle } = await testHarness();
    const [tee] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, shop.id), eq(products.sku, `tee-${shop.id}`)));
    const clash = await handle.db
      .insert(productVariations)
      .values({
        storeId: shop.id,
        productId: tee?.id ?? 0,
        sku: `apple-${shop.id}`,
        optionValues: {},
        price: 1,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(clash)).toBe(true);
    // A SKU given up is free again.
    await handle.db
      .update(products)
      .set({ sku: `mango-old-${shop.id}` })
      .where(and(eq(products.storeId, shop.id), eq(products.id, made.json.data.id)));
    const again = await owner.as("/api/staff/products/create", mango());
    expect(again.status, JSON.stringify(again.json)).toBe(200);
  });

  it("offers the shop's download files and keeps one on a digital product", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    await putDownload(TEST_DOWNLOADS, shop.id, "menu.pdf", "the menu");
    const choices = await owner.as("/api/staff/products/choices", {});
    expect(choices.json.data.digitalFiles).toContain("menu.pdf");
    const made = await owner.as(
      "/api/staff/products/create",
      mango({ sku: "MENU", isDigital: true, digitalFile: "menu.pdf" }),
    );
    expect(made.json.data).toMatchObject({ isDigital: true, digitalFile: "menu.pdf" });
    expect(await folderFiles(TEST_DOWNLOADS).list(shop.id + 100_000)).not.toContain("menu.pdf");
  });

  it("refuses an edit made from a version someone else changed, with the product as it stands", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const manager = await owner.member("manager");
    const made = await owner.as("/api/staff/products/create", mango());
    const read = { productId: made.json.data.id, version: made.json.data.version };
    const first = await owner.as(
      "/api/staff/products/update",
      { ...mango({ price: 600 }), ...read },
      manager,
    );
    expect(first.status).toBe(200);
    const second = await owner.api("POST", "/api/staff/products/update", {
      token: owner.token,
      locale: "ar",
      body: { ...mango({ unit: "1 kg" }), ...read },
    });
    expectError(second, "STAFF_EDIT_CONFLICT");
    expect(second.json.msg).toBe(ERROR_MESSAGES.ar["error-staff-edit-conflict"]);
    expect(second.json.data.product).toMatchObject({
      price: 600,
      unit: "1 pc",
      version: first.json.data.version,
    });
    // The variations' form checks the same version.
    const variations = await owner.as("/api/staff/products/variations", {
      ...read,
      options: [],
      variations: [],
      addOnGroups: [],
    });
    expectError(variations, "STAFF_EDIT_CONFLICT");
    const audit = await owner.as("/api/staff/audit", { action: "product.update" });
    expect(audit.json.data.records).toHaveLength(1);
  });

  it("refuses another shop's staff and products, shoppers, no session, and roles without the right", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const made = await owner.as("/api/staff/products/create", mango());
    const id = made.json.data.id as number;
    const update = { ...mango(), productId: id, version: made.json.data.version };
    const variations = {
      productId: id,
      version: made.json.data.version,
      options: [],
      variations: [],
      addOnGroups: [],
    };
    const editing: [string, unknown][] = [
      ["/api/staff/products/choices", {}],
      ["/api/staff/products/detail", { productId: id }],
      ["/api/staff/products/create", mango({ sku: "MORE" })],
      ["/api/staff/products/update", update],
      ["/api/staff/products/variations", variations],
    ];
    const calls: [string, unknown][] = [["/api/staff/products/list", {}], ...editing];
    const staff = await owner.member("staff");
    const kitchen = await owner.member("kitchen");
    const shopper = await registerVerified(client(shop.domain));
    const other = await shopOwner(await openShop());
    // Staff read the list; only managers and owners edit.
    expect((await owner.as("/api/staff/products/list", {}, staff)).json.data.total).toBe(4);
    for (const [path, body] of editing)
      expectError(await owner.as(path, body, staff), "STAFF_ROLE_FORBIDDEN");
    for (const [path, body] of calls) {
      expectError(await owner.as(path, body, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, shopper.token), "INVALID_SESSION");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
      expectError(await client(shop.domain)("POST", path, { token: other.token, body }), "FORBIDDEN");
    }
    expectError(await other.as("/api/staff/products/detail", { productId: id }), "NOT_FOUND");
    expectError(await other.as("/api/staff/products/update", update), "NOT_FOUND");
    expectError(await other.as("/api/staff/products/variations", variations), "NOT_FOUND");
    expect((await other.as("/api/staff/products/list", { q: "MANGO-1" })).json.data.total).toBe(0);
  });
});

describe("a product's variations and add-ons", () => {
  const size = {
    key: "size",
    names: { en: "Size", ar: "الحجم", he: "" },
    values: [
      { key: "s", labels: { en: "Small", ar: "صغير", he: "" } },
      { key: "l", labels: { en: "Large", ar: "كبير", he: "" } },
      { key: "xl", labels: { en: "Extra large", ar: "", he: "" } },
    ],
  };

  it("are added, changed and removed; one an order names is switched off, not deleted", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    // A shopper buys the large tee: an order line names that variation.
    const shopperApi = client(shop.domain);
    const customer = await registerVerified(shopperApi);
    const placed = await shopperApi("POST", "/api/storeOrder/create", {
      token: customer.token,
      body: cashDelivery([{ productId: shop.tee.id, variationId: shop.tee.large, quantity: 1 }]),
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const { db } = (await testHarness()).handle;
    expect([...(await orderedVariationIds(db, shop.id, [shop.tee.small, shop.tee.large]))]).toEqual([
      shop.tee.large,
    ]);

    const read = (await owner.as("/api/staff/products/detail", { productId: shop.tee.id })).json.data.product;
    expect(read.variations).toEqual([
      expect.objectContaining({ id: shop.tee.small, stock: 5, ordered: false }),
      expect.objectContaining({ id: shop.tee.large, stock: 4, ordered: true }),
    ]);
    const pizza = {
      key: "extras",
      names: { en: "Extras", ar: "إضافات", he: "" },
      minSelect: 0,
      maxSelect: 2,
      items: [{ key: "print", names: { en: "Name print", ar: "", he: "" }, price: 300 }],
    };
    // Both old variations left out, an extra large added: the small one goes, the large one is kept off.
    const saved = await owner.as("/api/staff/products/variations", {
      productId: shop.tee.id,
      version: read.version,
      options: [size],
      variations: [
        {
          id: null,
          sku: "TEE-XL",
          optionValues: { size: "xl" },
          price: 1600,
          salePrice: 1500,
          isAvailable: true,
          sort: 2,
        },
      ],
      addOnGroups: [pizza],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.variations).toEqual([
      expect.objectContaining({ id: shop.tee.large, isAvailable: false, ordered: true, stock: 4 }),
      expect.objectContaining({ sku: "TEE-XL", price: 1600, stock: 0, isAvailable: true }),
    ]);
    expect(saved.json.data.addOnGroups).toEqual([pizza]);
    expect(saved.json.data.options[0].values).toHaveLength(3);
    const [row] = await db
      .select({ count: products.variationCount, stock: products.stock })
      .from(products)
      .where(and(eq(products.storeId, shop.id), eq(products.id, shop.tee.id)));
    // The kept large one and the new extra large; the product has what they have.
    expect(row).toEqual({ count: 2, stock: 4 });
    const small = await db
      .select()
      .from(productVariations)
      .where(and(eq(productVariations.storeId, shop.id), eq(productVariations.id, shop.tee.small)));
    expect(small).toEqual([]);

    // The storefront offers the new one with its add-on.
    const shown = await shopperApi("GET", `/api/storeProduct/productInfo/${shop.tee.id}`);
    expect(JSON.stringify(shown.json.data)).toContain("TEE-XL");
    expect(JSON.stringify(shown.json.data)).toContain("Name print");
    const audit = await owner.as("/api/staff/audit", { action: "product.update" });
    expect(audit.json.data.records[0]).toMatchObject({
      subject: `product:tee-${shop.id}`,
      before: expect.objectContaining({ addOnGroups: [] }),
      after: expect.objectContaining({ addOnGroups: [expect.objectContaining({ key: "extras" })] }),
    });
  });

  it("gives the SKU of a variation deleted in a save to one made in the same save", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const read = (await owner.as("/api/staff/products/detail", { productId: shop.tee.id })).json.data.product;
    const large = read.variations.find((v: { id: number }) => v.id === shop.tee.large);
    const saved = await owner.as("/api/staff/products/variations", {
      productId: shop.tee.id,
      version: read.version,
      options: [size],
      addOnGroups: [],
      variations: [
        large,
        {
          id: null,
          sku: `tee-s-${shop.id}`,
          optionValues: { size: "xl" },
          price: 1600,
          salePrice: null,
          isAvailable: true,
          sort: 2,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.variations.map((v: { sku: string }) => v.sku)).toEqual([
      `tee-l-${shop.id}`,
      `tee-s-${shop.id}`,
    ]);
    expect(saved.json.data.variations[1].id).not.toBe(shop.tee.small);
  });

  it("refuses a SKU taken, values no option has, the same values twice, and bad add-on limits", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const read = (await owner.as("/api/staff/products/detail", { productId: shop.tee.id })).json.data.product;
    const base = { productId: shop.tee.id, version: read.version, options: [size], addOnGroups: [] };
    const variation = (over: Record<string, unknown>) => ({
      id: null,
      sku: "TEE-NEW",
      optionValues: { size: "xl" },
      price: 1600,
      salePrice: null,
      isAvailable: true,
      sort: 0,
      ...over,
    });
    const taken = await owner.as("/api/staff/products/variations", {
      ...base,
      variations: [variation({ sku: `apple-${shop.id}` })],
    });
    expectError(taken, "PRODUCT_SKU_TAKEN");
    expect(taken.json.data.errors).toEqual({ "variations.0.sku": "error-product-sku-taken" });
    const bad = await owner.as("/api/staff/products/variations", {
      ...base,
      variations: [
        variation({ optionValues: { size: "xxl" } }),
        variation({ sku: "B", optionValues: { size: "s" }, salePrice: 2000 }),
        variation({ sku: "C", optionValues: { size: "s" } }),
      ],
      addOnGroups: [
        {
          key: "extras",
          names: { en: "Extras", ar: "", he: "" },
          minSelect: 3,
          maxSelect: 2,
          items: [{ key: "a", names: { en: "A", ar: "", he: "" }, price: 0 }],
        },
      ],
    });
    expectError(bad, "INVALID_INPUT");
    expect(bad.json.data.errors).toMatchObject({
      "variations.0.optionValues": "error-field-invalid",
      "variations.1.salePrice": "error-sale-not-below-price",
      "variations.2.optionValues": "error-field-duplicate",
      "addOnGroups.0.minSelect": "error-min-select-above-max",
    });
    // Two of its own variations may swap SKUs in one edit.
    const swapped = await owner.as("/api/staff/products/variations", {
      ...base,
      variations: read.variations.map((v: { id: number; sku: string }, i: number) => ({
        ...variation({ id: v.id, optionValues: { size: i === 0 ? "s" : "l" } }),
        sku: read.variations[1 - i].sku,
      })),
    });
    expect(swapped.status, JSON.stringify(swapped.json)).toBe(200);
    expect(swapped.json.data.variations.map((v: { sku: string }) => v.sku)).toEqual([
      `tee-l-${shop.id}`,
      `tee-s-${shop.id}`,
    ]);
  });
});

describe("reading staff's products", () => {
  it("reads no table whole: the list by its indexes whatever the filter, a product by its key", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const links = await linksOf(shop);
    await owner.as("/api/staff/products/create", mango({ categoryIds: [links.fruit] }));
    const findings = await plansOf(async () => {
      await owner.as("/api/staff/products/list", {});
      await owner.as("/api/staff/products/list", { q: "mango" });
      await owner.as("/api/staff/products/list", { q: "MANGO-1" });
      await owner.as("/api/staff/products/list", { categoryId: links.fruit });
      await owner.as("/api/staff/products/list", {
        categoryId: links.fruit,
        q: "alph",
        availability: "available",
      });
      await owner.as("/api/staff/products/list", { stock: "low" });
      await owner.as("/api/staff/products/list", { stock: "soldOut", availability: "available" });
      await owner.as("/api/staff/products/detail", { productId: shop.tee.id });
    }, /^\s*select .* from "(products|product_variations|order_lines|product_tags|matches)"/i);
    expect(findings.length).toBeGreaterThanOrEqual(16);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two edits of one product from two API processes", () => {
  const pools = twoConnectionPools(2);

  it("writes one and refuses the other as a conflict", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const made = await owner.as("/api/staff/products/create", mango());
    const store = await storeById((await testHarness()).handle.db, shop.id);
    if (!store) throw new Error("no store");
    const staffId = (await owner.as("/api/staff/me")).json.data.id as number;
    const read = { productId: made.json.data.id as number, version: made.json.data.version as string };
    const files = folderFiles(TEST_DOWNLOADS);
    const [a, b] = pools();
    const outcomes = await Promise.allSettled([
      updateStaffProduct(a.db, store, staffId, files, { ...mango({ price: 700 }), ...read }),
      updateStaffProduct(b.db, store, staffId, files, { ...mango({ price: 800 }), ...read }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ApiError);
    expect((refused.reason as ApiError).kind).toBe("STAFF_EDIT_CONFLICT");
    const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{
      price: number;
    }>;
    const detail = await owner.as("/api/staff/products/detail", { productId: read.productId });
    expect(detail.json.data.product.price).toBe(written.value.price);
    const audit = await owner.as("/api/staff/audit", { action: "product.update" });
    expect(audit.json.data.records).toHaveLength(1);
  });
});
