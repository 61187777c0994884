import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { LOCALES } from "../platform/locale.ts";

const text = (max: number) => z.string().trim().max(max, FIELD_ERROR_KEYS.tooLong);
/** One text per language the shop speaks; a language left empty falls back to another. */
const perLanguage = (max: number) =>
  z.object(Object.fromEntries(LOCALES.map((l) => [l, text(max).default("")]))) as z.ZodObject<
    Record<(typeof LOCALES)[number], z.ZodDefault<z.ZodString>>
  >;

/** The shop's own settings as its staff edit them (payment providers and staff accounts apart). */
export const shopSettingsFormSchema = z
  .object({
    name: perLanguage(80),
    tagline: perLanguage(160),
    /** The name a page title falls back to where the shop has no English name. */
    siteTitle: text(80).min(1, FIELD_ERROR_KEYS.required),
    /** What search engines and shared links say of the shop, per language (pages in that language). */
    metaDescription: perLanguage(300),
    guestCheckout: z.boolean(),
    /** How many orders one shopper may leave unpaid at once (decision 033). */
    unpaidOrderLimit: z.number().int().min(0, FIELD_ERROR_KEYS.tooSmall).max(100, FIELD_ERROR_KEYS.tooLarge),
    /** The calling code phone fields start with (digits, no "+"); null: shoppers type it. */
    phoneCountryCode: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, FIELD_ERROR_KEYS.invalid)
      .nullable(),
  })
  .refine((settings) => LOCALES.some((locale) => settings.name[locale]), {
    path: ["name", "en"],
    message: FIELD_ERROR_KEYS.required,
  });
export type ShopSettingsForm = z.infer<typeof shopSettingsFormSchema>;

/** What only the owner sets: the largest refund a member with the staff role may give (minor units). */
export const staffRefundLimitSchema = z.object({
  staffRefundLimit: z.number().int().min(0, FIELD_ERROR_KEYS.tooSmall).max(100_000_000).nullable(),
});

export const staffShopSettingsSchema = z.object({
  settings: z.object({
    name: z.record(z.string(), z.string()),
    tagline: z.record(z.string(), z.string()),
    siteTitle: z.string(),
    metaDescription: z.record(z.string(), z.string()),
    guestCheckout: z.boolean(),
    unpaidOrderLimit: z.number().int(),
    phoneCountryCode: z.string().nullable(),
  }),
  staffRefundLimit: z.number().int().nullable(),
  currency: z.string(),
});
export type StaffShopSettings = z.infer<typeof staffShopSettingsSchema>;
