/**
 * Constants and limits of spec §9 that belong to no domain folder yet, shared by the store API and the
 * storefront. A domain's own constants live in its folder; the referral ones here move there with
 * that domain's first schema.
 */
export const REFERRAL_LIST_LIMIT = 1000;

export const REFERRAL_COOKIE_MAX_AGE_SECONDS = 86_400;

export const REQUEST_TIMEOUT_MS = 5_000_000;
export const TOAST_AUTO_CLOSE_MS = 2000;

export const OG_IMAGE_WIDTH = 800;
export const OG_IMAGE_HEIGHT = 600;
/**
 * The spec's viewport says maximum scale 1, which stops shoppers zooming in on a phone (WCAG 1.4.4):
 * the storefront allows five times instead, and keeps inputs at 16 px on phones so no browser zooms
 * on focus, the usual reason for the lock (docs/decisions/027-zoom.md).
 */
export const VIEWPORT_MAXIMUM_SCALE = 5;

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

/** HTTP headers every store call carries (spec §7). */
export const STORE_DOMAIN_HEADER = "store-domain";
export const LOCALE_HEADER = "locale";
export const REQUEST_ID_HEADER = "x-request-id";

/** The largest row id: ids are PostgreSQL integers (int4), and no wire id may be larger. */
export const MAX_ID = 2_147_483_647;
