import type { DeliverySettingsForm, DeliveryZoneForm, StaffDeliverySettings } from "@stoa/contract";
import { deliveryWindowSettingsOf, setDeliveryWindowSettings } from "../delivery/staff-settings.ts";
import type { Database } from "../platform/db/database.ts";
import { pricingSettingsOf, setDeliveryCharges } from "../pricing/checkout-settings.ts";
import type { DeliveryZone } from "../pricing/tables.ts";
import { recordChange } from "../staff/audit.ts";

/*
 * The console's delivery screen spans two modules: when the shop delivers to the door is the
 * delivery module's, what that costs (fee, zones, free delivery) the pricing module's. One change
 * of the screen writes both and its audit record in one transaction.
 */

/** A zone as pricing keeps it: only the criteria it names (an empty one is "any"). */
const storedZone = ({ country, city, zipPrefix, fee }: DeliveryZoneForm): DeliveryZone => ({
  ...(country ? { country } : {}),
  ...(city ? { city } : {}),
  ...(zipPrefix ? { zipPrefix } : {}),
  fee,
});

export async function staffDeliverySettings(
  db: Database,
  storeId: number,
  currency: string,
): Promise<StaffDeliverySettings> {
  const [{ windows, openingHours }, pricing] = await Promise.all([
    deliveryWindowSettingsOf(db, storeId),
    pricingSettingsOf(db, storeId),
  ]);
  return {
    settings: {
      ...windows,
      deliveryFee: pricing.deliveryFee,
      freeDeliveryAbove: pricing.freeDeliveryAbove,
      zones: pricing.deliveryZones.map((zone) => ({
        country: zone.country ?? "",
        city: zone.city ?? "",
        zipPrefix: zone.zipPrefix ?? "",
        fee: zone.fee,
      })),
    },
    currency,
    openingHours,
  };
}

/** Changes the delivery screen's settings, audited as `settings.delivery` with before and after. */
export async function updateDeliverySettings(
  db: Database,
  who: { storeId: number; staffId: number },
  currency: string,
  form: DeliverySettingsForm,
): Promise<StaffDeliverySettings> {
  return db.transaction(async (tx) => {
    const before = await staffDeliverySettings(tx, who.storeId, currency);
    const { deliveryFee, freeDeliveryAbove, zones, ...windows } = form;
    await setDeliveryWindowSettings(tx, who.storeId, windows);
    await setDeliveryCharges(tx, who.storeId, {
      deliveryFee,
      freeDeliveryAbove,
      deliveryZones: zones.map(storedZone),
    });
    const after = await staffDeliverySettings(tx, who.storeId, currency);
    await recordChange(tx, {
      ...who,
      action: "settings.delivery",
      subject: "store",
      before: before.settings,
      after: after.settings,
    });
    return after;
  });
}
