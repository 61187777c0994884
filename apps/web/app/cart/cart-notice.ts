/**
 * What a cart form of a page without scripts did, said on the page it returns to (decision 047):
 * the search parameter the redirect after the post carries, so a reload says it again and a
 * second post is never sent.
 */
export const CART_NOTICE_PARAM = "cart";

/**
 * How many items the saved cart holds after the form's change, carried by the same redirect: the
 * header's count of a page without scripts reads it, as it has no device cart to count.
 */
export const CART_ITEMS_PARAM = "cartItems";

/** The saved cart's count a redirect carried, or null when none (or nonsense) came. */
export function cartItemsOf(value: string | null): number | null {
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}

export const CART_NOTICES = [
  "added",
  "stock-limit",
  "changed",
  "empty",
  "sign-in",
  "choose",
  "failed",
] as const;
export type CartNotice = (typeof CART_NOTICES)[number];

export function cartNoticeOf(value: string | null): CartNotice | null {
  return CART_NOTICES.find((notice) => notice === value) ?? null;
}
