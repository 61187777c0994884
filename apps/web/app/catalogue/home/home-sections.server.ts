import { HOME_SECTION_SIZE, SORT_DEFAULTS } from "@stoa/contract";
import type { StoreApi } from "../../platform/api/store-api.server.ts";
import { FIRST_RAIL, type HomeRail, homeRails } from "./home-rails.ts";

/** A home section is extra: when its call fails, the page shows without it rather than failing. */
async function section<T>(answer: Promise<{ ok: true; data: T } | { ok: false }>): Promise<T | null> {
  const result = await answer;
  return result.ok ? result.data : null;
}

/** Each source is asked for two rails' worth, so a rail still fills after products shown above it are left out. */
const ASKED_PER_RAIL = HOME_SECTION_SIZE * 2;
const PAGE = { limit: ASKED_PER_RAIL, page: 1 };

/** The shop's banners, for the top of the page (an empty list shows the shop's own hero). */
export async function homeBanners(storeApi: StoreApi) {
  return (await section(storeApi.pageAnswer("storeImageSearch", { body: { type: "banner" } }))) ?? [];
}

const bestSellers = (storeApi: StoreApi) =>
  section(storeApi.pageAnswer("productHot", { query: PAGE, body: {} }));

/**
 * The rail the page is rendered with: best sellers by sales volume, the first rail whatever
 * follows it, so it is the same here as at the top of every rail.
 */
export async function firstHomeRails(storeApi: StoreApi): Promise<HomeRail[]> {
  return homeRails([{ key: FIRST_RAIL, products: (await bestSellers(storeApi))?.records ?? [] }]).map(
    (rail) => ({ ...rail, collection: null }),
  );
}

/**
 * The rails below the first, asked for once the shopper scrolls near them (decision 031): this
 * week's deals (on sale, newest first), recommendations and the shop's collections, each without
 * the products a rail above it shows (homeRails), the first rail's included.
 */
export async function laterHomeRails(storeApi: StoreApi): Promise<HomeRail[]> {
  const [best, weeklyDeals, recommended, collections] = await Promise.all([
    bestSellers(storeApi),
    section(
      storeApi.pageAnswer("productSearch", {
        query: PAGE,
        body: { isOnSale: 1, ...SORT_DEFAULTS.weeklyDeals },
      }),
    ),
    section(storeApi.pageAnswer("productRecommend", { query: PAGE, body: {} })),
    section(
      storeApi.pageAnswer("collectionSearch", {
        query: { limit: HOME_SECTION_SIZE, page: 1 },
        body: { productLimit: ASKED_PER_RAIL },
      }),
    ),
  ]);
  const collectionOf = new Map((collections?.records ?? []).map((c) => [`collection-${c.slug}`, c]));
  return homeRails<string>([
    { key: FIRST_RAIL, products: best?.records ?? [] },
    { key: "weekly-deals", products: weeklyDeals?.records ?? [] },
    { key: "recommended", products: recommended?.records ?? [] },
    ...[...collectionOf].map(([key, collection]) => ({ key, products: collection.products })),
  ])
    .filter((rail) => rail.key !== FIRST_RAIL)
    .map((rail) => {
      const collection = collectionOf.get(rail.key);
      return {
        ...rail,
        collection: collection ? { name: collection.name, description: collection.description } : null,
      };
    });
}
