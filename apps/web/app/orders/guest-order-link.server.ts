import { readCookie } from "../platform/session/cookies.ts";

/**
 * The order a guest has just placed and the token of its link (decision 018: the confirmation
 * email's `/orders/<id>?token=<t>`), kept for the guest's own browser so the page checkout lands on
 * can open the order and link to it even once the guest session is gone. The token stays out of the
 * `/order-received` address (history, tracking, what is shared) and out of page scripts: httpOnly,
 * this origin only, a day long, as the session it was placed in. `Path=/` because the page's data
 * is fetched from `/order-received.data`, which a `Path=/order-received` cookie would not reach.
 */
export const GUEST_ORDER_COOKIE = "stoa-guest-order";
export const GUEST_ORDER_COOKIE_MAX_AGE_SECONDS = 86_400;

/** A guest order link's token: base64url, as long as the API makes them (contract: 20–128). */
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

export function guestOrderCookie(orderId: number, token: string, { secure }: { secure: boolean }): string {
  const parts = [
    `${GUEST_ORDER_COOKIE}=${orderId}.${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${GUEST_ORDER_COOKIE_MAX_AGE_SECONDS}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedGuestOrderCookie({ secure }: { secure: boolean }): string {
  const parts = [`${GUEST_ORDER_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The token this browser keeps for the order, or null when it keeps none for that order. */
export function guestOrderTokenFor(cookieHeader: string | null, orderId: number): string | null {
  const value = readCookie(cookieHeader, GUEST_ORDER_COOKIE) ?? "";
  const dot = value.indexOf(".");
  if (dot < 0 || value.slice(0, dot) !== String(orderId)) return null;
  const token = value.slice(dot + 1);
  return TOKEN.test(token) ? token : null;
}

/** Where a placed order is seen: its page, with the link's token when the order is a guest's. */
export function orderHref(orderId: number, token: string | null): string {
  return token === null ? `/orders/${orderId}` : `/orders/${orderId}?${new URLSearchParams({ token })}`;
}
