import { INFO_PAGES, REFERRAL_LINK_PARAM } from "@stoa/contract";
import { TABLE_COOKIE, TABLE_PARAM } from "../app/dine-in/table.ts";
import { acceptedLocales, LOCALE_COOKIE } from "../app/platform/i18n/locale.ts";
import { AUTH_COOKIE } from "../app/platform/session/auth-cookie.server.ts";
import { readCookie } from "../app/platform/session/cookies.ts";

/**
 * The pages that look the same to every shopper who is not signed in: home, product lists, product
 * pages, search, the menus and the flyer, the offers (the coupons the shop advertises to everyone),
 * the parts of home and product pages the browser asks for when the shopper scrolls near them
 * (decision 031), and the shop's information pages. Cart,
 * checkout, account, orders and wishlist pages are never among them, whoever asks.
 *
 * The contact page is among them: its form is empty for everyone without a session, and a
 * signed-in shopper, whose name and email it fills in, carries the session cookie and is never
 * served a shared page. Its form posts, which are never shared.
 */
const SHARED_PATHS = [
  /^\/$/,
  /^\/home\/rails\/?$/,
  /^\/products\/?$/,
  /^\/products\/[^/]+\/?$/,
  /^\/products\/[^/]+\/related\/?$/,
  /^\/search\/?$/,
  /^\/menu\/?$/,
  /^\/instoremenu\/?$/,
  /^\/instoreflyer\/?$/,
  /^\/offers\/?$/,
  new RegExp(`^\\/(${INFO_PAGES.join("|")})\\/?$`),
];

/**
 * Client navigations ask a page's data at `<path>.data` (the home's at `/_root.data`): the same
 * loaders, so the same rule.
 */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

export function isSharedPath(pathname: string): boolean {
  const path = pagePathOf(pathname);
  return SHARED_PATHS.some((pattern) => pattern.test(path));
}

export type PageRequest = {
  method: string;
  url: URL;
  cookies: string | undefined | null;
};

/**
 * A request may get the shared page when it only reads (GET, HEAD), asks for a shared path, and
 * comes without a session (no token cookie, whatever its value) and without a dine-in table (a
 * table changes the shell, and one in the address is remembered with a cookie), nor a share link.
 */
export function mayShare({ method, url, cookies }: PageRequest): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!isSharedPath(url.pathname)) return false;
  if (hasCookie(cookies, AUTH_COOKIE)) return false;
  if (hasCookie(cookies, TABLE_COOKIE) || url.searchParams.has(TABLE_PARAM)) return false;
  // A share link's page sets the referral cookie: a shared copy would set nothing.
  if (url.searchParams.has(REFERRAL_LINK_PARAM)) return false;
  return true;
}

/** Present at all, even with a value that does not decode: such a request is not judged further. */
function hasCookie(header: string | undefined | null, name: string): boolean {
  if (!header) return false;
  return header.split(";").some((part) => part.split("=", 1)[0]?.trim() === name);
}

/**
 * What a shared page is rendered from besides the store: its full address (scheme, host, port,
 * path and query, which the page's links and metadata use) and what picks its language, the
 * shopper's `lang` cookie and the languages their browser accepts, in order. The language is not
 * reduced to one here: which one wins depends on the languages the shop offers.
 */
export function sharedPageKey(
  storeVersion: string,
  href: string,
  cookies: string | undefined | null,
  acceptLanguage: string | undefined | null,
): string {
  const chosen = readCookie(cookies, LOCALE_COOKIE) ?? "";
  return `${storeVersion} ${href} ${chosen}|${acceptedLocales(acceptLanguage).join(",")}`;
}

/** Response headers never kept with a shared page: they are the serving request's own. */
const NOT_KEPT = new Set([
  "set-cookie",
  "cache-control",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
]);

/**
 * Whether a render may be shared: a complete 200 page that sets no cookie and that the page itself
 * did not mark private (the root loader marks every page of a session so).
 */
export function isShareable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/private|no-store/i.test(cacheControl);
}

export function keptHeaders(response: Response): Array<[string, string]> {
  return [...response.headers].filter(([name]) => !NOT_KEPT.has(name.toLowerCase()));
}

/** Pages for one shopper: no cache on the way keeps them. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * A shared page: any cache may keep it for the freshness window of the store's data and serve it
 * a while longer when it is asking for a new one (a CDN in front of several storefronts).
 */
export function sharedCacheControl(freshMs: number): string {
  const maxAge = Math.floor(freshMs / 1000);
  return `public, max-age=${maxAge}, stale-while-revalidate=${Math.max(1, maxAge * 10)}`;
}

/** The request headers a shared page depends on, for caches on the way. */
export const SHARED_VARY = "Accept-Encoding, Accept-Language, Cookie";

/** If-None-Match names this entity tag (or any): the client has these bytes. */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}
