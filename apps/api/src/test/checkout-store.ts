import { and, eq, sql } from "drizzle-orm";
import { openSession } from "../auth/sessions.ts";
import { products, productVariations } from "../catalogue/tables.ts";
import { customers } from "../customers/tables.ts";
import { DEFAULT_DELIVERY_SETTINGS } from "../delivery/service.ts";
import { deliverySettings, pickupPoints, postOptions } from "../delivery/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { pricingSettings, walletBalances } from "../pricing/tables.ts";
import type { StoreRow } from "../stores/tables.ts";
import { insertTestStore } from "./shops.ts";

export { addCoupon } from "./shops.ts";

/*
 * A store of its own for checkout tests: known prices, stock and settings that a test may change
 * without touching the demo stores other test files read.
 */

export type CheckoutStore = {
  store: StoreRow;
  domain: string;
  /** Product ids by name; variation ids of `varied` by name. */
  ids: {
    plain: number;
    twoHundred: number;
    sale: number;
    varied: number;
    dish: number;
    hidden: number;
    soldOut: number;
    few: number;
    ebook: number;
  };
  variations: { small: number; large: number; gone: number };
};

let storeCounter = 0;

function productRow(storeId: number, sku: string, fields: Partial<typeof products.$inferInsert>) {
  const names = { en: `Product ${sku}`, ar: `منتج ${sku}`, he: `מוצר ${sku}` };
  return {
    storeId,
    slug: sku.toLowerCase(),
    nameLocalizations: names,
    descriptionLocalizations: names,
    price: 100,
    stock: 50,
    sku,
    searchText: sku.toLowerCase(),
    ...fields,
  };
}

export async function createCheckoutStore(db: Database, name = "checkout"): Promise<CheckoutStore> {
  storeCounter += 1;
  const domain = `${name}-${storeCounter}-${process.pid}.test.localhost`;
  const store = await insertTestStore(db, { domain, vertical: "restaurant", name: "Checkout test shop" });
  const id = store.id;
  const sku = (s: string) => `${s}-${id}`;
  const inserted = await db
    .insert(products)
    .values([
      productRow(id, sku("PLAIN"), { price: 335 }),
      productRow(id, sku("TWO-HUNDRED"), { price: 200 }),
      productRow(id, sku("SALE"), { price: 1000, salePrice: 800 }),
      productRow(id, sku("VARIED"), {
        price: 1500,
        stock: 4,
        variationCount: 3,
        variationOptions: [
          {
            key: "size",
            names: { en: "Size", ar: "المقاس", he: "מידה" },
            values: [
              { key: "s", labels: { en: "Small", ar: "صغير", he: "קטן" } },
              { key: "l", labels: { en: "Large", ar: "كبير", he: "גדול" } },
              { key: "xl", labels: { en: "Extra large", ar: "كبير جدًا", he: "גדול מאוד" } },
            ],
          },
        ],
      }),
      productRow(id, sku("DISH"), {
        price: 1200,
        stock: 5,
        addOnGroups: [
          {
            key: "crust",
            names: { en: "Crust", ar: "العجينة", he: "בצק" },
            minSelect: 1,
            maxSelect: 1,
            items: [
              { key: "thin", names: { en: "Thin", ar: "رقيقة", he: "דק" }, price: 0 },
              { key: "stuffed", names: { en: "Stuffed", ar: "محشوة", he: "ממולא" }, price: 250 },
            ],
          },
          {
            key: "toppings",
            names: { en: "Toppings", ar: "الإضافات", he: "תוספות" },
            minSelect: 0,
            maxSelect: 2,
            items: [
              { key: "olives", names: { en: "Olives", ar: "زيتون", he: "זיתים" }, price: 100 },
              { key: "cheese", names: { en: "Cheese", ar: "جبن", he: "גבינה" }, price: 150 },
              { key: "basil", names: { en: "Basil", ar: "ريحان", he: "בזיליקום" }, price: 50 },
            ],
          },
        ],
      }),
      productRow(id, sku("HIDDEN"), { isAvailable: false }),
      productRow(id, sku("SOLD-OUT"), { stock: 0 }),
      productRow(id, sku("FEW"), { stock: 2 }),
      productRow(id, sku("EBOOK"), { price: 500, isDigital: true, digitalFile: "ebook.pdf" }),
    ])
    .returning({ id: products.id, sku: products.sku });
  const productId = (s: string) => inserted.find((row) => row.sku === sku(s))?.id as number;
  const varied = productId("VARIED");
  const variationRows = await db
    .insert(productVariations)
    .values([
      {
        storeId: id,
        productId: varied,
        sku: sku("VARIED-S"),
        optionValues: { size: "s" },
        price: 1500,
        stock: 3,
      },
      {
        storeId: id,
        productId: varied,
        sku: sku("VARIED-L"),
        optionValues: { size: "l" },
        price: 1700,
        salePrice: 1600,
        stock: 1,
      },
      {
        storeId: id,
        productId: varied,
        sku: sku("VARIED-XL"),
        optionValues: { size: "xl" },
        price: 1900,
        stock: 0,
      },
    ])
    .returning({ id: productVariations.id, sku: productVariations.sku });
  const variationId = (s: string) => variationRows.find((row) => row.sku === sku(s))?.id as number;
  await db.insert(pricingSettings).values({ storeId: id });
  // Open at every hour, so no test depends on the hour it runs at; tests of opening hours set their own.
  await db.insert(deliverySettings).values({ storeId: id, opensAt: 0, closesAt: 24 * 60 });
  return {
    store,
    domain,
    ids: {
      plain: productId("PLAIN"),
      twoHundred: productId("TWO-HUNDRED"),
      sale: productId("SALE"),
      varied,
      dish: productId("DISH"),
      hidden: productId("HIDDEN"),
      soldOut: productId("SOLD-OUT"),
      few: productId("FEW"),
      ebook: productId("EBOOK"),
    },
    variations: {
      small: variationId("VARIED-S"),
      large: variationId("VARIED-L"),
      gone: variationId("VARIED-XL"),
    },
  };
}

