import { asProductSummary, type ProductSummary, STORAGE_KEYS } from "@stoa/contract";
import { applyStorageChanges, readStorage } from "../../platform/browser-storage.ts";

/** Spec §3: the recently viewed list as persisted — the products, and their ids in the same order. */
export type RecentlyViewed = { productList: ProductSummary[]; idList: number[] };

/** Enough for a couple of shelves; more would only make the stored text grow. */
export const RECENTLY_VIEWED_LIMIT = 20;

export const RECENTLY_VIEWED_KEY = STORAGE_KEYS.recentlyViewed;

export const EMPTY_RECENTLY_VIEWED: RecentlyViewed = { productList: [], idList: [] };

/**
 * The part of a product the recently viewed list keeps: its summary fields only, so a product
 * page's description, variations and so on never go to storage. The contract's plain check of the
 * summary schema does it: the home and product pages read the list, and the schema itself would
 * bring zod to their first load (decision 026).
 */
export function storableSummary(product: ProductSummary): ProductSummary | null {
  return asProductSummary(product);
}

function listOf(products: readonly ProductSummary[]): RecentlyViewed {
  const productList = products.slice(0, RECENTLY_VIEWED_LIMIT);
  return { productList, idList: productList.map((product) => product.id) };
}

/**
 * Reads what storage holds. Anything unusable (another version's shape, hand-edited text, a full
 * quota that cut it short) yields the usable part or an empty list, never an error.
 */
export function parseRecentlyViewed(text: string | null): RecentlyViewed {
  if (!text) return EMPTY_RECENTLY_VIEWED;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return EMPTY_RECENTLY_VIEWED;
  }
  const list = (stored as { productList?: unknown } | null)?.productList;
  if (!Array.isArray(list)) return EMPTY_RECENTLY_VIEWED;
  const seen = new Set<number>();
  const products: ProductSummary[] = [];
  for (const entry of list) {
    const product = storableSummary(entry as ProductSummary);
    if (!product || seen.has(product.id)) continue;
    seen.add(product.id);
    products.push(product);
  }
  return listOf(products);
}

/** The list after viewing a product: it moves to the front, once, and the oldest fall off the end. */
export function recordView(list: RecentlyViewed, product: ProductSummary): RecentlyViewed {
  const summary = storableSummary(product);
  if (!summary) return list;
  return listOf([summary, ...list.productList.filter((entry) => entry.id !== summary.id)]);
}

/** What a shelf shows: the most recent first, without the product on screen. */
export function shelfProducts(
  list: RecentlyViewed,
  excludeId: number | null,
  limit: number,
): ProductSummary[] {
  return list.productList.filter((product) => product.id !== excludeId).slice(0, limit);
}

/** The list this browser keeps; empty on the server and when storage is off. */
export function loadRecentlyViewed(): RecentlyViewed {
  return parseRecentlyViewed(readStorage(RECENTLY_VIEWED_KEY));
}

/** Records a product page view in this browser. */
export function rememberViewed(product: ProductSummary): void {
  const list = recordView(loadRecentlyViewed(), product);
  applyStorageChanges({ set: { [RECENTLY_VIEWED_KEY]: JSON.stringify(list) }, remove: [] });
}
