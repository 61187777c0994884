import type { SavedCardGateway } from "@stoa/contract";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { stores } from "../stores/tables.ts";
import { CATALOGUES } from "./catalogues/index.ts";

/**
 * DEMO_CARD_PROVIDERS: the demo stores take these card gateways besides the test provider, so the
 * card screens can be tried end to end against local stand-ins of Stripe and Bambora. Only the demo
 * stores change, each gateway is added once however often the API starts, and nothing else a
 * store takes is removed.
 */
export async function offerDemoCardProviders(db: Database, gateways: readonly SavedCardGateway[]) {
  if (gateways.length === 0) return;
  const ids = CATALOGUES.map((catalogue) => catalogue.store.id);
  const wanted = sql`ARRAY[${sql.join(
    gateways.map((gateway) => sql`${gateway}`),
    sql`, `,
  )}]::text[]`;
  await db
    .update(stores)
    .set({
      paymentProviders: sql`(SELECT array_agg(DISTINCT p) FROM unnest(${stores.paymentProviders} || ${wanted}) AS p)`,
    })
    .where(inArray(stores.id, ids));
}
