import { z } from "zod";
import { productChangeSchema } from "../catalogue/answer-reach.ts";
import { CATEGORY_LAYOUTS } from "../catalogue/constants.ts";
import { INFO_PAGES } from "../content/constants.ts";
import { LOCALES } from "../platform/locale.ts";
import { openingHoursSchema } from "../staff/schemas.ts";

export const VERTICALS = ["grocery", "catering", "restaurant", "carparts", "furniture"] as const;
export type Vertical = (typeof VERTICALS)[number];

export const seoSchema = z.object({
  metaDescription: z.string(),
  canonicalUrl: z.string(),
  ogTitle: z.string(),
  ogDescription: z.string(),
  ogImage: z.object({ original: z.string() }),
  twitterHandle: z.string(),
  twitterCardType: z.string(),
});
export type Seo = z.infer<typeof seoSchema>;

/** Store settings of spec §3 used for page metadata and the shell. */
export const storeSettingsSchema = z.object({
  siteTitle: z.string(),
  storeInactiveLogoFileUrl: z.string(),
  seo: seoSchema,
  layoutType: z.enum(CATEGORY_LAYOUTS),
  /** Brand colour the storefront uses for buttons and links (CSS colour). */
  primaryColor: z.string(),
  currency: z.string().length(3),
  /**
   * true when the catalogue's prices already hold the tax (checkout then shows it, never adds it).
   * Read from the very setting checkout prices with, so every page's word on tax agrees with the bill.
   */
  pricesIncludeTax: z.boolean(),
  /**
   * The calling code of the shop's country (digits, no "+"), the value phone fields start with;
   * null when the shop names none and the shopper types it.
   */
  phoneCountryCode: z.string().nullable(),
  /** The store's tagline in the request's locale. */
  tagline: z.string(),
  /**
   * When the shop opens, as its staff set them in the console (shown in the footer and the shop's
   * information); null while it has set none and takes orders at any hour.
   */
  openingHours: openingHoursSchema.nullable(),
});

export const shopSettingsSchema = z.object({
  guestCheckout: z.boolean(),
  /** The shop runs referrals (issue 36): the account's "Refer a friend" and checkout's referral code. */
  referrals: z.boolean(),
});

export const globalSettingsSchema = z.object({
  storeActiveLogoFileUrl: z.string(),
  storeInActiveLogoFileUrl: z.string(),
  domain: z.string(),
  isAdminRegister: z.boolean(),
});

/** `GET /api/store/getByDomain` data. */
export const storeByDomainSchema = z.object({
  storeId: z.number().int(),
  domain: z.string(),
  vertical: z.enum(VERTICALS),
  /** JSON text by language (spec §3); the English name is the page title. */
  storeNameLocalizations: z.string(),
  languages: z.array(z.enum(LOCALES)),
  settings: storeSettingsSchema,
  shopSettings: shopSettingsSchema,
  globalSettings: globalSettingsSchema,
  /** The information pages the shop has published, in the order its footer lists them. */
  infoPages: z.array(z.enum(INFO_PAGES)),
  /** Whether the shop is one of several branches a shopper can choose between (`GET /api/store/branches`). */
  hasBranches: z.boolean(),
});
export type StoreByDomain = z.infer<typeof storeByDomainSchema>;

/**
 * What a store's pages are made from, as one opaque word: it changes whenever the store's settings
 * or its catalogue change (a product selling out or coming back included), not with other stock
 * moves. The storefront keys the HTML it shares between shoppers by it.
 */
/** `GET /api/store/version?changesAfter=N`: also the product changes after N (decision 069). */
export const storeVersionQuerySchema = z.object({ changesAfter: z.coerce.number().int().min(0).optional() });

export const storeVersionSchema = z.object({
  /** Changes with the store's settings, its categories, tags, collections and pages: everything shared drops. */
  version: z.string().min(1),
  /** Counts the statements that changed single products; what they reached drops. */
  changesSeq: z.number().int().min(0),
  /**
   * With `changesAfter` below `changesSeq`: the changes in between; null when they are too many or
   * no longer kept, and everything of the store must drop.
   */
  changes: z.array(productChangeSchema).nullable().optional(),
});
export type StoreVersion = z.infer<typeof storeVersionSchema>;
