/**
 * The cart of spec §4 as a pure reducer: the storefront runs it in a React context and persists
 * the state, the API can run it to rebuild a cart. Money is integer minor units (decision 003).
 */
import { type AddOnChoice, addOnsPrice } from "../catalogue/add-ons.ts";
import type { AddOnGroup } from "../catalogue/schemas.ts";
import { canAddOneMore } from "../catalogue/stock.ts";
import type { Locale } from "../platform/locale.ts";
import { lineTotal } from "../platform/money.ts";
import { CART_DEFAULT_LANGUAGE, CART_QUANTITY_ERROR } from "./constants.ts";
import type { CartItem, CartState } from "./schemas.ts";

/** Thrown when a quantity of zero or less is added or set (spec §5). */
export class CartQuantityError extends RangeError {
  constructor() {
    super(CART_QUANTITY_ERROR);
    this.name = "CartQuantityError";
  }
}

/** What identifies a line: the same product with another variation or other add-ons is another line. */
export type CartLineKey = {
  productId: number;
  variationId?: number | undefined;
  addOns?: AddOnChoice | undefined;
};

/**
 * The line id: product, variation and the picked add-ons sorted by group and item, so the order the
 * shopper picked them in does not split one line into two. Empty groups do not count.
 */
export function cartLineId({ productId, variationId, addOns }: CartLineKey): string {
  const picks = Object.entries(addOns ?? {})
    .flatMap(([group, items]) => items.map((item) => `${group}=${item}`))
    .sort();
  return [String(productId), variationId === undefined ? "" : String(variationId), picks.join(",")].join(":");
}

/** A line's unit price: the product's or variation's price plus the picked add-ons (catalogue rule). */
export function cartLinePrice(
  basePrice: number,
  groups: readonly AddOnGroup[] = [],
  addOns: AddOnChoice = {},
): number {
  return basePrice + addOnsPrice(groups, addOns);
}

/** A line as the storefront hands it in: `id` and `itemTotal` are derived here. */
export type CartItemInput = Omit<CartItem, "id" | "itemTotal" | "quantity"> & {
  id?: string;
  quantity?: number;
};

export type CartAction =
  | { type: "ADD_ITEMS_WITH_QUANTITY"; items: readonly CartItemInput[] }
  | { type: "ADD_ITEM_WITH_QUANTITY"; item: CartItemInput; quantity: number }
  | { type: "SET_ITEM_QUANTITY"; id: string; quantity: number }
  | { type: "REMOVE_ITEM_OR_QUANTITY"; id: string; quantity?: number }
  | { type: "REMOVE_ITEM"; id: string }
  | { type: "UPDATE_ITEM"; id: string; item: Partial<Omit<CartItem, "id" | "itemTotal">> }
  | { type: "CHANGE_LANGUAGE"; language: Locale }
  | { type: "RENAME_ITEMS"; language: Locale; names: Readonly<Record<string, LineNames>> }
  | { type: "RESET_CART" };

/** A line's name and the names of its options ("Large · Extra cheese"), in one language. */
export type LineNames = { name: string; options: readonly string[] };

// ── Helpers and selectors ──────────────────────────────────────────────────

/** `price × quantity`, minor units. */
export function itemTotal(item: Pick<CartItem, "price" | "quantity">): number {
  return lineTotal(item.price, item.quantity);
}

/** A line is in stock while its quantity is below its stock: one more can still be added. */
export function inStock(item: Pick<CartItem, "quantity" | "stock">): boolean {
  return canAddOneMore(item.quantity, item.stock);
}

export function cartIsEmpty(items: readonly CartItem[]): boolean {
  return items.length === 0;
}

export function cartTotalItems(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function cartTotalUniqueItems(items: readonly CartItem[]): number {
  return items.length;
}

export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + itemTotal(item), 0);
}

export function getCartItem(state: CartState, id: string): CartItem | undefined {
  return state.items.find((item) => item.id === id);
}

