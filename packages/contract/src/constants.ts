/** Business constants and limits of spec §9, shared by the store API and the storefront. */

export const DEFAULT_STORE_ID = 41;

export const PRODUCTS_PER_PAGE = 30;
export const HOME_SECTION_SIZE = 8;
export const WISHLIST_LIMIT = 300;
export const ORDER_PAGE_SIZE = 10;
export const REFERRAL_LIST_LIMIT = 1000;
export const SEARCH_HISTORY_SIZE = 20;
/** Largest page any list call serves; the wishlist (300) is the biggest page the storefront asks for. */
export const MAX_PAGE_SIZE = 300;
/** Deeper pages than this are refused: nobody pages that far and OFFSET scans grow with it. */
export const MAX_PAGE = 10_000;
export const MAX_KEYWORD_LENGTH = 200;
/**
 * Listing totals are counted only this many pages past the page asked (docs/decisions/011): beyond
 * that the total is "at least", which keeps counting cheap on very large catalogues.
 */
export const COUNTED_PAGES_AHEAD = 10;

/** Spec says 86400 "days" for the auth cookie; see docs/decisions/004-tokens.md for what we do with it. */
export const AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS = 86_400;
export const IN_STORE_TOKEN_MAX_AGE_SECONDS = 10 * 60;
export const REFERRAL_COOKIE_MAX_AGE_SECONDS = 86_400;

export const CURRENCY_FRACTION_DIGITS = 2;

export const LOCALES = ["en", "ar", "he"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const RTL_LOCALES: readonly Locale[] = ["ar", "he"];
export const DEFAULT_NAMESPACE = "common";
export const CART_DEFAULT_LANGUAGE: Locale = "en";

export const REQUEST_TIMEOUT_MS = 5_000_000;
export const TOAST_AUTO_CLOSE_MS = 2000;

export const OG_IMAGE_WIDTH = 800;
export const OG_IMAGE_HEIGHT = 600;
export const VIEWPORT_MAXIMUM_SCALE = 1;

export const DRAWER_SLIDE_SECONDS = 0.3;
export const DRAWER_BACKDROP_SECONDS = 0.35;

export const IMAGE_QUALITY = 75;
export const IMAGE_DEVICE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
/** Every width the optimiser will render; anything else is refused so it cannot be used to fill a cache. */
export const IMAGE_WIDTHS: readonly number[] = [...IMAGE_SIZES, ...IMAGE_DEVICE_WIDTHS];

export const LAZY_LOAD_DELAY_MS = 200;
export const LINK_PREFETCH_ROOT_MARGIN = "200px";

export const TRANSLATION_LOADING = { parallelReads: 10, retries: 5, firstWaitMs: 350 } as const;

/** Browser storage keys of spec §9. */
export const STORAGE_KEYS = {
  cart: "stoa-cart",
  refcode: "stoa-refcode",
  searchHistory: "stoa-search-history",
  authToken: "stoa-auth-token",
  inStoreCustomer: "stoa-in-store-customer",
  newsletter: "stoa-newsletter",
  checkout: "stoa-checkout",
  wishlist: "stoa-wishlist",
  nav: "stoa-nav",
  emailVerified: "stoa-email-verified",
  userInfo: "stoa-user-info",
  recentlyViewed: "stoa-recently-viewed",
} as const;

export const SORT_DEFAULTS = {
  weeklyDeals: { sortField: "createTime", sortType: "desc" },
  bestSellers: { sortField: "salesVolume", sortType: "desc" },
} as const;

/** HTTP headers every store call carries (spec §7). */
export const STORE_DOMAIN_HEADER = "store-domain";
export const LOCALE_HEADER = "locale";
export const REQUEST_ID_HEADER = "x-request-id";
