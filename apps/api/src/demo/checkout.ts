import type { CouponKind, Vertical } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { deliverySettings, pickupPoints, postOptions } from "../delivery/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { type DeliveryZone, pricingSettings } from "../pricing/tables.ts";
import { coupons } from "../promotions/tables.ts";
import { localizations } from "./rows.ts";
import type { Texts } from "./types.ts";
import { upsertChanged } from "./upsert.ts";

/*
 * How each demo store charges, delivers and discounts: tax, delivery fees, delivery windows,
 * postal options, pickup points and coupons. README's demo table lists the coupons.
 */

type CheckoutSeed = {
  pricing: {
    taxRateBp: number;
    pricesIncludeTax: boolean;
    deliveryFee: number;
    deliveryZones: DeliveryZone[];
    freeDeliveryAbove: number | null;
    tipAllowed: boolean;
  };
  delivery: {
    offersDelivery: boolean;
    scheduled: boolean;
    timezone: string;
    daysAhead: number;
    windowMinutes: number;
    opensAt: number;
    closesAt: number;
    cutoffMinutes: number;
    capacity: number;
  };
  post: { slug: string; name: Texts; price: number; daysMin: number; daysMax: number }[];
  pickup: { slug: string; name: Texts; address: Texts }[];
};

const hour = (h: number) => h * 60;

