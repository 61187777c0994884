import { effectivePrice, LOCALES, VERTICALS } from "@stoa/contract";
import { and, count, eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productSearchText } from "../catalogue/search-text.ts";
import {
  categories,
  collectionProducts,
  collections,
  productCategories,
  products,
  productTags,
  productVariations,
  storeImages,
  tags,
} from "../catalogue/tables.ts";
import { inFooterOrder } from "../content/info-pages.ts";
import { infoPages } from "../content/tables.ts";
import { findTableByCode, tableCode } from "../dine-in/table-codes.ts";
import { diningTables } from "../dine-in/tables.ts";
import { FIRST_ORDER_NUMBER, orderIdentities } from "../orders/identities.ts";
import { linkKeys } from "../orders/links.ts";
import { receiptOf } from "../orders/received.ts";
import { orderEvents, orderLines, orders } from "../orders/tables.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/database.ts";
import { productReviews } from "../reviews/tables.ts";
import { stores } from "../stores/tables.ts";
import { contrastRatio } from "./art/color.ts";
import { mediaRoutes } from "./art/routes.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { demoInfoPages } from "./info-pages.ts";
import { PAST_ORDERS_FROM } from "./review-orders.ts";
import { SEED_CLOCK } from "./rows.ts";
import { isDatabaseEmpty, type SeedCounts, seedDemoStores } from "./seed.ts";

const ARABIC = /[\u0600-\u06FF]/;
const HEBREW = /[\u0590-\u05FF]/;

let handle: DatabaseHandle;
let firstRun: SeedCounts;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  expect(await isDatabaseEmpty(handle.db)).toBe(true);
  firstRun = await seedDemoStores(handle.db);
});

afterAll(async () => {
  await handle.close();
});

async function tableCounts() {
  const { db } = handle;
  const [s] = await db.select({ n: count() }).from(stores);
  const [c] = await db.select({ n: count() }).from(categories);
  const [p] = await db.select({ n: count() }).from(products);
  const [l] = await db.select({ n: count() }).from(productCategories);
  const counts = { stores: s?.n, categories: c?.n, products: p?.n, links: l?.n };
  const more = {
    tags,
    productTags,
    productVariations,
    collections,
    collectionProducts,
    storeImages,
    infoPages,
    diningTables,
    orders,
    orderLines,
    orderEvents,
  } as const;
  for (const [name, table] of Object.entries(more)) {
    const [row] = await db.select({ n: count() }).from(table);
    Object.assign(counts, { [name]: row?.n });
  }
  return counts;
}