export function emptyCart(language: Locale = CART_DEFAULT_LANGUAGE): CartState {
  return { items: [], isEmpty: true, totalItems: 0, totalUniqueItems: 0, total: 0, meta: null, language };
}

// ── Reducer ────────────────────────────────────────────────────────────────

function assertQuantity(quantity: number): void {
  if (!(quantity > 0)) throw new CartQuantityError();
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be whole, got ${quantity}`);
}

/**
 * Stock clamp: a line never asks for more than its stock. An add or set beyond stock leaves the line
 * at exactly `stock` (the part that does not fit is dropped, without an error, so a double click
 * cannot break the cart; the stepper shows the limit through `inStock`). A product with no stock
 * left is not added, and an existing line re-added with a stock of 0 leaves the cart.
 */
function clamp(quantity: number, stock: number): number {
  return Math.min(quantity, Math.max(stock, 0));
}

function withTotals(item: Omit<CartItem, "itemTotal">): CartItem {
  return { ...item, itemTotal: itemTotal(item) };
}

function withState(state: CartState, items: CartItem[]): CartState {
  return {
    ...state,
    items,
    isEmpty: cartIsEmpty(items),
    totalItems: cartTotalItems(items),
    totalUniqueItems: cartTotalUniqueItems(items),
    total: cartTotal(items),
  };
}

function addOne(items: CartItem[], input: CartItemInput, quantity: number): CartItem[] {
  assertQuantity(quantity);
  const id = input.id ?? cartLineId(input);
  const existing = items.find((item) => item.id === id);
  if (existing) {
    // The incoming line carries the newest price and stock; the quantities add up, clamped to stock.
    const next = clamp(existing.quantity + quantity, input.stock);
    return items
      .map((item) => (item.id === id ? withTotals({ ...item, ...input, id, quantity: next }) : item))
      .filter((item) => item.quantity > 0);
  }
  const next = clamp(quantity, input.stock);
  if (next <= 0) return items;
  return [...items, withTotals({ ...input, id, quantity: next })];
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "ADD_ITEMS_WITH_QUANTITY": {
      let items = state.items;
      for (const input of action.items) items = addOne(items, input, input.quantity ?? 1);
      return withState(state, items);
    }
    case "ADD_ITEM_WITH_QUANTITY":
      return withState(state, addOne(state.items, action.item, action.quantity));
    case "SET_ITEM_QUANTITY": {
      assertQuantity(action.quantity);
      const items = state.items.map((item) =>
        item.id === action.id ? withTotals({ ...item, quantity: clamp(action.quantity, item.stock) }) : item,
      );
      return withState(
        state,
        items.filter((item) => item.quantity > 0),
      );
    }
    case "REMOVE_ITEM_OR_QUANTITY": {
      const by = action.quantity ?? 1;
      const items = state.items
        .map((item) => (item.id === action.id ? withTotals({ ...item, quantity: item.quantity - by }) : item))
        .filter((item) => item.quantity > 0);
      return withState(state, items);
    }
    case "REMOVE_ITEM":
      return withState(
        state,
        state.items.filter((item) => item.id !== action.id),
      );
    case "UPDATE_ITEM": {
      const items = state.items
        .map((item) => (item.id === action.id ? withTotals({ ...item, ...action.item, id: item.id }) : item))
        .filter((item) => item.quantity > 0);
      return withState(state, items);
    }
    case "CHANGE_LANGUAGE":
      return emptyCart(action.language);
    // The shop's words for the lines in another language: quantities, prices and stock stay; a
    // line the names leave out (gone from the catalogue, added meanwhile) keeps the ones it had.
    case "RENAME_ITEMS": {
      const items = state.items.map((item) => {
        const names = action.names[item.id];
        if (!names) return item;
        const { options: _old, ...rest } = item;
        return {
          ...rest,
          name: names.name,
          ...(names.options.length > 0 ? { options: [...names.options] } : {}),
        };
      });
      return { ...withState(state, items), language: action.language };
    }
    // Reset empties the cart but keeps the shopper's language (after an order, say).
    case "RESET_CART":
      return emptyCart(state.language);
  }
}
