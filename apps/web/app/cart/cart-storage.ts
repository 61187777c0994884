import { type CartState, cartStateSchema, emptyCart, STORAGE_KEYS } from "@stoa/contract";
import { readStorage } from "../platform/browser-storage.ts";

/** The stored cart, or null when there is none or it is not a cart this version understands. */
export function parseStoredCart(text: string | null): CartState | null {
  if (!text) return null;
  try {
    const parsed = cartStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
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
