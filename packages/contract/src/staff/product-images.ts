import { z } from "zod";
import { localizationsSchema } from "../catalogue/schemas.ts";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { LOCALES } from "../platform/locale.ts";

/*
 * A product's pictures as staff keep them (issue 33): uploaded from the computer or the phone's
 * camera, read and resized by the API, kept in the shop's media storage, ordered (the first is the
 * product's main picture), each with its alt text per language. Edits carry the product's version
 * (decision 058): of two staff changing one product's pictures, the later is told, never lost.
 */

/** The most pictures a product keeps: a gallery, not an album. */
export const PRODUCT_IMAGES_MAX = 10;
/** The largest picture taken before it is resized: a phone camera's photo fits. */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side of a product picture as kept, in pixels: twice a wide product page's picture. */
export const PRODUCT_IMAGE_MAX_SIDE = 1600;
/** What a picture may be sent as (SVG is not taken: it may carry scripts); HEIC is not read. */
export const PRODUCT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
/** The longest alt text, per language. */
export const PRODUCT_IMAGE_ALT_MAX = 200;

const versionSchema = z.string().min(1).max(40);
const altSchema = z.partialRecord(
  z.enum(LOCALES),
  z.string().trim().max(PRODUCT_IMAGE_ALT_MAX, FIELD_ERROR_KEYS.tooLong),
);

/** One of a product's pictures as the console shows it. */
export const staffProductImageSchema = z.object({
  url: z.string(),
  /** Size as kept; null for pictures the shop did not upload here (the demo's, an import's). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  altLocalizations: localizationsSchema,
});
export type StaffProductImage = z.infer<typeof staffProductImageSchema>;

/** A product's pictures, first the main one, with the product's name and version. */
export const staffProductImagesSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  nameLocalizations: localizationsSchema,
  images: z.array(staffProductImageSchema),
  /** The product's version (its last change, to the millisecond): what an edit is made from. */
  version: z.string(),
});
export type StaffProductImages = z.infer<typeof staffProductImagesSchema>;

export const staffProductImagesBodySchema = z.object({ productId: z.number().int().positive() });

/** A new picture, base64, with the type the browser named: checked again by reading it. */
export const staffAddProductImageBodySchema = z.object({
  productId: z.number().int().positive(),
  version: versionSchema,
  image: z
    .string()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(Math.ceil(PRODUCT_IMAGE_MAX_BYTES / 3) * 4, FIELD_ERROR_KEYS.imageTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, FIELD_ERROR_KEYS.imageNotPicture),
  contentType: z.enum(PRODUCT_IMAGE_TYPES, { message: FIELD_ERROR_KEYS.imageNotPicture }),
  altLocalizations: altSchema.default({}),
});
export type StaffAddProductImageBody = z.input<typeof staffAddProductImageBodySchema>;

/**
 * The product's pictures as they are to be, in order: only pictures it has now (by address), so
 * one call removes, reorders, picks the main picture and changes alt texts.
 */
export const staffUpdateProductImagesBodySchema = z.object({
  productId: z.number().int().positive(),
  version: versionSchema,
  images: z
    .array(z.object({ url: z.string().min(1).max(500), altLocalizations: altSchema }))
    .max(PRODUCT_IMAGES_MAX, FIELD_ERROR_KEYS.imagesTooMany),
});
export type StaffUpdateProductImagesBody = z.input<typeof staffUpdateProductImagesBodySchema>;

/** The console's product picture calls (managers and owners: the `catalogue` permission). */
export const staffProductImageEndpoints = {
  staffProductImages: {
    method: "post",
    path: "/api/staff/products/images/detail",
    summary: "A product's pictures in order (the first is its main picture), its name and version",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffProductImagesBodySchema,
    data: staffProductImagesSchema,
  },
  staffAddProductImage: {
    method: "post",
    path: "/api/staff/products/images/add",
    summary: `Add a picture to a product (PNG, JPEG, WebP or GIF up to ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB, base64; at most ${PRODUCT_IMAGES_MAX} a product): read, stripped of its metadata, resized to at most ${PRODUCT_IMAGE_MAX_SIDE} px and kept as WebP; shown on the storefront at once`,
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    /** The picture's bytes come in the body: more than the store calls' usual limit. */
    maxBodyBytes: Math.ceil(PRODUCT_IMAGE_MAX_BYTES / 3) * 4 + 8192,
    body: staffAddProductImageBodySchema,
    data: staffProductImagesSchema,
  },
  staffUpdateProductImages: {
    method: "post",
    path: "/api/staff/products/images/update",
    summary:
      "Set a product's pictures from those it has: their order (the first is the main one), which stay, and their alt texts",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffUpdateProductImagesBodySchema,
    data: staffProductImagesSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
