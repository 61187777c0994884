import { and, eq, notInArray } from "drizzle-orm";
import { infoPages } from "../content/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { CATALOGUES } from "./catalogues/index.ts";
import { demoInfoPages } from "./info-pages.ts";
import { upsertChanged } from "./upsert.ts";

const pageUpsert = upsertChanged(infoPages, ["texts"]);

/**
 * Publishes each demo store's information pages, exactly those of `demoInfoPages`: a page the texts
 * no longer have is taken down. Unchanged pages are not rewritten, so a second seed leaves
 * `updated_at` and the stores' versions alone. (Shops created afterwards, like the tests' own, start
 * with none: the storefront's "not published" path.)
 */
export async function seedInfoPages(db: Database): Promise<void> {
  for (const { store } of CATALOGUES) {
    const [en, ar, he] = store.name;
    const pages = demoInfoPages(store.vertical, { en, ar, he });
    const slugs = pages.map((page) => page.slug);
    await db
      .delete(infoPages)
      .where(
        and(
          eq(infoPages.storeId, store.id),
          ...(slugs.length > 0 ? [notInArray(infoPages.slug, slugs)] : []),
        ),
      );
    if (pages.length === 0) continue;
    await db
      .insert(infoPages)
      .values(pages.map((page) => ({ storeId: store.id, slug: page.slug, texts: page.texts })))
      .onConflictDoUpdate({ target: [infoPages.storeId, infoPages.slug], ...pageUpsert });
  }
}