export const CHECKOUT_SEEDS: Record<Vertical, CheckoutSeed> = {
  grocery: {
    pricing: {
      taxRateBp: 500,
      pricesIncludeTax: false,
      deliveryFee: 499,
      deliveryZones: [],
      freeDeliveryAbove: 5000,
      tipAllowed: true,
    },
    delivery: {
      offersDelivery: true,
      scheduled: true,
      timezone: "America/New_York",
      daysAhead: 3,
      windowMinutes: 120,
      opensAt: hour(8),
      closesAt: hour(20),
      cutoffMinutes: 60,
      capacity: 8,
    },
    post: [],
    pickup: [
      {
        slug: "market-hall",
        name: ["Green Basket Market Hall", "قاعة سوق السلة الخضراء", "אולם השוק של הסל הירוק"],
        address: [
          "12 Orchard Street, Springfield",
          "12 شارع البستان، سبرينغفيلد",
          "רחוב המטע 12, ספרינגפילד",
        ],
      },
    ],
  },
  catering: {
    pricing: {
      taxRateBp: 825,
      pricesIncludeTax: false,
      deliveryFee: 1500,
      deliveryZones: [],
      freeDeliveryAbove: 25_000,
      tipAllowed: true,
    },
    delivery: {
      offersDelivery: true,
      scheduled: true,
      timezone: "America/New_York",
      daysAhead: 7,
      windowMinutes: 180,
      opensAt: hour(10),
      closesAt: hour(19),
      cutoffMinutes: 24 * 60,
      capacity: 4,
    },
    post: [],
    pickup: [
      {
        slug: "kitchen",
        name: ["Golden Platter Kitchen", "مطبخ الطبق الذهبي", "המטבח של המגש הזהב"],
        address: ["48 Harbor Road, Springfield", "48 طريق الميناء، سبرينغفيلد", "דרך הנמל 48, ספרינגפילד"],
      },
    ],
  },
  restaurant: {
    pricing: {
      taxRateBp: 725,
      pricesIncludeTax: false,
      deliveryFee: 399,
      deliveryZones: [
        { zipPrefix: "627", fee: 199 },
        { city: "Shelbyville", fee: 699 },
      ],
      freeDeliveryAbove: 4000,
      tipAllowed: true,
    },
    delivery: {
      offersDelivery: true,
      scheduled: false,
      timezone: "America/Chicago",
      daysAhead: 1,
      windowMinutes: 30,
      opensAt: hour(11),
      closesAt: hour(23),
      cutoffMinutes: 30,
      capacity: 10,
    },
    post: [],
    pickup: [
      {
        slug: "downtown",
        name: ["Ember & Olive Downtown", "جمر وزيتون وسط المدينة", "גחלים וזית מרכז העיר"],
        address: ["5 Market Square, Springfield", "5 ساحة السوق، سبرينغفيلد", "כיכר השוק 5, ספרינגפילד"],
      },
      {
        slug: "riverside",
        name: ["Ember & Olive Riverside", "جمر وزيتون على النهر", "גחלים וזית על הנהר"],
        address: ["210 River Walk, Springfield", "210 ممشى النهر، سبرينغفيلد", "טיילת הנהר 210, ספרינגפילד"],
      },
    ],
  },
  carparts: {
    pricing: {
      taxRateBp: 700,
      pricesIncludeTax: false,
      deliveryFee: 0,
      deliveryZones: [],
      freeDeliveryAbove: null,
      tipAllowed: false,
    },
    delivery: {
      offersDelivery: false,
      scheduled: false,
      timezone: "America/Detroit",
      daysAhead: 3,
      windowMinutes: 120,
      opensAt: hour(8),
      closesAt: hour(18),
      cutoffMinutes: 60,
      capacity: 8,
    },
    post: [
      {
        slug: "standard",
        name: ["Standard parcel", "طرد عادي", "חבילה רגילה"],
        price: 599,
        daysMin: 3,
        daysMax: 5,
      },
      {
        slug: "express",
        name: ["Express parcel", "طرد سريع", "חבילה מהירה"],
        price: 1499,
        daysMin: 1,
        daysMax: 2,
      },
      {
        slug: "freight",
        name: ["Freight (tyres and heavy parts)", "شحن (إطارات وقطع ثقيلة)", "הובלה (צמיגים וחלקים כבדים)"],
        price: 2999,
        daysMin: 4,
        daysMax: 7,
      },
    ],
    pickup: [
      {
        slug: "parts-counter",
        name: ["Torque parts counter", "كاونتر قطع تورك", "דלפק החלקים של טורק"],
        address: [
          "300 Industrial Avenue, Springfield",
          "300 جادة الصناعة، سبرينغفيلد",
          "שדרות התעשייה 300, ספרינגפילד",
        ],
      },
    ],
  },
  furniture: {
    pricing: {
      taxRateBp: 1700,
      pricesIncludeTax: true,
      deliveryFee: 9900,
      deliveryZones: [
        { country: "Denmark", city: "Copenhagen", fee: 2900 },
        { country: "Denmark", fee: 4900 },
      ],
      freeDeliveryAbove: 150_000,
      tipAllowed: false,
    },
    delivery: {
      offersDelivery: true,
      scheduled: true,
      timezone: "Europe/Copenhagen",
      daysAhead: 7,
      windowMinutes: 240,
      opensAt: hour(8),
      closesAt: hour(20),
      cutoffMinutes: 24 * 60,
      capacity: 3,
    },
    post: [
      {
        slug: "parcel",
        name: ["Parcel post (small items)", "بريد الطرود (قطع صغيرة)", "דואר חבילות (פריטים קטנים)"],
        price: 990,
        daysMin: 3,
        daysMax: 6,
      },
      {
        slug: "express-parcel",
        name: ["Express parcel (small items)", "طرد سريع (قطع صغيرة)", "חבילה מהירה (פריטים קטנים)"],
        price: 1990,
        daysMin: 1,
        daysMax: 2,
      },
    ],
    pickup: [],
  },
};

type CouponSeed = {
  code: string;
  kind: CouponKind;
  value: number;
  minimumOrder: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  firstOrderOnly: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Shown on the offers page. */
  advertised: boolean;
};

/**
 * The same codes in every demo store (amounts in the store's currency), so the README lists them once.
 * All are advertised: the expired SUMMER2025 too, so the offers page shows it leaves out ended ones.
 */
export const DEMO_COUPONS: readonly CouponSeed[] = (() => {
  const base = {
    minimumOrder: 0,
    maxUses: null,
    maxUsesPerCustomer: null,
    firstOrderOnly: false,
    startsAt: null,
    endsAt: null,
    advertised: true,
  };
  return [
    { ...base, code: "WELCOME10", kind: "percent", value: 10, maxUsesPerCustomer: 1 },
    { ...base, code: "SAVE5", kind: "fixed", value: 500, minimumOrder: 3000 },
    { ...base, code: "FIRSTORDER", kind: "percent", value: 15, firstOrderOnly: true },
    {
      ...base,
      code: "SUMMER2025",
      kind: "percent",
      value: 20,
      startsAt: new Date("2025-06-01T00:00:00Z"),
      endsAt: new Date("2025-09-01T00:00:00Z"),
    },
  ] satisfies CouponSeed[];
})();

