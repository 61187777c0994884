import { createHash } from "node:crypto";
import {
  type BranchList,
  type branchQuerySchema,
  type CardGateway,
  isLocale,
  type Locale,
  localized,
  nearestBranches,
  type Seo,
  type StoreByDomain,
  type StoreVersion,
} from "@stoa/contract";
import { and, eq, getTableColumns, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { inFooterOrder, publishedSlugsOf } from "../content/info-pages.ts";
import { openingHoursColumn } from "../delivery/store-hours.ts";
import type { Database } from "../platform/db/database.ts";
import { preparedPerDatabase } from "../platform/db/statements.ts";
import { ApiError } from "../platform/http/errors.ts";
import { remembered } from "../platform/remembered.ts";
import { pricesIncludeTaxOf } from "../pricing/checkout-settings.ts";
import { referralsOnOf } from "../referrals/codes.ts";
import { type StoreRow, stores } from "./tables.ts";

type BranchQueryData = z.output<typeof branchQuerySchema>;

/** The store row and, in the same statement, the slugs of the information pages it publishes. */
const storeColumns = {
  ...getTableColumns(stores),
  infoPages: publishedSlugsOf(stores.id),
  pricesIncludeTax: pricesIncludeTaxOf(stores.id),
  // Whether sign-in makes the customer a referral code (decision 067), at no query of its own.
  referralsOn: referralsOnOf(stores.id),
  openingHours: openingHoursColumn(stores.id),
};

type StoreRead = Omit<StoreRow, "infoPages"> & { infoPages: string[] };
const toStore = (row: StoreRead | undefined): StoreRow | null =>
  row ? { ...row, infoPages: inFooterOrder(row.infoPages) } : null;

/** Every API request reads its store first, so the statement is built once per database and prepared. */
const storeByDomain = preparedPerDatabase((db) =>
  db
    .select(storeColumns)
    .from(stores)
    .where(eq(stores.domain, sql.placeholder("domain")))
    .limit(1)
    .prepare("store_by_domain"),
);

export async function findStoreByDomain(db: Database, domain: string): Promise<StoreRow | null> {
  const [store] = await storeByDomain(db).execute({ domain });
  return toStore(store);
}

/** A store by its id, for work that comes without a store-domain header (a provider's webhook, the sweeper). */
export async function storeById(db: Database, id: number): Promise<StoreRow | null> {
  const [row] = await db.select(storeColumns).from(stores).where(eq(stores.id, id)).limit(1);
  return toStore(row);
}

/**
 * Sets the card provider the store takes new cards through (staff); the caller has checked the
 * store takes it. Checkout reads it within the moment a store row is remembered for (STORE_FRESH_MS).
 */
export async function setCardProvider(db: Database, storeId: number, gateway: CardGateway): Promise<void> {
  await db.update(stores).set({ cardProvider: gateway, updatedAt: sql`now()` }).where(eq(stores.id, storeId));
}

/**
 * Sets the providers the store takes cards through (`stores.payment_providers`): read with the
 * store row, so every API process takes them within STORE_FRESH_MS.
 */
export async function setPaymentProviders(db: Database, storeId: number, providers: string[]): Promise<void> {
  await db
    .update(stores)
    .set({ paymentProviders: providers, updatedAt: sql`now()` })
    .where(eq(stores.id, storeId));
}

/** Sets the logo the storefront shows (both the active and the inactive one). */
export async function setStoreLogo(db: Database, storeId: number, url: string): Promise<void> {
  await db
    .update(stores)
    .set({ activeLogoUrl: url, inactiveLogoUrl: url, updatedAt: sql`now()` })
    .where(eq(stores.id, storeId));
}

/** Every store's id: what the sweeper walks through, store by store, each on its own indexes. */
export async function storeIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: stores.id }).from(stores).orderBy(stores.id);
  return rows.map((row) => row.id);
}

/** Every store's id and how long its unpaid orders wait for staff to confirm them, in one read. */
export async function storeReleaseTimes(
  db: Database,
): Promise<{ id: number; unconfirmedReleaseMinutes: number }[]> {
  return db
    .select({ id: stores.id, unconfirmedReleaseMinutes: stores.unconfirmedReleaseMinutes })
    .from(stores)
    .orderBy(stores.id);
}

export type StoreLookup = (domain: string) => Promise<StoreRow | null>;

