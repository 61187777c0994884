import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.ts";
import { products, productVariations } from "../catalogue/tables.ts";
import { deliverySettings, pickupPoints, postOptions } from "../delivery/tables.ts";
import { orders } from "../orders/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { pricingSettings } from "../pricing/tables.ts";
import { walletBalance } from "../pricing/wallet.ts";
import { coupons } from "../promotions/tables.ts";
import { staffMembers } from "../staff/tables.ts";
import { type StoreRow, stores } from "../stores/tables.ts";
import { testHarness } from "./harness.ts";

/*
 * Shops of their own for the order tests: stock, coupons, wallets and windows are theirs to use up,
 * so no other test file (they share one database on PostgreSQL) sees a number move.
 */

let shopCounter = 0;

export const SHOP_STAFF = { email: "staff@shop.test", password: "staff password 1" } as const;

/** The shopper's address of the order tests' deliveries. */
export const SHOPPER_ADDRESS = {
  customerName: "Dana Levi",
  address: { street_address: "1 Harbour Road", country: "IL", city: "Haifa" },
};

/** An order of these lines delivered to the test shopper and paid in cash, unless `extra` says otherwise. */
export function cashDelivery(products: unknown[], extra: Record<string, unknown> = {}) {
  return {
    products,
    delivery_type: "delivery",
    shipping_address: SHOPPER_ADDRESS,
    payment_gateway: "cash",
    customer_name: "Dana Levi",
    customer_contact: "",
    ...extra,
  };
}

/** A card the built-in test provider approves, valid for two more years. */
export const APPROVED_CARD = {
  number: "4242424242424242",
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  name: "Dana Levi",
};

export type ShopOptions = {
  guestCheckout?: boolean;
  /** Tax in basis points, added to prices. */
  taxRateBp?: number;
  /** Delivery windows of this capacity, when the shop books them. */
  windowCapacity?: number;
  /** The shop's time zone (its delivery settings'); UTC by default. */
  timezone?: string;
  /** How many open unpaid orders one shopper may have; the stores' default unless said. */
  unpaidOrderLimit?: number;
};

const names = (en: string) => ({ en, ar: en, he: en });

/** The store row every test shop starts from: USD, empty SEO and logos, guests welcome unless said. */
export async function insertTestStore(
  db: Database,
  fields: { domain: string; vertical: StoreRow["vertical"]; name: string; guestCheckout?: boolean },
): Promise<StoreRow> {
  const { domain } = fields;
  const [store] = await db
    .insert(stores)
    .values({
      domain,
      vertical: fields.vertical,
      nameLocalizations: names(fields.name),
      currency: "USD",
      siteTitle: fields.name,
      seo: {
        metaDescription: "",
        canonicalUrl: `http://${domain}/`,
        ogTitle: "",
        ogDescription: "",
        ogImage: { original: "" },
        twitterHandle: "",
        twitterCardType: "summary",
      },
      activeLogoUrl: "",
      inactiveLogoUrl: "",
      guestCheckout: fields.guestCheckout ?? true,
    })
    .returning();
  if (!store) throw new Error("test store not created");
  // A new shop publishes no information pages.
  return { ...store, infoPages: [], pricesIncludeTax: false, referralsOn: false, openingHours: null };
}

/** A coupon of the store: 10 % off unless the values say otherwise. */
export async function addCoupon(
  db: Database,
  storeId: number,
  coupon: Partial<typeof coupons.$inferInsert> & { code: string },
): Promise<typeof coupons.$inferSelect> {
  const [row] = await db
    .insert(coupons)
    .values({ storeId, kind: "percent", value: 10, ...coupon })
    .returning();
  if (!row) throw new Error("coupon not created");
  return row;
}

export type Shop = Awaited<ReturnType<typeof openShop>>;

/**
 * A shop with a plain product (apple, 2.50), a product sold by size (tee, 12.00 / 14.00), a digital
 * product with its file (gift card, 20.00), a staff member, a flat delivery fee of 5.00, one pickup
 * point and a parcel post option at 7.00.
 */
