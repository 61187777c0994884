import type { Locale } from "../platform/locale.ts";

/** The language a new or reset cart starts in (spec §9). */
export const CART_DEFAULT_LANGUAGE: Locale = "en";

/** The error of spec §5 when a quantity of zero or less is added or set. */
export const CART_QUANTITY_ERROR = "cartQuantity can't be zero or less than zero";

/** The most lines a saved cart keeps (docs/decisions/015-saved-cart.md). */
export const SAVED_CART_LIMIT = 100;
/** The most of one line a cart holds. */
export const SAVED_CART_MAX_QUANTITY = 999;
