/**
 * What a cart form of a page without scripts did, said on the page it returns to (decision 047):
 * the search parameter the redirect after the post carries, so a reload says it again and a
 * second post is never sent.
 */
export const CART_NOTICE_PARAM = "cart";

export const CART_NOTICES = ["added", "stock-limit", "changed", "empty", "sign-in", "failed"] as const;
export type CartNotice = (typeof CART_NOTICES)[number];

export function cartNoticeOf(value: string | null): CartNotice | null {
  return CART_NOTICES.find((notice) => notice === value) ?? null;
}
