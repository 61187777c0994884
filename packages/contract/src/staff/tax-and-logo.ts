import { z } from "zod";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/*
 * Two of the shop's settings a manager keeps (issue 32): its tax and tips, and its logo.
 */

/** The highest tax rate a shop may set: 50 %, in basis points. */
export const MAX_TAX_RATE_BP = 5000;

export const staffTaxSettingsSchema = z.object({
  /** Basis points: 725 is 7.25 %. */
  taxRateBp: z
    .number()
    .int()
    .min(0, FIELD_ERROR_KEYS.tooSmall)
    .max(MAX_TAX_RATE_BP, FIELD_ERROR_KEYS.tooLarge),
  /** true when the catalogue's prices already hold the tax: it is shown, never added. */
  pricesIncludeTax: z.boolean(),
  /** Whether the checkout offers a tip. */
  tipAllowed: z.boolean(),
});
export type StaffTaxSettings = z.infer<typeof staffTaxSettingsSchema>;

/** The largest logo picture taken, before it is resized. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The picture types a logo may be sent as (SVG is not taken: it may carry scripts). */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
/** The longest side of a logo as it is kept, in pixels. */
export const LOGO_MAX_SIDE = 512;

/** A logo's bytes, base64, with the type the browser named: checked again by reading the picture. */
export const staffLogoBodySchema = z.object({
  image: z
    .string()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, FIELD_ERROR_KEYS.logoTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, FIELD_ERROR_KEYS.logoNotImage),
  contentType: z.enum(LOGO_TYPES, { message: FIELD_ERROR_KEYS.logoNotImage }),
});
export type StaffLogoBody = z.infer<typeof staffLogoBodySchema>;

export const staffLogoSchema = z.object({
  /** The logo the storefront's header shows. */
  logoUrl: z.string(),
  /** Its size as kept, when the shop uploaded it (null for the logo the shop started with). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type StaffLogo = z.infer<typeof staffLogoSchema>;

export const taxAndLogoEndpoints = {
  staffTaxSettings: {
    method: "post",
    path: "/api/staff/settings/tax/detail",
    summary: "The shop's tax rate, whether its prices include tax, and whether it takes tips",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "settings",
    data: staffTaxSettingsSchema,
  },
  staffSetTaxSettings: {
    method: "post",
    path: "/api/staff/settings/tax/update",
    summary:
      "Set the shop's tax rate (basis points), whether prices include it, and tips; checkouts price with it within STORE_FRESH_MS",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "settings",
    body: staffTaxSettingsSchema,
    data: staffTaxSettingsSchema,
  },
  staffLogo: {
    method: "post",
    path: "/api/staff/settings/logo/detail",
    summary: "The logo the storefront's header shows",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "settings",
    data: staffLogoSchema,
  },
  staffSetLogo: {
    method: "post",
    path: "/api/staff/settings/logo/update",
    summary: `Upload the shop's logo (PNG, JPEG, WebP or GIF up to ${LOGO_MAX_BYTES / 1024 / 1024} MB, base64): resized to at most ${LOGO_MAX_SIDE} px and shown in the storefront's header`,
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "settings",
    /** The picture's bytes come in the body: more than the store calls' usual limit. */
    maxBodyBytes: Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4096,
    body: staffLogoBodySchema,
    data: staffLogoSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
