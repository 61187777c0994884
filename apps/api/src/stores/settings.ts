import { LOCALES, type ShopSettingsForm, type StaffShopSettings } from "@stoa/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { stores } from "./tables.ts";

type StoreTableRow = typeof stores.$inferSelect;

/** The texts of the languages given, empty ones left out (the storefront falls back to another). */
const kept = (texts: Record<string, string>) =>
  Object.fromEntries(
    LOCALES.filter((locale) => texts[locale]).map((locale) => [locale, texts[locale] as string]),
  );

const everyLanguage = (texts: Partial<Record<string, string>>) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, texts[locale] ?? ""]));

export function shopSettingsOf(store: StoreTableRow): StaffShopSettings {
  return {
    settings: {
      name: everyLanguage(store.nameLocalizations),
      tagline: everyLanguage(store.taglineLocalizations),
      siteTitle: store.siteTitle,
      metaDescription: everyLanguage(store.seo.descriptions ?? { en: store.seo.metaDescription }),
      guestCheckout: store.guestCheckout,
      unpaidOrderLimit: store.unpaidOrderLimit,
      phoneCountryCode: store.phoneCountryCode,
    },
    staffRefundLimit: store.staffRefundLimit,
    currency: store.currency,
  };
}

/** The store's row read fresh (not the copy a request was served with), locked for the change. */
async function lockedStore(tx: Database, storeId: number): Promise<StoreTableRow> {
  const [row] = await tx.select().from(stores).where(eq(stores.id, storeId)).for("update");
  if (!row) throw new ApiError("STORE_NOT_FOUND");
  return row;
}

/**
 * Writes the shop's settings; answers them before and after, for the audit log. Other API
 * processes read the new row within STORE_FRESH_MS.
 */
export async function updateShopSettings(tx: Database, storeId: number, form: ShopSettingsForm) {
  const before = await lockedStore(tx, storeId);
  await tx
    .update(stores)
    .set({
      nameLocalizations: kept(form.name),
      taglineLocalizations: kept(form.tagline),
      siteTitle: form.siteTitle,
      // The first language's description is also what a language without its own falls back to.
      seo: {
        ...before.seo,
        metaDescription: Object.values(kept(form.metaDescription))[0] ?? "",
        descriptions: kept(form.metaDescription),
      },
      guestCheckout: form.guestCheckout,
      unpaidOrderLimit: form.unpaidOrderLimit,
      phoneCountryCode: form.phoneCountryCode,
      updatedAt: sql`now()`,
    })
    .where(eq(stores.id, storeId));
  return { before: shopSettingsOf(before), after: shopSettingsOf(await lockedStore(tx, storeId)) };
}

/** Sets the staff's refund limit; answers the settings before and after, for the audit log. */
export async function setStaffRefundLimit(tx: Database, storeId: number, limit: number | null) {
  const before = await lockedStore(tx, storeId);
  await tx
    .update(stores)
    .set({ staffRefundLimit: limit, updatedAt: sql`now()` })
    .where(eq(stores.id, storeId));
  return { before: shopSettingsOf(before), after: shopSettingsOf(await lockedStore(tx, storeId)) };
}

/** The settings as the store's row holds them now. */
export async function currentShopSettings(db: Database, storeId: number): Promise<StaffShopSettings> {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!row) throw new ApiError("STORE_NOT_FOUND");
  return shopSettingsOf(row);
}