export async function openShop(options: ShopOptions = {}) {
  const { handle } = await testHarness();
  const db = handle.db;
  shopCounter += 1;
  const domain = `shop${shopCounter}-${process.pid}-${Date.now().toString(36)}.test`;
  const store = await insertTestStore(db, {
    domain,
    vertical: "grocery",
    name: `Test shop ${shopCounter}`,
    guestCheckout: options.guestCheckout ?? true,
  });
  const storeId = store.id;
  const setUnpaidOrderLimit = async (unpaidOrderLimit: number) => {
    await db.update(stores).set({ unpaidOrderLimit }).where(eq(stores.id, storeId));
  };
  if (options.unpaidOrderLimit !== undefined) await setUnpaidOrderLimit(options.unpaidOrderLimit);
  /** What unpaid orders may hold, and when unconfirmed ones are released (decision 040). */
  const setUnpaidHolds = async (
    holds: Partial<
      Pick<
        StoreRow,
        | "unpaidUnitsPerOrder"
        | "unpaidValuePerOrder"
        | "unpaidUnitsPerShopper"
        | "unpaidValuePerShopper"
        | "unconfirmedReleaseMinutes"
      >
    >,
  ) => {
    await db.update(stores).set(holds).where(eq(stores.id, storeId));
  };
  await db.insert(pricingSettings).values({ storeId, taxRateBp: options.taxRateBp ?? 0, deliveryFee: 500 });
  await db.insert(deliverySettings).values({
    storeId,
    offersDelivery: true,
    scheduled: options.windowCapacity !== undefined,
    capacity: options.windowCapacity ?? 8,
    daysAhead: 3,
    opensAt: 0,
    closesAt: 24 * 60,
    cutoffMinutes: 0,
    ...(options.timezone ? { timezone: options.timezone } : {}),
  });
  const [pickupPoint] = await db
    .insert(pickupPoints)
    .values({
      storeId,
      slug: "counter",
      nameLocalizations: names("The counter"),
      addressLocalizations: names("1 Main St"),
    })
    .returning({ id: pickupPoints.id });
  const [postOption] = await db
    .insert(postOptions)
    .values({
      storeId,
      slug: "parcel",
      nameLocalizations: names("Parcel"),
      price: 700,
      daysMin: 2,
      daysMax: 4,
    })
    .returning({ id: postOptions.id });
  const product = (
    slug: string,
    price: number,
    stock: number,
    extra: Partial<typeof products.$inferInsert> = {},
  ) => ({
    storeId,
    slug,
    nameLocalizations: names(slug),
    descriptionLocalizations: names(""),
    price,
    stock,
    sku: `${slug}-${storeId}`,
    searchText: slug,
    images: [{ url: `/media/${slug}.svg`, alt: slug }],
    ...extra,
  });
  const [apple, tee, giftCard] = await db
    .insert(products)
    .values([
      product("apple", 250, 100),
      product("tee", 1200, 10, {
        variationCount: 2,
        variationOptions: [
          {
            key: "size",
            names: names("Size"),
            values: [
              { key: "s", labels: names("Small") },
              { key: "l", labels: names("Large") },
            ],
          },
        ],
      }),
      product("gift-card", 2000, 1000, { isDigital: true, digitalFile: "gift-card.txt" }),
    ])
    .returning({ id: products.id });
  if (!apple || !tee || !giftCard) throw new Error("products not created");
  const [small, large] = await db
    .insert(productVariations)
    .values([
      {
        storeId,
        productId: tee.id,
        sku: `tee-s-${storeId}`,
        optionValues: { size: "s" },
        price: 1200,
        stock: 5,
      },
      {
        storeId,
        productId: tee.id,
        sku: `tee-l-${storeId}`,
        optionValues: { size: "l" },
        price: 1400,
        stock: 5,
        sort: 1,
      },
    ])
    .returning({ id: productVariations.id });
  if (!small || !large) throw new Error("variations not created");
  await db.insert(staffMembers).values({
    storeId,
    email: SHOP_STAFF.email,
    name: "Shop staff",
    role: "owner",
    passwordHash: await hashPassword(SHOP_STAFF.password),
  });

  return {
    id: storeId,
    domain,
    apple: apple.id,
    tee: { id: tee.id, small: small.id, large: large.id },
    giftCard: giftCard.id,
    pickupPoint: pickupPoint?.id as number,
    postOption: postOption?.id as number,
    async setStock(productId: number, stock: number) {
      await db
        .update(products)
        .set({ stock })
        .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
    },
    async stockOf(productId: number) {
      const [row] = await db
        .select({ stock: products.stock })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
      return row?.stock;
    },
    async variationStockOf(variationId: number) {
      const [row] = await db
        .select({ stock: productVariations.stock })
        .from(productVariations)
        .where(and(eq(productVariations.storeId, storeId), eq(productVariations.id, variationId)));
      return row?.stock;
    },
    addCoupon: (code: string, values: Partial<typeof coupons.$inferInsert> = {}) =>
      addCoupon(db, storeId, { ...values, code }),
    async couponUses(code: string) {
      const [row] = await db
        .select({ used: coupons.usedCount })
        .from(coupons)
        .where(and(eq(coupons.storeId, storeId), sql`lower(${coupons.code}) = lower(${code})`));
      return row?.used;
    },
    async credit(customerId: number, amount: number) {
      await db.execute(sql`INSERT INTO wallet_balances (store_id, customer_id, balance) VALUES (${storeId}, ${customerId}, ${amount})
        ON CONFLICT (store_id, customer_id) DO UPDATE SET balance = wallet_balances.balance + ${amount}`);
    },
    walletOf: (customerId: number) => walletBalance(db, storeId, customerId),
    setUnpaidOrderLimit,
    setUnpaidHolds,
    async orderCount() {
      const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.storeId, storeId));
      return row?.n ?? 0;
    },
  };
}

/** Writes a shop's downloadable file where the test app reads them. */
export async function putDownload(root: string, storeId: number, fileName: string, text: string) {
  await mkdir(join(root, String(storeId)), { recursive: true });
  await writeFile(join(root, String(storeId), fileName), text);
}
