import { z } from "zod";
import { CATEGORY_LAYOUTS } from "../catalogue/constants.ts";
import { localizationsSchema } from "../catalogue/schemas.ts";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/*
 * The shop's categories as staff keep them (issue 33): a tree per shop, named per language, in the
 * order staff set, shown or hidden, offered or not, and each with the listing layout its page uses
 * (none: the shop's own). The slug is made from the English name once, when the category is made,
 * so links shoppers keep go on working when it is renamed. Edits carry the category's version
 * (decision 058).
 */

/** The longest category name, per language. */
export const CATEGORY_NAME_MAX = 80;

const nameSchema = z.string().trim().max(CATEGORY_NAME_MAX, FIELD_ERROR_KEYS.tooLong);

/** What staff type for a category: its names (English at least), parent, flags and layout. */
export const staffCategoryFormSchema = z.object({
  nameLocalizations: z.object({
    en: nameSchema.min(1, FIELD_ERROR_KEYS.required),
    ar: nameSchema.optional(),
    he: nameSchema.optional(),
  }),
  /** The category it sits under; null at the top. */
  parentId: z.number().int().positive().nullable(),
  /** Shown in the shop's menus and listings; a hidden category hides its subcategories too. */
  isShow: z.boolean(),
  /** Offered for sale: the storefront's "available" filter of categories. */
  isAvailable: z.boolean(),
  /** The listing layout of its page; null for the shop's own. */
  layout: z.enum(CATEGORY_LAYOUTS).nullable(),
});
export type StaffCategoryForm = z.infer<typeof staffCategoryFormSchema>;

/** A category as the console shows it. */
export const staffCategorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  slug: z.string(),
  nameLocalizations: localizationsSchema,
  sort: z.number().int(),
  isShow: z.boolean(),
  isAvailable: z.boolean(),
  layout: z.enum(CATEGORY_LAYOUTS).nullable(),
  /** Its last change, to the millisecond: what an edit is made from. */
  version: z.string(),
});
export type StaffCategory = z.infer<typeof staffCategorySchema>;

/** The shop's categories, parents before their children, each level in the shop's order. */
export const staffCategoryListSchema = z.object({ categories: z.array(staffCategorySchema) });
export type StaffCategoryList = z.infer<typeof staffCategoryListSchema>;

export const staffCategoryUpdateBodySchema = staffCategoryFormSchema.extend({
  categoryId: z.number().int().positive(),
  version: z.string().min(1).max(40),
});
export type StaffCategoryUpdateBody = z.infer<typeof staffCategoryUpdateBodySchema>;

export const CATEGORY_MOVES = ["up", "down"] as const;
export const staffCategoryMoveBodySchema = z.object({
  categoryId: z.number().int().positive(),
  version: z.string().min(1).max(40),
  /** One place earlier or later among its siblings. */
  direction: z.enum(CATEGORY_MOVES),
});
export type StaffCategoryMoveBody = z.infer<typeof staffCategoryMoveBodySchema>;

/** The console's category calls (managers and owners: the `catalogue` permission). */
export const staffCategoryEndpoints = {
  staffCategoryList: {
    method: "post",
    path: "/api/staff/categories/list",
    summary: "The shop's categories, shown and hidden, parents first, each level in the shop's order",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    data: staffCategoryListSchema,
  },
  staffCategoryCreate: {
    method: "post",
    path: "/api/staff/categories/create",
    summary:
      "Make a category, last among its siblings; its slug is made from its English name, unique in the shop",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffCategoryFormSchema,
    data: staffCategorySchema,
  },
  staffCategoryUpdate: {
    method: "post",
    path: "/api/staff/categories/update",
    summary:
      "Rename, move under another parent, show or hide, offer or not, and set the layout of a category, from the version read",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffCategoryUpdateBodySchema,
    data: staffCategorySchema,
  },
  staffCategoryMove: {
    method: "post",
    path: "/api/staff/categories/move",
    summary: "Move a category one place earlier or later among its siblings, from the version read",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffCategoryMoveBodySchema,
    data: staffCategoryListSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
