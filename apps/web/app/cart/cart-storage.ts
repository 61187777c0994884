import { asCartState, type CartState, emptyCart, STORAGE_KEYS } from "@stoa/contract";
import { readStorage } from "../platform/browser-storage.ts";

/**
 * The stored cart, or null when there is none or it is not a cart this version understands. Every
 * page reads it, so it is checked with the contract's plain check of the cart schema rather than
 * with the schema itself, which would bring zod to every first load (decision 026).
 */
export function parseStoredCart(text: string | null): CartState | null {
  if (!text) return null;
  try {
    return asCartState(JSON.parse(text));
  } catch {
    return null;
  }
}

export function readStoredCart(): CartState {
  return parseStoredCart(readStorage(STORAGE_KEYS.cart)) ?? emptyCart();
}

/** Storage can be off or full; the cart then lives for this page only rather than breaking it. */
export function writeStoredCart(state: CartState): void {
  try {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(state));
  } catch {
    // Private modes and full quotas refuse writes.
  }
}
