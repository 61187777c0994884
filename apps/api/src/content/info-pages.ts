import { INFO_PAGES, type InfoPage, type InfoPageSlug, type Locale } from "@stoa/contract";
import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { infoPages } from "./tables.ts";

/**
 * The slugs a store publishes, as a subquery of the statement that reads the store row
 * (stores/service.ts): every request needs the footer's list, and reading it with the row that is
 * kept for STORE_FRESH_MS costs no round trip of its own. Answered by the primary key alone.
 */
export function publishedSlugsOf(storeId: AnyColumn): SQL<string[]> {
  const slugs = sql`coalesce(array_agg(${infoPages.slug}), '{}')`;
  return sql<string[]>`(SELECT ${slugs} FROM ${infoPages} WHERE ${infoPages.storeId} = ${storeId})`;
}

/** Slugs as the footer lists them: in the contract's order, any slug it does not know left out. */
export function inFooterOrder(slugs: readonly string[]): InfoPageSlug[] {
  return INFO_PAGES.filter((slug) => slugs.includes(slug));
}

/**
 * `GET /api/storePage/{slug}`: the page in the shopper's language, else in English (always written,
 * the table checks it). A slug the store does not publish is a 404 without a query: the store row
 * read for this request lists what it publishes.
 */
export async function infoPage(
  db: Database,
  store: StoreRow,
  slug: InfoPageSlug,
  locale: Locale,
): Promise<InfoPage> {
  if (!store.infoPages.includes(slug)) throw new ApiError("NOT_FOUND");
  const [row] = await db
    .select({ texts: infoPages.texts, updatedAt: infoPages.updatedAt })
    .from(infoPages)
    .where(and(eq(infoPages.storeId, store.id), eq(infoPages.slug, slug)))
    .limit(1);
  // Unpublished since the store row was read.
  if (!row) throw new ApiError("NOT_FOUND");
  const written: Locale = row.texts[locale] ? locale : "en";
  const text = row.texts[written];
  // A row without English breaks the table's check; only a hand-made one could get here.
  if (!text) throw new ApiError("NOT_FOUND");
  return {
    slug,
    title: text.title,
    summary: text.summary,
    sections: text.sections,
    locale: written,
    updatedAt: row.updatedAt.toISOString(),
  };
}
