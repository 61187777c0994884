import { describe, expect, it } from "vitest";
import {
  EMPTY_WISHLIST,
  type WishlistAction,
  type WishlistState,
  wishlistReducer,
} from "./wishlist-state.ts";

const run = (actions: WishlistAction[], from: WishlistState = EMPTY_WISHLIST) =>
  actions.reduce(wishlistReducer, from);
const saved = (state: WishlistState) => Object.fromEntries(state.saved);

describe("wishlist state", () => {
  it("loads the saved products with their record ids", () => {
    const state = run([
      { type: "load-started" },
      {
        type: "loaded",
        records: [
          { id: 7, productId: 70 },
          { id: 8, productId: 80 },
        ],
      },
    ]);
    expect(state.status).toBe("ready");
    expect(saved(state)).toEqual({ 70: 7, 80: 8 });
  });

  it("shows an addition at once and keeps the record id the API gives", () => {
    const adding = run([{ type: "add-started", productId: 5 }]);
    expect(adding.saved.has(5)).toBe(true);
    expect(adding.pending.has(5)).toBe(true);
    const added = wishlistReducer(adding, { type: "add-done", productId: 5, recordId: 50 });
    expect(saved(added)).toEqual({ 5: 50 });
    expect(added.pending.size).toBe(0);
  });

  it("rolls a refused addition back", () => {
    const state = run([
      { type: "add-started", productId: 5 },
      { type: "add-failed", productId: 5 },
    ]);
    expect(state.saved.has(5)).toBe(false);
    expect(state.pending.size).toBe(0);
  });

  it("shows a removal at once and puts the product back when it is refused", () => {
    const loaded = run([{ type: "loaded", records: [{ id: 7, productId: 70 }] }]);
    const removing = wishlistReducer(loaded, { type: "remove-started", productId: 70 });
    expect(removing.saved.has(70)).toBe(false);
    expect(saved(wishlistReducer(removing, { type: "remove-done", productId: 70 }))).toEqual({});
    expect(saved(wishlistReducer(removing, { type: "remove-failed", productId: 70, recordId: 7 }))).toEqual({
      70: 7,
    });
  });

  it("keeps changes on their way when the list arrives after them", () => {
    const state = run([
      { type: "load-started" },
      { type: "add-started", productId: 1 },
      { type: "loaded", records: [{ id: 9, productId: 2 }] },
    ]);
    expect(saved(state)).toEqual({ 1: null, 2: 9 });
    const removed = run([
      { type: "remove-started", productId: 2 },
      { type: "loaded", records: [{ id: 9, productId: 2 }] },
    ]);
    expect(removed.saved.has(2)).toBe(false);
  });

  it("forgets everything on sign-out", () => {
    const state = run([{ type: "loaded", records: [{ id: 7, productId: 70 }] }, { type: "reset" }]);
    expect(state).toEqual(EMPTY_WISHLIST);
  });
});
