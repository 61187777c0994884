import type { StaffTaxSettings } from "@stoa/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { recordChange } from "../staff/audit.ts";
import { pricingSettingsOf } from "./checkout-settings.ts";
import { pricingSettings } from "./tables.ts";

/** The shop's tax and tips as its staff set them. */
export async function taxSettingsOf(db: Database, storeId: number): Promise<StaffTaxSettings> {
  const { taxRateBp, pricesIncludeTax, tipAllowed } = await pricingSettingsOf(db, storeId);
  return { taxRateBp, pricesIncludeTax, tipAllowed };
}

/**
 * Sets the shop's tax rate, whether its prices include it, and tips, audited as `settings.tax` in
 * the same transaction. Checkouts price with it once a process reads the settings again: they are
 * remembered for STORE_FRESH_MS (checkout-settings.ts), the store row's word on tax too.
 */
export async function setTaxSettings(
  db: Database,
  storeId: number,
  staffId: number,
  settings: StaffTaxSettings,
): Promise<StaffTaxSettings> {
  return db.transaction(async (tx) => {
    const before = await taxSettingsOf(tx, storeId);
    await tx
      .insert(pricingSettings)
      .values({ storeId, ...settings })
      .onConflictDoUpdate({ target: pricingSettings.storeId, set: { ...settings, updatedAt: sql`now()` } });
    await recordChange(tx, {
      storeId,
      staffId,
      action: "settings.tax",
      subject: "store",
      before,
      after: settings,
    });
    return taxSettingsOf(tx, storeId);
  });
}
