/**
 * What the storefront knows of the signed-in customer's wishlist: which products are saved and
 * under which wishlist record (removing takes the record id). Changes show at once and are put
 * back when the API refuses them.
 */
export type WishlistState = {
  /** "idle" before anything was asked (signed out, or not loaded yet). */
  status: "idle" | "loading" | "ready" | "failed";
  /** Product id → wishlist record id; null while the record is being created. */
  saved: ReadonlyMap<number, number | null>;
  /** Products with a change on its way to the API; they take no other change meanwhile. */
  pending: ReadonlySet<number>;
};

export type WishlistRecordRef = { id: number; productId: number };

/** What the hearts are told about one change (`/wishlist/items`). */
export type WishlistChange = { ok: true; record: WishlistRecordRef | null };

export type WishlistAction =
  | { type: "load-started" }
  | { type: "loaded"; records: readonly WishlistRecordRef[] }
  | { type: "load-failed" }
  | { type: "add-started"; productId: number }
  | { type: "add-done"; productId: number; recordId: number }
  | { type: "add-failed"; productId: number }
  | { type: "remove-started"; productId: number }
  | { type: "remove-done"; productId: number }
  | { type: "remove-failed"; productId: number; recordId: number }
  /** Signing out (spec §4) forgets everything. */
  | { type: "reset" };

export const EMPTY_WISHLIST: WishlistState = { status: "idle", saved: new Map(), pending: new Set() };

function withPending(pending: ReadonlySet<number>, productId: number, on: boolean): Set<number> {
  const next = new Set(pending);
  if (on) next.add(productId);
  else next.delete(productId);
  return next;
}

function withSaved(
  saved: ReadonlyMap<number, number | null>,
  productId: number,
  recordId: number | null | undefined,
): Map<number, number | null> {
  const next = new Map(saved);
  if (recordId === undefined) next.delete(productId);
  else next.set(productId, recordId);
  return next;
}

export function wishlistReducer(state: WishlistState, action: WishlistAction): WishlistState {
  switch (action.type) {
    case "load-started":
      return { ...state, status: "loading" };
    case "loaded": {
      // Changes still on their way keep their optimistic state over the loaded one.
      const saved = new Map<number, number | null>(action.records.map((r) => [r.productId, r.id]));
      for (const productId of state.pending) {
        const mine = state.saved.get(productId);
        if (state.saved.has(productId)) saved.set(productId, mine ?? null);
        else saved.delete(productId);
      }
      return { ...state, status: "ready", saved };
    }
    case "load-failed":
      return { ...state, status: "failed" };
    case "add-started":
      return {
        ...state,
        saved: withSaved(state.saved, action.productId, null),
        pending: withPending(state.pending, action.productId, true),
      };
    case "add-done":
      return {
        ...state,
        saved: withSaved(state.saved, action.productId, action.recordId),
        pending: withPending(state.pending, action.productId, false),
      };
    case "add-failed":
      return {
        ...state,
        saved: withSaved(state.saved, action.productId, undefined),
        pending: withPending(state.pending, action.productId, false),
      };
    case "remove-started":
      return {
        ...state,
        saved: withSaved(state.saved, action.productId, undefined),
        pending: withPending(state.pending, action.productId, true),
      };
    case "remove-done":
      return { ...state, pending: withPending(state.pending, action.productId, false) };
    case "remove-failed":
      return {
        ...state,
        saved: withSaved(state.saved, action.productId, action.recordId),
        pending: withPending(state.pending, action.productId, false),
      };
    case "reset":
      return EMPTY_WISHLIST;
  }
}
