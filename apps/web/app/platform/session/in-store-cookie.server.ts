import { IN_STORE_TOKEN_MAX_AGE_SECONDS, STORAGE_KEYS } from "@stoa/contract";
import { readCookie } from "./cookies.ts";

/*
 * The diner's in-store token (spec §6 "a separate short-lived token", storage key "in-store
 * customer"): httpOnly, so no page script reads it, and sent only with the table calls
 * (`inStore` in the contract). The API keeps it alive while the diner uses it and ends it when the
 * tab is paid; the cookie outlives a single lifetime so a renewed token keeps working.
 */
export const IN_STORE_COOKIE = STORAGE_KEYS.inStoreCustomer;

/** A dinner lasts hours: the cookie stays this long, the API decides whether its token still works. */
const COOKIE_SECONDS = 6 * 60 * 60;
/** Opaque tokens are base64url (decision 004). */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

export function inStoreCookie(token: string, { secure }: { secure: boolean }): string {
  const parts = [
    `${IN_STORE_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.max(COOKIE_SECONDS, IN_STORE_TOKEN_MAX_AGE_SECONDS)}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedInStoreCookie({ secure }: { secure: boolean }): string {
  const parts = [`${IN_STORE_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The in-store token a request carries, or null. */
export function inStoreTokenOf(request: { headers: { get(name: string): string | null } }): string | null {
  const value = readCookie(request.headers.get("cookie"), IN_STORE_COOKIE);
  return value && TOKEN.test(value) ? value : null;
}
