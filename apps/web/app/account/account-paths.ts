/** Pages that show the shopper's own account; their data depends on a fresh session check. */
export const ACCOUNT_PATHS = [
  "/profile",
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