export async function setPricing(
  db: Database,
  storeId: number,
  settings: Partial<typeof pricingSettings.$inferInsert>,
): Promise<void> {
  await db
    .update(pricingSettings)
    .set({
      taxRateBp: 0,
      pricesIncludeTax: false,
      deliveryFee: 0,
      deliveryZones: [],
      freeDeliveryAbove: null,
      tipAllowed: false,
      ...settings,
    })
    .where(eq(pricingSettings.storeId, storeId));
}

export async function setDelivery(
  db: Database,
  storeId: number,
  settings: Partial<typeof deliverySettings.$inferInsert>,
): Promise<void> {
  await db
    .update(deliverySettings)
    // A test shop delivers to the door, unscheduled, at any hour, unless a test says otherwise.
    .set({ ...DEFAULT_DELIVERY_SETTINGS, ...settings })
    .where(eq(deliverySettings.storeId, storeId));
}

export async function addPostOption(db: Database, storeId: number, slug: string, price: number) {
  const [row] = await db
    .insert(postOptions)
    .values({
      storeId,
      slug,
      nameLocalizations: { en: `Post ${slug}`, ar: `بريد ${slug}`, he: `דואר ${slug}` },
      price,
      daysMin: 2,
      daysMax: 4,
    })
    .returning({ id: postOptions.id });
  return row?.id as number;
}

export async function addPickupPoint(db: Database, storeId: number, slug: string) {
  const [row] = await db
    .insert(pickupPoints)
    .values({
      storeId,
      slug,
      nameLocalizations: { en: `Counter ${slug}`, ar: `كاونتر ${slug}`, he: `דלפק ${slug}` },
      addressLocalizations: { en: `1 ${slug} Street`, ar: `1 شارع ${slug}`, he: `רחוב ${slug} 1` },
    })
    .returning({ id: pickupPoints.id });
  return row?.id as number;
}

export async function setBalance(db: Database, storeId: number, customerId: number, balance: number) {
  await db
    .insert(walletBalances)
    .values({ storeId, customerId, balance })
    .onConflictDoUpdate({
      target: [walletBalances.storeId, walletBalances.customerId],
      set: { balance },
    });
}

export async function balanceOf(db: Database, storeId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ balance: walletBalances.balance })
    .from(walletBalances)
    .where(and(eq(walletBalances.storeId, storeId), eq(walletBalances.customerId, customerId)));
  return row?.balance ?? 0;
}

let shopperCounter = 0;

/** A verified customer (or a guest) of the store with an open session. */
export async function shopper(db: Database, store: StoreRow, kind: "customer" | "guest" = "customer") {
  shopperCounter += 1;
  const [customer] = await db
    .insert(customers)
    .values({
      storeId: store.id,
      kind,
      email: kind === "customer" ? `shopper${shopperCounter}-${process.pid}@example.com` : null,
      emailVerifiedAt: kind === "customer" ? sql`now()` : null,
      firstName: "Dana",
    })
    .returning();
  if (!customer) throw new Error("customer not created");
  const token = await openSession(db, customer, kind);
  return { customer, token, id: customer.id, kind };
}