describe("seedDemoStores", () => {
  it("creates the demo stores at their domains and ids, the grocery with two branches", async () => {
    const rows = await handle.db.select().from(stores).orderBy(stores.id);
    expect(rows.map((s) => [s.id, s.domain, s.vertical])).toEqual([
      [41, "localhost", "grocery"],
      [42, "catering.localhost", "catering"],
      [43, "restaurant.localhost", "restaurant"],
      [44, "carparts.localhost", "carparts"],
      [45, "furniture.localhost", "furniture"],
      [46, "grocery2.localhost", "grocery"],
    ]);
    expect(rows.map((s) => s.branchGroup)).toEqual(["green-basket", null, null, null, null, "green-basket"]);
    expect(firstRun).toEqual({
      stores: 6,
      categories: await countOf(categories),
      products: await countOf(products),
    });
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it("gives each store its settings, brand and media addresses", async () => {
    const rows = await handle.db.select().from(stores).orderBy(stores.id);
    const layouts = Object.fromEntries(rows.map((s) => [s.vertical, s.layoutType]));
    expect(layouts).toEqual({
      grocery: "vegetables",
      catering: "minimal",
      restaurant: "restaurant",
      carparts: "carPart",
      furniture: "furniture",
    });
    for (const store of rows) {
      for (const locale of LOCALES) {
        expect(store.nameLocalizations[locale]).toBeTruthy();
        expect(store.taglineLocalizations[locale]).toBeTruthy();
      }
      expect(store.currency).toBe(store.vertical === "furniture" ? "EUR" : "USD");
      expect(store.guestCheckout).toBe(store.vertical !== "furniture");
      expect(store.isAdminRegister).toBe(store.vertical === "carparts");
      expect(contrastRatio(store.primaryColor, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(store.seo).toMatchObject({
        canonicalUrl: `http://${store.domain}:3000/`,
        ogImage: { original: `/media/og/${store.vertical}.png` },
        twitterHandle: `@stoa_${store.vertical}`,
        twitterCardType: "summary_large_image",
      });
      expect(store.activeLogoUrl).toBe(`/media/logo/${store.vertical}-active.svg`);
      expect(store.inactiveLogoUrl).toBe(`/media/logo/${store.vertical}-inactive.svg`);
    }
  });

  it("gives every store at least 8 categories, including a hidden and an unavailable one", async () => {
    for (const { store } of CATALOGUES) {
      const rows = await handle.db.select().from(categories).where(eq(categories.storeId, store.id));
      expect(rows.length).toBeGreaterThanOrEqual(8);
      expect(rows.some((c) => !c.isShow)).toBe(true);
      expect(rows.some((c) => !c.isAvailable)).toBe(true);
      expect(rows.some((c) => c.parentId !== null)).toBe(true);
      const ids = new Set(rows.map((c) => c.id));
      for (const category of rows) {
        if (category.parentId !== null) expect(ids.has(category.parentId)).toBe(true);
        for (const locale of LOCALES) expect(category.nameLocalizations[locale]).toBeTruthy();
        expect(category.image).toMatch(/^\/media\/art\/[a-z-]+-\d+\.svg$/);
      }
    }
  });

  it("gives every store at least 60 products, each named and described in English, Arabic and Hebrew", async () => {
    for (const { store } of CATALOGUES) {
      const rows = await handle.db.select().from(products).where(eq(products.storeId, store.id));
      expect(rows.length).toBeGreaterThanOrEqual(60);
      for (const product of rows) {
        for (const texts of [
          product.nameLocalizations,
          product.descriptionLocalizations,
          product.brandLocalizations,
        ]) {
          for (const locale of LOCALES) expect(texts[locale]?.trim()).toBeTruthy();
          expect(texts.ar).toMatch(ARABIC);
          expect(texts.he).toMatch(HEBREW);
        }
      }
    }
  });

  it("keeps skus, slugs and barcodes unique per store, with valid EAN-13 check digits", async () => {
    for (const { store } of CATALOGUES) {
      const rows = await handle.db.select().from(products).where(eq(products.storeId, store.id));
      expect(new Set(rows.map((p) => p.sku)).size).toBe(rows.length);
      expect(new Set(rows.map((p) => p.slug)).size).toBe(rows.length);
      expect(new Set(rows.map((p) => p.barcode)).size).toBe(rows.length);
      for (const { barcode } of rows) {
        expect(barcode).toMatch(/^\d{13}$/);
        const digits = [...barcode].map(Number);
        const sum = digits.slice(0, 12).reduce((total, d, i) => total + d * (i % 2 ? 3 : 1), 0);
        expect((10 - (sum % 10)) % 10).toBe(digits[12]);
      }
    }
  });

  it("prices, discounts, stock and availability look like a real shop", async () => {
    const ranges = {
      grocery: [99, 2500],
      catering: [1000, 40000],
      restaurant: [250, 4500],
      carparts: [400, 60000],
      furniture: [6000, 250000],
    } as const;
    for (const { store } of CATALOGUES) {
      const rows = await handle.db.select().from(products).where(eq(products.storeId, store.id));
      const [low, high] = ranges[store.vertical];
      for (const product of rows) {
        expect(product.price).toBeGreaterThanOrEqual(low);
        expect(product.price).toBeLessThanOrEqual(high);
        if (product.salePrice !== null) expect(product.salePrice).toBeLessThan(product.price);
      }
      const onSale = rows.filter((p) => p.salePrice !== null).length / rows.length;
      expect(onSale).toBeGreaterThan(0.18);
      expect(onSale).toBeLessThan(0.35);
      expect(rows.some((p) => p.stock === 0)).toBe(true);
      expect(rows.some((p) => !p.isAvailable)).toBe(true);
      expect(new Set(rows.map((p) => p.salesVolume)).size).toBeGreaterThan(20);
    }
  });

  it("spreads creation dates over the 90 days before the seed clock", async () => {
    const rows = await handle.db.select({ createdAt: products.createdAt }).from(products);
    const days = rows.map((r) => (SEED_CLOCK.getTime() - r.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...days)).toBeLessThanOrEqual(90);
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(60);
  });

  it("links every product to one or two categories of its own store", async () => {
    const links = await handle.db.select().from(productCategories);
    const perProduct = new Map<string, number>();
    for (const link of links) {
      const key = `${link.storeId}:${link.productId}`;
      perProduct.set(key, (perProduct.get(key) ?? 0) + 1);
    }
    expect(perProduct.size).toBe(await countOf(products));
    for (const n of perProduct.values()) expect([1, 2]).toContain(n);
    const storeCategories = await handle.db
      .select({ storeId: categories.storeId, id: categories.id })
      .from(categories);
    const known = new Set(storeCategories.map((c) => `${c.storeId}:${c.id}`));
    for (const link of links) expect(known.has(`${link.storeId}:${link.categoryId}`)).toBe(true);
  });

  it("stores a search text with every name and brand, the sku and the barcode", async () => {
    const rows = await handle.db.select().from(products);
    for (const product of rows) {
      expect(product.searchText).toBe(productSearchText(product));
      expect(product.searchText).toContain(product.nameLocalizations.ar?.toLowerCase());
      expect(product.searchText).toContain(product.sku.toLowerCase());
    }
  });

  it("points every product image at art the media routes can draw", async () => {
    const rows = await handle.db.select({ images: products.images }).from(products);
    const urls = new Set<string>();
    for (const { images } of rows) {
      expect(images.length).toBeGreaterThanOrEqual(1);
      expect(images.length).toBeLessThanOrEqual(3);
      for (const image of images) urls.add(image.url);
    }
    for (const url of urls) {
      const response = await mediaRoutes.request(url.replace(/^\/media/, ""));
      expect(response.status, url).toBe(200);
    }
  });

  it("changes nothing when run again", async () => {
    const before = await tableCounts();
    const versions = await handle.db
      .select({ id: stores.id, version: stores.catalogueVersion })
      .from(stores)
      .orderBy(stores.id);
    const [stamp] = await handle.db.select({ at: max(products.updatedAt) }).from(products);
    expect(await seedDemoStores(handle.db)).toEqual(firstRun);
    expect(await tableCounts()).toEqual(before);
    const [after] = await handle.db.select({ at: max(products.updatedAt) }).from(products);
    expect(after?.at).toEqual(stamp?.at);
    for (const table of [tags, productVariations, collections, storeImages]) {
      const [latest] = await handle.db.select({ at: max(table.updatedAt) }).from(table);
      expect(latest?.at?.getTime()).toBeLessThanOrEqual(stamp?.at?.getTime() ?? 0);
    }
    const [page] = await handle.db.select({ at: max(infoPages.updatedAt) }).from(infoPages);
    expect(page?.at?.getTime() ?? 0).toBeLessThanOrEqual(stamp?.at?.getTime() ?? 0);
    // Nothing rewritten, so no store's version (and no shared page) moves.
    expect(
      await handle.db
        .select({ id: stores.id, version: stores.catalogueVersion })
        .from(stores)
        .orderBy(stores.id),
    ).toEqual(versions);
  });

  it("puts back a variation, a tag link and a collection's order that were changed or removed", async () => {
    const [sofa] = await handle.db.select().from(products).where(eq(products.sku, "FRN-SOF-OSLO3"));
    if (!sofa) throw new Error("FRN-SOF-OSLO3 missing");
    const [variation] = await handle.db
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, sofa.id))
      .orderBy(productVariations.sort)
      .limit(1);
    await handle.db
      .update(productVariations)
      .set({ price: 1 })
      .where(eq(productVariations.sku, variation?.sku ?? ""));
    await handle.db.delete(productTags).where(eq(productTags.productId, sofa.id));
    await handle.db
      .update(collectionProducts)
      .set({ sort: 999 })
      .where(eq(collectionProducts.productId, sofa.id));
    await seedDemoStores(handle.db);
    const [restored] = await handle.db
      .select()
      .from(productVariations)
      .where(eq(productVariations.sku, variation?.sku ?? ""));
    expect(restored?.price).toBe(variation?.price);
    expect(
      await handle.db.select().from(productTags).where(eq(productTags.productId, sofa.id)),
    ).not.toHaveLength(0);
    const orders = await handle.db
      .select({ sort: collectionProducts.sort })
      .from(collectionProducts)
      .where(eq(collectionProducts.productId, sofa.id));
    expect(orders.every((row) => row.sort < 999)).toBe(true);
  });

  it("gives every store 6–10 tags named in every language, each on some product", async () => {
    for (const catalogue of CATALOGUES) {
      const rows = await handle.db.select().from(tags).where(eq(tags.storeId, catalogue.store.id));
      expect(rows.length, catalogue.store.domain).toBeGreaterThanOrEqual(6);
      expect(rows.length, catalogue.store.domain).toBeLessThanOrEqual(10);
      for (const tag of rows) {
        expect(
          ARABIC.test(tag.nameLocalizations.ar ?? "") && HEBREW.test(tag.nameLocalizations.he ?? ""),
        ).toBe(true);
        const [used] = await handle.db
          .select({ n: count() })
          .from(productTags)
          .where(and(eq(productTags.storeId, catalogue.store.id), eq(productTags.tagId, tag.id)));
        expect(used?.n, `${catalogue.store.domain} ${tag.slug}`).toBeGreaterThan(0);
      }
    }
  });

  it("gives every store 3–4 collections of 8+ products, 3 wide banners and 4 flyer pages", async () => {
    for (const catalogue of CATALOGUES) {
      const storeId = catalogue.store.id;
      const shelves = await handle.db.select().from(collections).where(eq(collections.storeId, storeId));
      expect(shelves.length).toBeGreaterThanOrEqual(3);
      expect(shelves.length).toBeLessThanOrEqual(4);
      for (const shelf of shelves) {
        const [linked] = await handle.db
          .select({ n: count() })
          .from(collectionProducts)
          .where(and(eq(collectionProducts.storeId, storeId), eq(collectionProducts.collectionId, shelf.id)));
        expect(linked?.n).toBeGreaterThanOrEqual(8);
      }
      const images = await handle.db.select().from(storeImages).where(eq(storeImages.storeId, storeId));
      const banners = images.filter((image) => image.type === "banner");
      const flyer = images.filter((image) => image.type === "flyer");
      expect(banners).toHaveLength(3);
      expect(flyer).toHaveLength(4);
      expect(
        banners.every((b) => b.width === 1600 && b.height === 600 && b.link.startsWith("/products?")),
      ).toBe(true);
      for (const image of images) {
        for (const locale of LOCALES) {
          const url = image.urlLocalizations[locale] ?? "";
          const response = await mediaRoutes.request(url.replace(/^\/media/, ""));
          expect(response.status, url).toBe(200);
        }
      }
    }
  });

  it("gives products remarks, variations, restaurant choices and car fitment where the trade has them", async () => {
    const rowsOf = (storeId: number) =>
      handle.db.select().from(products).where(eq(products.storeId, storeId));
    for (const catalogue of CATALOGUES) {
      const rows = await rowsOf(catalogue.store.id);
      const remarked = rows.filter((row) => row.remarksLocalizations.en);
      expect(remarked.length, catalogue.store.domain).toBeGreaterThanOrEqual(8);
      expect(remarked.every((row) => ARABIC.test(row.remarksLocalizations.ar ?? ""))).toBe(true);
      for (const row of rows.filter((r) => r.variationCount > 0)) {
        const variations = await handle.db
          .select()
          .from(productVariations)
          .where(and(eq(productVariations.storeId, row.storeId), eq(productVariations.productId, row.id)));
        expect(variations).toHaveLength(row.variationCount);
        const keys = row.variationOptions.map((option) => option.key).sort();
        expect(
          variations.every(
            (v) => JSON.stringify(Object.keys(v.optionValues).sort()) === JSON.stringify(keys),
          ),
        ).toBe(true);
        expect(row.stock).toBe(variations.reduce((sum, v) => sum + v.stock, 0));
        // Listed at its cheapest variation's price, which its card says "From" (decision 030).
        expect(effectivePrice(row.price, row.salePrice), row.sku).toBe(
          Math.min(...variations.map((v) => effectivePrice(v.price, v.salePrice))),
        );
      }
    }
    const furniture = await rowsOf(45);
    expect(furniture.filter((row) => row.variationCount > 0).length).toBeGreaterThanOrEqual(5);
    const soldOutCombination = await handle.db
      .select({ n: count() })
      .from(productVariations)
      .where(and(eq(productVariations.storeId, 45), eq(productVariations.stock, 0)));
    expect(soldOutCombination[0]?.n).toBeGreaterThan(0);
    expect((await rowsOf(41)).filter((row) => row.variationCount > 0).length).toBeGreaterThanOrEqual(4);
    expect(
      (await rowsOf(42)).filter((row) => row.variationOptions[0]?.key === "portion").length,
    ).toBeGreaterThanOrEqual(3);
    const parts = await rowsOf(44);
    expect(parts.filter((row) => row.fitment.length > 0).length).toBeGreaterThan(parts.length / 2);
    expect(
      parts.filter((row) => row.variationOptions.some((o) => o.key === "side")).length,
    ).toBeGreaterThanOrEqual(2);
    const dishes = await rowsOf(43);
    expect(dishes.filter((row) => row.addOnGroups.length > 0).length).toBeGreaterThanOrEqual(15);
    const crust = dishes.flatMap((row) => row.addOnGroups).find((group) => group.key === "crust");
    expect(crust).toMatchObject({ minSelect: 1, maxSelect: 1 });
    expect(
      dishes
        .flatMap((row) => row.addOnGroups)
        .some((g) => g.maxSelect === 4 && g.items.some((i) => i.price > 0)),
    ).toBe(true);
  });

  it("puts back a product and a link that were changed or removed", async () => {
    const [gala] = await handle.db.select().from(products).where(eq(products.sku, "GRC-1001"));
    if (!gala) throw new Error("GRC-1001 missing");
    await handle.db.update(products).set({ price: 1 }).where(eq(products.id, gala.id));
    await handle.db.delete(productCategories).where(eq(productCategories.productId, gala.id));
    await seedDemoStores(handle.db);
    const [restored] = await handle.db.select().from(products).where(eq(products.id, gala.id));
    expect(restored?.price).toBe(gala.price);
    const links = await handle.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.productId, gala.id));
    expect(links).toHaveLength(2);
  });

  it("gives the restaurant and the caterer tables whose codes open them, and dishes served at them", async () => {
    const { db } = handle;
    const { tableCodes } = await linkKeys(db)();
    const byStore = async (storeId: number) =>
      db.select().from(diningTables).where(eq(diningTables.storeId, storeId)).orderBy(diningTables.id);
    const restaurant = await byStore(43);
    expect(restaurant.map((t) => t.name)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => `Table ${n}`),
      ...[1, 2, 3, 4].map((n) => `Terrace ${n}`),
    ]);
    expect(new Set(restaurant.map((t) => t.area))).toEqual(new Set(["Inside", "Terrace"]));
    expect((await byStore(42)).map((t) => t.area)).toEqual(Array(4).fill("Tasting room"));
    expect(await byStore(41)).toEqual([]);
    for (const table of restaurant)
      expect((await findTableByCode(db, 43, tableCode(tableCodes, table)))?.id).toBe(table.id);

    const offered = async (storeId: number) =>
      db
        .select({ dineIn: products.dineIn, n: count() })
        .from(products)
        .where(eq(products.storeId, storeId))
        .groupBy(products.dineIn)
        .orderBy(products.dineIn);
    expect((await offered(43)).map((row) => row.dineIn)).toEqual([true]);
    const catering = await offered(42);
    expect(catering.map((row) => row.dineIn)).toEqual([false, true]);
    expect((await offered(41)).map((row) => row.dineIn)).toEqual([false]);
  });

  it("does not let the next store created take a demo store's id", async () => {
    const [created] = await handle.db
      .insert(stores)
      .values({
        domain: "new.localhost",
        vertical: "grocery",
        nameLocalizations: { en: "New" },
        siteTitle: "New",
        seo: {
          metaDescription: "",
          canonicalUrl: "",
          ogTitle: "",
          ogDescription: "",
          ogImage: { original: "" },
          twitterHandle: "",
          twitterCardType: "summary",
        },
        activeLogoUrl: "",
        inactiveLogoUrl: "",
      })
      .returning({ id: stores.id });
    expect(created?.id).toBeGreaterThan(45);
    await handle.db.delete(stores).where(eq(stores.domain, "new.localhost"));
  });

  it("publishes each store's information pages, with English texts, and puts back one taken down", async () => {
    for (const { store } of CATALOGUES) {
      const [en, ar, he] = store.name;
      const seeded = demoInfoPages(store.vertical, { en, ar, he });
      const rows = await handle.db.select().from(infoPages).where(eq(infoPages.storeId, store.id));
      expect(inFooterOrder(rows.map((row) => row.slug))).toEqual(inFooterOrder(seeded.map((p) => p.slug)));
      for (const row of rows) {
        expect(row.texts).toEqual(seeded.find((p) => p.slug === row.slug)?.texts);
        expect(row.texts.en?.title).toBeTruthy();
      }
    }
    const [page] = await handle.db.select().from(infoPages).limit(1);
    if (!page) return; // The demo texts publish no page yet.
    const where = and(eq(infoPages.storeId, page.storeId), eq(infoPages.slug, page.slug));
    await handle.db.delete(infoPages).where(where);
    await seedDemoStores(handle.db);
    const [restored] = await handle.db.select().from(infoPages).where(where);
    expect(restored?.texts).toEqual(page.texts);
  });

  it("backs every review with its writer's order of the product, delivered before it, numbered as a past order", async () => {
    const reviews = await handle.db.select().from(productReviews);
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews)
      expect(await receiptOf(handle.db, review.storeId, review.customerId, review.productId)).toBe(
        "received",
      );
    const past = await handle.db
      .select({
        storeId: orders.storeId,
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        createdAt: orders.createdAt,
        payable: orders.payableAmount,
      })
      .from(orders);
    expect(past).toHaveLength(reviews.length);
    for (const order of past) {
      expect(order.orderNumber).toBeGreaterThanOrEqual(PAST_ORDERS_FROM);
      expect(order.orderNumber).toBeLessThan(FIRST_ORDER_NUMBER);
      expect(order).toMatchObject({ status: "delivered", paymentStatus: "cash_collected" });
      expect(order.createdAt.getTime()).toBeLessThan(SEED_CLOCK.getTime());
      expect(order.payable).toBeGreaterThan(0);
    }
    // Each placed before its review, with the five steps of its timeline, the last one delivered.
    for (const review of reviews.slice(0, 10)) {
      const [order] = await handle.db
        .select({ id: orders.id, createdAt: orders.createdAt })
        .from(orders)
        .where(
          and(
            eq(orders.storeId, review.storeId),
            eq(orders.customerId, review.customerId),
            eq(orders.idempotencyKey, `demo-review-${review.id}`),
          ),
        );
      expect(order?.createdAt.getTime()).toBeLessThan(review.createdAt.getTime());
      const steps = await handle.db
        .select({ status: orderEvents.status, at: orderEvents.at })
        .from(orderEvents)
        .where(and(eq(orderEvents.storeId, review.storeId), eq(orderEvents.orderId, order?.id ?? 0)))
        .orderBy(orderEvents.id);
      expect(steps.map((step) => step.status)).toHaveLength(5);
      expect(steps.at(-1)?.status).toBe("delivered");
      expect(steps.at(-1)?.at.getTime()).toBeLessThan(review.createdAt.getTime());
    }
  });

  it("puts back a review's order that was removed, and leaves the shop's next order number at the first", async () => {
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.storeId, 41))
      .orderBy(orders.orderNumber)
      .limit(1);
    if (!order) throw new Error("the grocery has no past orders");
    const where = (table: typeof orderLines | typeof orderEvents) =>
      and(eq(table.storeId, 41), eq(table.orderId, order.id));
    await handle.db.delete(orderLines).where(where(orderLines));
    await handle.db.delete(orderEvents).where(where(orderEvents));
    await handle.db.delete(orders).where(and(eq(orders.storeId, 41), eq(orders.id, order.id)));
    await seedDemoStores(handle.db);
    const [back] = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, 41), eq(orders.idempotencyKey, order.idempotencyKey)));
    expect(back).toMatchObject({ customerId: order.customerId, status: "delivered" });
    expect(back?.orderNumber).toBeLessThan(FIRST_ORDER_NUMBER);
    expect((await orderIdentities(handle.db).next(41)).orderNumber).toBe(FIRST_ORDER_NUMBER);
  });

  it("covers every vertical, the grocery with a second branch", () => {
    expect([...new Set(CATALOGUES.map((c) => c.store.vertical))].sort()).toEqual([...VERTICALS].sort());
    expect(CATALOGUES.filter((c) => c.store.vertical === "grocery")).toHaveLength(2);
  });
});

async function countOf(table: typeof categories | typeof products): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}
