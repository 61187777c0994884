import {
  type CartItem,
  type CartItemInput,
  type CartState,
  cartReducer,
  type ProductInfo,
  SAVED_CART_LIMIT,
  SAVED_CART_MAX_QUANTITY,
  type SavedCartLine,
  type SavedCartLineInput,
} from "@stoa/contract";
import { lineOptions } from "./cart-line.ts";

/**
 * The saved cart as the storefront's cart route answers it: the API's lines, and the option names
 * ("Large · Extra cheese") of the lines this device did not have, which the API does not carry.
 */
export type SavedCartAnswer = { items: SavedCartLine[]; options: Record<string, string[]> };

/** A line the saved cart brought down to its stock: the shopper asked for more than is left. */
export type StockNote = { asked: number; kept: number };

/** What the device sends: what was picked and how many, never a price (decision 015). */
export function savedLinesOf(items: readonly CartItem[]): SavedCartLineInput[] {
  // The saved cart keeps the most recently added lines when there are more than it holds.
  return items.slice(-SAVED_CART_LIMIT).map(({ productId, variationId, addOns, quantity }) => ({
    productId,
    ...(variationId === undefined ? {} : { variationId }),
    ...(addOns && Object.keys(addOns).length > 0 ? { addOns } : {}),
    quantity: Math.min(quantity, SAVED_CART_MAX_QUANTITY),
  }));
}

/** The lines and their quantities, to tell whether the cart changed since it was last in step. */
export function cartSignature(items: readonly CartItem[]): string {
  return items.map((item) => `${item.id}*${item.quantity}`).join("|");
}

/** The variation's title and the picked add-ons of a saved line, named from its product. */
export function savedLineOptions(
  product: Pick<ProductInfo, "variations" | "addOnGroups">,
  line: Pick<SavedCartLine, "variationId" | "addOns">,
) {
  const variation = product.variations.find((v) => v.id === line.variationId) ?? null;
  return lineOptions(variation, product.addOnGroups, line.addOns ?? {});
}

/** Whether a saved line's options need naming: it has a variation or picked add-ons. */
export function hasOptions(line: Pick<SavedCartLine, "variationId" | "addOns">): boolean {
  return line.variationId !== undefined || Object.keys(line.addOns ?? {}).length > 0;
}

/**
 * The device's cart rebuilt from the saved cart, through the cart reducer: today's names, images,
 * prices and stock; the options of the device's own line, or those the answer names. A line the
 * shop can no longer sell stays with no stock, so the drawer says so instead of it vanishing; a
 * line brought down to its stock gets a note saying from how many.
 */
export function cartFromSaved(
  current: CartState,
  saved: SavedCartAnswer,
  currency: string,
): { cart: CartState; notes: Map<string, StockNote> } {
  const before = new Map(current.items.map((item) => [item.id, item]));
  const notes = new Map<string, StockNote>();
  let cart = cartReducer(current, { type: "RESET_CART" });
  for (const line of saved.items) {
    const known = before.get(line.id);
    const options = known?.options ?? saved.options[line.id] ?? [];
    const available = line.isAvailable && line.stock > 0;
    const item: CartItemInput = {
      id: line.id,
      productId: line.productId,
      ...(line.variationId === undefined ? {} : { variationId: line.variationId }),
      ...(line.addOns ? { addOns: line.addOns } : {}),
      name: line.name,
      ...(options.length > 0 ? { options } : {}),
      ...(known?.slug ? { slug: known.slug } : {}),
      image: line.image,
      price: line.price,
      currency,
      isDigital: line.isDigital,
      // The reducer adds nothing beyond stock: an unsellable line goes in whole, then loses its stock.
      stock: available ? line.stock : line.quantity,
    };
    cart = cartReducer(cart, { type: "ADD_ITEM_WITH_QUANTITY", item, quantity: line.quantity });
    if (!available) cart = cartReducer(cart, { type: "UPDATE_ITEM", id: line.id, item: { stock: 0 } });
    else if (known && line.quantity < known.quantity && line.quantity === line.stock)
      notes.set(line.id, { asked: known.quantity, kept: line.quantity });
  }
  return { cart, notes };
}

/** Where the device's cart was last in step with the saved cart, kept beside the cart. */
export const CART_SYNCED_KEY = "stoa-cart-synced";

/** Whose saved cart the device's cart was last in step with, and the cart's lines then. */
export type SyncedMark = { userId: number; lines: string };

export function parseSyncedMark(text: string | null): SyncedMark | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SyncedMark>;
    return typeof value.userId === "number" && typeof value.lines === "string"
      ? { userId: value.userId, lines: value.lines }
      : null;
  } catch {
    return null;
  }
}

/**
 * How a device meets the saved cart: `merge` at sign-in (decision 015); `pull` on a page opened
 * while signed in with a cart still as it was last saved, so changes made on another device show;
 * `push` when this device changed its cart since (a save that failed or never left), since the
 * device's cart is the truth while signed in.
 */
export type SyncStep = "merge" | "pull" | "push";

export function stepOnPageLoad(mark: SyncedMark | null, userId: number, cart: CartState): SyncStep {
  // No mark for this customer: they signed in without this page seeing it (a plain form post).
  if (mark?.userId !== userId) return "merge";
  return mark.lines === cartSignature(cart.items) ? "pull" : "push";
}
