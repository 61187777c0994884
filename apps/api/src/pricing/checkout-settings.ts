import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import {
  type DeliverySettings,
  deliverySettingsOf,
  pickupPointsOf,
  postOptionsOf,
} from "../delivery/service.ts";
import type { PickupPointRow, PostOptionRow } from "../delivery/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { remembered } from "../platform/remembered.ts";
import { type PricingSettingsRow, pricingSettings } from "./tables.ts";

export type PricingSettings = Omit<PricingSettingsRow, "storeId" | "createdAt" | "updatedAt">;

/** A store without a settings row charges no tax, delivers free and takes no tips. */
const DEFAULT_PRICING: PricingSettings = {
  taxRateBp: 0,
  pricesIncludeTax: false,
  deliveryFee: 0,
  deliveryZones: [],
  freeDeliveryAbove: null,
  tipAllowed: false,
};

/**
 * Whether a store's prices include tax, as a subquery on its id: the store row reads it with itself,
 * so every page's word on tax comes from the setting checkout prices with, at no query of its own.
 */
export function pricesIncludeTaxOf(storeId: AnyColumn): SQL<boolean> {
  return sql<boolean>`coalesce((SELECT ${pricingSettings.pricesIncludeTax} FROM ${pricingSettings} WHERE ${pricingSettings.storeId} = ${storeId}), false)`;
}

export async function pricingSettingsOf(db: Database, storeId: number): Promise<PricingSettings> {
  const [row] = await db.select().from(pricingSettings).where(eq(pricingSettings.storeId, storeId));
  if (!row) return DEFAULT_PRICING;
  const { storeId: _store, createdAt: _created, updatedAt: _updated, ...settings } = row;
  return settings;
}

/** What a delivery to the door costs: the fee where no zone matches, the zones, and when it is free. */
export type DeliveryCharges = Pick<PricingSettings, "deliveryFee" | "deliveryZones" | "freeDeliveryAbove">;

/** Sets the store's delivery charges (staff); its tax and tips stay as they are. */
export async function setDeliveryCharges(tx: Database, storeId: number, charges: DeliveryCharges) {
  await tx
    .insert(pricingSettings)
    .values({ ...DEFAULT_PRICING, storeId, ...charges })
    .onConflictDoUpdate({ target: pricingSettings.storeId, set: { ...charges, updatedAt: sql`now()` } });
}

/** Everything of a store's own settings that pricing a checkout reads. */
export type CheckoutSettings = {
  pricing: PricingSettings;
  delivery: DeliverySettings;
  pickupPoints: PickupPointRow[];
  postOptions: PostOptionRow[];
};

/** A store's checkout settings by store id. */
export type CheckoutSettingsSource = (storeId: number) => Promise<CheckoutSettings>;

export async function loadCheckoutSettings(db: Database, storeId: number): Promise<CheckoutSettings> {
  const [pricing, delivery, pickupPoints, postOptions] = await Promise.all([
    pricingSettingsOf(db, storeId),
    deliverySettingsOf(db, storeId),
    pickupPointsOf(db, storeId),
    postOptionsOf(db, storeId),
  ]);
  return { pricing, delivery, pickupPoints, postOptions };
}

/**
 * Checkout settings remembered per store for `freshMs` (STORE_FRESH_MS), as the store row itself
 * is (stores/service.ts): every calculate and every order reads them, and a shop changes them
 * rarely; a change reaches every API process within `freshMs`. 0 reads them every time. Prices,
 * stock, coupons, wallets and window loads are never remembered: they are read for each request.
 */
export function checkoutSettings(
  db: Database,
  freshMs: number,
  now = () => performance.now(),
): CheckoutSettingsSource {
  return remembered((storeId: number) => loadCheckoutSettings(db, storeId), freshMs, now);
}
