/** Pages that show the shopper's own account; their data depends on a fresh session check. */
export const ACCOUNT_PATHS = [
  "/profile",
  "/addresses",
  "/change-password",
  "/verify-email",
  "/logout",
  "/checkout",
  "/wishlist",
] as const;

function under(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATHS.some((base) => under(pathname, base));
}

/** Spec §2: the login view offers guest checkout only on a checkout route. */
export function isCheckoutPath(pathname: string): boolean {
  return under(pathname, "/checkout");
}

/** The same page with `param=value` added, for telling a page what a plain form post led to. */
export function withParam(path: string, param: string, value: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set(param, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Set by the login action when a plain (script-less) form post failed; the login view shows it. */
export const LOGIN_ERROR_PARAM = "login-error";

/**
 * Remembers, for the verification link, the checkout a shopper registered from: the link may open
 * in another tab, so the page it lands on reads this cookie (httpOnly, a day long) to lead back to
 * that checkout, whose cart is still in the browser.
 */
export const VERIFY_RETURN_COOKIE = "verify-return";
export const VERIFY_RETURN_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The checkout to go back to after verifying, from a posted or stored value; null for any other page. */
export function verifyReturnOf(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, "http://shop.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://shop.invalid" || !isCheckoutPath(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}
