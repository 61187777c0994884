import { changesOf } from "../catalogue/product-changes.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { branchesOf, storeVersionOf, toStoreByDomain } from "./service.ts";

/** More changed products than this at once: the storefront drops the store's pages instead of reading them. */
const MOST_CHANGES_ANSWERED = 2000;

export function storeRoutes(route: Route, db: Database): void {
  // The shop's settings show no product: a shared page built on them is not dropped by a product's change.
  route("storeGetByDomain", async ({ ctx }) => toStoreByDomain(ctx.store, ctx.locale), {
    reachesNoProduct: true,
  });
  route("storeVersion", async ({ ctx, query }) => {
    const version = storeVersionOf(ctx.store);
    const after = query.changesAfter;
    if (after === undefined || after >= version.changesSeq) return version;
    const changes = await changesOf(db, ctx.store.id, after, version.changesSeq, MOST_CHANGES_ANSWERED);
    return {
      ...version,
      changes: changes?.map(({ seq: _seq, ...change }) => change) ?? null,
    };
  });
  route("storeBranches", async ({ ctx, query }) => branchesOf(db, ctx.store, ctx.locale, query));
}
