import { isLocale, type Locale, localized, type StoreByDomain } from "@stoa/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { type StoreRow, stores } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";

/** `Shop.Example.com:3000.` → `shop.example.com`; empty or malformed input → null. */
export function normalizeDomain(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const host = raw.trim().toLowerCase().replace(/\.$/, "").replace(/:\d+$/, "");
  return /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/.test(host) ? host : null;
}

/** Every API request reads its store first, so the statement is built once per database and prepared. */
const storeByDomain = new WeakMap<Database, ReturnType<typeof prepareStoreByDomain>>();
function prepareStoreByDomain(db: Database) {
  return db
    .select()
    .from(stores)
    .where(eq(stores.domain, sql.placeholder("domain")))
    .limit(1)
    .prepare("store_by_domain");
}

export async function findStoreByDomain(db: Database, domain: string): Promise<StoreRow | null> {
  let statement = storeByDomain.get(db);
  if (!statement) {
    statement = prepareStoreByDomain(db);
    storeByDomain.set(db, statement);
  }
  const [store] = await statement.execute({ domain });
  return store ?? null;
}

/** The public face of a store: what `GET /api/store/getByDomain` answers. */
export function toStoreByDomain(store: StoreRow, locale: Locale): StoreByDomain {
  return {
    storeId: store.id,
    domain: store.domain,
    vertical: store.vertical,
    storeNameLocalizations: JSON.stringify(store.nameLocalizations),
    languages: store.languages.filter(isLocale),
    settings: {
      siteTitle: store.siteTitle,
      storeInactiveLogoFileUrl: store.inactiveLogoUrl,
      seo: store.seo,
      layoutType: store.layoutType,
      primaryColor: store.primaryColor,
      currency: store.currency,
      tagline: localized(store.taglineLocalizations, locale),
    },
    shopSettings: { guestCheckout: store.guestCheckout },
    globalSettings: {
      storeActiveLogoFileUrl: store.activeLogoUrl,
      storeInActiveLogoFileUrl: store.inactiveLogoUrl,
      domain: store.domain,
      isAdminRegister: store.isAdminRegister,
    },
  };
}

/** A body may name a storeId (spec §3 filters); it must be the store of the domain, never another one. */
export function assertOwnStore(store: StoreRow, storeId: number | undefined): void {
  if (storeId !== undefined && storeId !== store.id)
    throw new ApiError("FORBIDDEN", { storeId: "error-field-invalid" });
}
