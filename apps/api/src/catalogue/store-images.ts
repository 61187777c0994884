import { type Locale, localized, type StoreImage, type StoreImageType } from "@stoa/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { storeImages } from "./tables.ts";

/** The store's shown home banners or flyer pages, in display order, in the shopper's language. */
export async function searchStoreImages(
  db: Database,
  store: StoreRow,
  type: StoreImageType,
  locale: Locale,
): Promise<StoreImage[]> {
  const rows = await db
    .select()
    .from(storeImages)
    .where(and(eq(storeImages.storeId, store.id), eq(storeImages.type, type), eq(storeImages.isShow, true)))
    .orderBy(asc(storeImages.sort), asc(storeImages.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    url: localized(row.urlLocalizations, locale),
    alt: localized(row.altLocalizations, locale),
    title: localized(row.titleLocalizations, locale),
    subtitle: localized(row.subtitleLocalizations, locale),
    link: row.link,
    width: row.width,
    height: row.height,
  }));
}