/**
 * Finds stores by domain, remembering each answer (a store or "no store here") for `freshMs`. Every
 * API request needs its store, and the row carries the catalogue version that keys cached answers
 * (docs/decisions/012-catalogue-answer-cache.md): a change to a store or its catalogue reaches every
 * API process within `freshMs`. 0 reads the row on every request.
 */
export function storeLookup(db: Database, freshMs: number, now = () => performance.now()): StoreLookup {
  return remembered((domain: string) => findStoreByDomain(db, domain), freshMs, now);
}

/** The shop's search engine fields in one language: its own description there, else the shop's default. */
function seoIn({ descriptions, ...seo }: StoreRow["seo"], locale: Locale): Seo {
  return { ...seo, metaDescription: localized(descriptions ?? {}, locale) || seo.metaDescription };
}

/**
 * The public face of a store: what `GET /api/store/getByDomain` answers. `pricesIncludeTax` comes
 * from the store's pricing settings, the ones its checkout is priced with.
 */
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
      seo: seoIn(store.seo, locale),
      layoutType: store.layoutType,
      primaryColor: store.primaryColor,
      currency: store.currency,
      pricesIncludeTax: store.pricesIncludeTax,
      phoneCountryCode: store.phoneCountryCode,
      tagline: localized(store.taglineLocalizations, locale),
      openingHours: store.openingHours,
    },
    shopSettings: { guestCheckout: store.guestCheckout, referrals: store.referralsOn },
    globalSettings: {
      storeActiveLogoFileUrl: store.activeLogoUrl,
      storeInActiveLogoFileUrl: store.inactiveLogoUrl,
      domain: store.domain,
      isAdminRegister: store.isAdminRegister,
    },
    infoPages: store.infoPages,
    hasBranches: store.branchGroup !== null && store.branchLocation !== null,
  };
}

const versions = new WeakMap<StoreRow, string>();

/**
 * `GET /api/store/version`: a digest of the whole store row, the catalogue version among it, so
 * that any change of a setting, even one written by hand without touching `updated_at`, or of the
 * catalogue (decisions 012, 016) or an information page (whose writes raise the catalogue version,
 * migration 0023) gives another word. It is read from the row this request was
 * served with, the very row the other answers of this process use for the same `STORE_FRESH_MS`:
 * a storefront that sees a new version gets answers at least that new from this process.
 */
export function storeVersionOf(store: StoreRow): StoreVersion {
  let version = versions.get(store);
  if (version === undefined) {
    // Changes of single products are not the store's: the storefront learns them as changes.
    const { productChangesSeq: _changes, vocabularyVersion: _words, ...row } = store;
    version = createHash("sha256").update(JSON.stringify(row)).digest("base64url").slice(0, 22);
    versions.set(store, version);
  }
  return { version, changesSeq: store.productChangesSeq };
}

/** A body may name a storeId (spec §3 filters); it must be the store of the domain, never another one. */
export function assertOwnStore(store: StoreRow, storeId: number | undefined): void {
  if (storeId !== undefined && storeId !== store.id)
    throw new ApiError("FORBIDDEN", { storeId: "error-field-invalid" });
}

/**
 * The branches of the store's group with where each is, nearest first to the shopper's postcode or
 * coordinates (docs/decisions/049-branches.md). A store of no group, or one whose location is not
 * set, has none to offer; a group's other stores are read by the group's partial index.
 */
export async function branchesOf(
  db: Database,
  store: StoreRow,
  locale: Locale,
  query: BranchQueryData,
): Promise<BranchList> {
  if (store.branchGroup === null || store.branchLocation === null) return { branches: [] };
  const rows = await db
    .select({
      id: stores.id,
      domain: stores.domain,
      name: stores.nameLocalizations,
      location: stores.branchLocation,
    })
    .from(stores)
    .where(and(eq(stores.branchGroup, store.branchGroup), isNotNull(stores.branchLocation)))
    .orderBy(stores.id);
  const branches = rows.flatMap(({ id, domain, name, location }) =>
    location
      ? [
          {
            storeId: id,
            domain,
            name: localized(name, locale),
            area: localized(location.areaLocalizations, locale),
            address: location.address,
            latitude: location.latitude,
            longitude: location.longitude,
            postcodeAreas: location.postcodeAreas,
            current: id === store.id,
          },
        ]
      : [],
  );
  const point =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : undefined;
  return { branches: nearestBranches(branches, { postcode: query.postcode, point }) };
}