/** Writes the checkout settings of the given stores; re-running rewrites only what changed. */
export async function seedCheckout(
  db: Database,
  stores: readonly { id: number; vertical: Vertical }[],
): Promise<void> {
  const seeds = stores.map((store) => ({ store, seed: CHECKOUT_SEEDS[store.vertical] }));
  await db
    .insert(pricingSettings)
    .values(seeds.map(({ store, seed }) => ({ storeId: store.id, ...seed.pricing })))
    .onConflictDoUpdate({
      target: pricingSettings.storeId,
      ...upsertChanged(pricingSettings, [
        "taxRateBp",
        "pricesIncludeTax",
        "deliveryFee",
        "deliveryZones",
        "freeDeliveryAbove",
        "tipAllowed",
      ]),
    });
  await db
    .insert(deliverySettings)
    .values(seeds.map(({ store, seed }) => ({ storeId: store.id, ...seed.delivery })))
    .onConflictDoUpdate({
      target: deliverySettings.storeId,
      ...upsertChanged(deliverySettings, [
        "offersDelivery",
        "scheduled",
        "timezone",
        "daysAhead",
        "windowMinutes",
        "opensAt",
        "closesAt",
        "cutoffMinutes",
        "capacity",
      ]),
    });
  const posts = seeds.flatMap(({ store, seed }) =>
    seed.post.map((option, i) => ({
      storeId: store.id,
      slug: option.slug,
      nameLocalizations: localizations(option.name),
      price: option.price,
      daysMin: option.daysMin,
      daysMax: option.daysMax,
      sort: (i + 1) * 10,
    })),
  );
  if (posts.length > 0)
    await db
      .insert(postOptions)
      .values(posts)
      .onConflictDoUpdate({
        target: [postOptions.storeId, postOptions.slug],
        ...upsertChanged(postOptions, ["nameLocalizations", "price", "daysMin", "daysMax", "sort"]),
      });
  const pickups = seeds.flatMap(({ store, seed }) =>
    seed.pickup.map((point, i) => ({
      storeId: store.id,
      slug: point.slug,
      nameLocalizations: localizations(point.name),
      addressLocalizations: localizations(point.address),
      sort: (i + 1) * 10,
    })),
  );
  if (pickups.length > 0)
    await db
      .insert(pickupPoints)
      .values(pickups)
      .onConflictDoUpdate({
        target: [pickupPoints.storeId, pickupPoints.slug],
        ...upsertChanged(pickupPoints, ["nameLocalizations", "addressLocalizations", "sort"]),
      });
  // Coupons are unique by lower(code), an expression Drizzle's conflict target cannot name; the
  // uses already counted are never reset by a re-seed.
  const rows = seeds.flatMap(({ store }) =>
    DEMO_COUPONS.map(
      (c) =>
        sql`(${store.id}, ${c.code}, ${c.kind}, ${c.value}, ${c.minimumOrder}, ${c.maxUses}::int,
          ${c.maxUsesPerCustomer}::int, ${c.firstOrderOnly}, ${c.startsAt?.toISOString() ?? null}::timestamptz,
          ${c.endsAt?.toISOString() ?? null}::timestamptz, ${c.advertised})`,
    ),
  );
  await db.execute(sql`
    INSERT INTO ${coupons} (store_id, code, kind, value, minimum_order, max_uses, max_uses_per_customer,
      first_order_only, starts_at, ends_at, advertised)
    VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT (store_id, lower(code)) DO UPDATE SET
      kind = excluded.kind, value = excluded.value, minimum_order = excluded.minimum_order,
      max_uses = excluded.max_uses, max_uses_per_customer = excluded.max_uses_per_customer,
      first_order_only = excluded.first_order_only, starts_at = excluded.starts_at,
      ends_at = excluded.ends_at, advertised = excluded.advertised, updated_at = now()
    WHERE (coupons.kind, coupons.value, coupons.minimum_order, coupons.max_uses,
      coupons.max_uses_per_customer, coupons.first_order_only, coupons.starts_at, coupons.ends_at,
      coupons.advertised)
      IS DISTINCT FROM (excluded.kind, excluded.value, excluded.minimum_order, excluded.max_uses,
      excluded.max_uses_per_customer, excluded.first_order_only, excluded.starts_at, excluded.ends_at,
      excluded.advertised)`);
}
