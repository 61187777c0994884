import type { CardGateway, SavedCardGateway } from "@stoa/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { stores } from "../stores/tables.ts";
import { CATALOGUES } from "./catalogues/index.ts";

/**
 * The provider each demo store takes new cards through once DEMO_CARD_PROVIDERS offers it, so the
 * demo shows each provider's card screens somewhere: the grocery (and the car-parts shop) on
 * Bambora, its Riverside branch, the caterer and the furniture shop on Stripe, the restaurant on
 * the built-in test cards. A store whose provider is not offered keeps the test cards.
 */
export const DEMO_NEW_CARD_PROVIDERS: Readonly<Record<string, CardGateway>> = {
  localhost: "bambora",
  "grocery2.localhost": "stripe",
  "catering.localhost": "stripe",
  "restaurant.localhost": "test-card",
  "carparts.localhost": "bambora",
  "furniture.localhost": "stripe",
};

/**
 * DEMO_CARD_PROVIDERS: the demo stores take these card gateways besides the test provider, so the
 * card screens can be tried end to end against local stand-ins of Stripe and Bambora, and each
 * takes new cards through its provider of DEMO_NEW_CARD_PROVIDERS. Only the demo stores change,
 * each gateway is added once however often the API starts, and nothing else a store takes is
 * removed.
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
  for (const { store } of CATALOGUES) {
    const provider = DEMO_NEW_CARD_PROVIDERS[store.domain];
    if (!provider || !(gateways as readonly string[]).includes(provider)) continue;
    await db
      .update(stores)
      .set({ cardProvider: provider })
      .where(and(eq(stores.id, store.id), eq(stores.domain, store.domain)));
  }
}
