import { z } from "zod";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { LOCALES } from "../platform/locale.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import {
  PRODUCT_NAME_MAX,
  productBarcodeSchema,
  productBrandsSchema,
  productDescriptionsSchema,
  productDigitalFileSchema,
  productLabelsSchema,
  productLinkIdsSchema,
  productNamesSchema,
  productOptionKeySchema,
  productPriceSchema,
  productSkuSchema,
  productTaxRateSchema,
  productUnitSchema,
  saleBelowPrice,
} from "./product-fields.ts";
import { STAFF_STOCK_FILTERS } from "./stock.ts";

/*
 * The console's products (issue 33): the product as staff edit it, its variations and add-ons. Every
 * field's own rule is in product-fields.ts, shared with the CSV import.
 */

export const STAFF_PRODUCTS_PAGE_SIZE = 20;
/** The most variation options, values per option, variations, add-on groups and items per group. */
export const STAFF_PRODUCT_OPTIONS_MAX = 3;
export const STAFF_PRODUCT_OPTION_VALUES_MAX = 30;
export const STAFF_PRODUCT_VARIATIONS_MAX = 100;
export const STAFF_PRODUCT_ADD_ON_GROUPS_MAX = 10;
export const STAFF_PRODUCT_ADD_ON_ITEMS_MAX = 30;

/** The list's stock filter is the stock list's: all, low or sold out. */
export const STAFF_PRODUCT_STOCK_FILTERS = STAFF_STOCK_FILTERS;
export const STAFF_PRODUCT_AVAILABILITY = ["all", "available", "unavailable"] as const;
export type StaffProductAvailability = (typeof STAFF_PRODUCT_AVAILABILITY)[number];

const localizedText = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.string()])) as {
    [K in (typeof LOCALES)[number]]: z.ZodString;
  },
);

/** The fields of what was sent, whatever it was (a rule between fields may look at a body that is no object). */
const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

const productFields = z.object({
  names: productNamesSchema,
  descriptions: productDescriptionsSchema,
  brands: productBrandsSchema,
  price: productPriceSchema,
  /** Below the price, or null: no sale. */
  salePrice: productPriceSchema.nullable(),
  /** The product's own tax rate in basis points; null: the shop's. */
  taxRateBp: productTaxRateSchema,
  sku: productSkuSchema,
  barcode: productBarcodeSchema,
  unit: productUnitSchema,
  categoryIds: productLinkIdsSchema,
  tagIds: productLinkIdsSchema,
  isAvailable: z.boolean(),
  /** Offered to diners at the shop's tables: the table menu lists it (issue 34). */
  dineIn: z.boolean(),
  /** Sold as a download: `digitalFile` names the file in the shop's downloads folder. */
  isDigital: z.boolean(),
  digitalFile: productDigitalFileSchema.nullable(),
});

type ProductRulesInput = {
  price: number;
  salePrice: number | null;
  isDigital: boolean;
  digitalFile: string | null;
};

/** The rules between a product's fields: a sale is below the price; a digital product has its file. */
function withProductRules<T extends z.ZodType<ProductRulesInput>>(schema: T): T {
  return schema
    .refine((product) => saleBelowPrice(product.price, product.salePrice), {
      path: ["salePrice"],
      message: FIELD_ERROR_KEYS.saleNotBelowPrice,
      // Said beside the other fields' errors, not only once they are all right.
      when: ({ value }) => {
        const { price, salePrice } = fieldsOf(value);
        return Number.isInteger(price) && Number.isInteger(salePrice);
      },
    })
    .refine((product) => !product.isDigital || !!product.digitalFile, {
      path: ["digitalFile"],
      message: FIELD_ERROR_KEYS.digitalFileRequired,
      when: ({ value }) => fieldsOf(value).isDigital === true,
    });
}

export const staffProductFormSchema = withProductRules(productFields);
export type StaffProductForm = z.infer<typeof staffProductFormSchema>;

/** An edit names the version it was made from; a product changed since is refused (STAFF_EDIT_CONFLICT). */
export const staffProductUpdateBodySchema = withProductRules(
  productFields.extend({
    productId: z.number().int().positive(),
    version: z.string().min(1).max(40),
  }),
);
export type StaffProductUpdateBody = z.infer<typeof staffProductUpdateBodySchema>;

/** One of the shop's categories or tags, to pick from, named in the caller's language. */
export const staffProductChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type StaffProductChoice = z.infer<typeof staffProductChoiceSchema>;

/** An option a shopper picks a variation by (size, colour), with its values, named per language. */
export const staffVariationOptionSchema = z.object({
  key: productOptionKeySchema,
  names: productLabelsSchema,
  values: z
    .array(z.object({ key: productOptionKeySchema, labels: productLabelsSchema }))
    .min(1, FIELD_ERROR_KEYS.required)
    .max(STAFF_PRODUCT_OPTION_VALUES_MAX, FIELD_ERROR_KEYS.tooLarge),
});
export type StaffVariationOption = z.infer<typeof staffVariationOptionSchema>;

/**
 * A variation as staff write it: `id` null for a new one. Its stock is not written here: it moves by
 * stock adjustments only (decision 059), so an edit never undoes a sale made meanwhile.
 */
export const staffVariationFormSchema = z
  .object({
    id: z.number().int().positive().nullable(),
    sku: productSkuSchema,
    /** Option key → value key, one for each of the product's options. */
    optionValues: z.record(z.string(), z.string()),
    price: productPriceSchema,
    salePrice: productPriceSchema.nullable(),
    isAvailable: z.boolean(),
    sort: z.number(FIELD_ERROR_KEYS.invalid).int(FIELD_ERROR_KEYS.invalid).min(0).max(100_000),
  })
  .refine((variation) => saleBelowPrice(variation.price, variation.salePrice), {
    path: ["salePrice"],
    message: FIELD_ERROR_KEYS.saleNotBelowPrice,
    when: ({ value }) => {
      const { price, salePrice } = fieldsOf(value);
      return Number.isInteger(price) && Number.isInteger(salePrice);
    },
  });
export type StaffVariationForm = z.infer<typeof staffVariationFormSchema>;

/** A restaurant dish's choice group (crust, extra toppings): how many a shopper picks, each item's price. */
export const staffAddOnGroupSchema = z
  .object({
    key: productOptionKeySchema,
    names: productLabelsSchema,
    minSelect: z
      .number(FIELD_ERROR_KEYS.invalid)
      .int(FIELD_ERROR_KEYS.invalid)
      .min(0, FIELD_ERROR_KEYS.tooSmall),
    maxSelect: z
      .number(FIELD_ERROR_KEYS.invalid)
      .int(FIELD_ERROR_KEYS.invalid)
      .min(1, FIELD_ERROR_KEYS.tooSmall)
      .max(STAFF_PRODUCT_ADD_ON_ITEMS_MAX, FIELD_ERROR_KEYS.tooLarge),
    items: z
      .array(z.object({ key: productOptionKeySchema, names: productLabelsSchema, price: productPriceSchema }))
      .min(1, FIELD_ERROR_KEYS.required)
      .max(STAFF_PRODUCT_ADD_ON_ITEMS_MAX, FIELD_ERROR_KEYS.tooLarge),
  })
  .refine((group) => group.minSelect <= group.maxSelect, {
    path: ["minSelect"],
    message: FIELD_ERROR_KEYS.minAboveMaxSelect,
  })
  .refine((group) => group.minSelect <= group.items.length, {
    path: ["minSelect"],
    message: FIELD_ERROR_KEYS.tooLarge,
  });
export type StaffAddOnGroup = z.infer<typeof staffAddOnGroupSchema>;

/** Keys of a list that are not unique, as `path.index.key` field paths. */
function duplicateKeys(items: { key: string }[], path: string): string[] {
  const seen = new Set<string>();
  return items.flatMap((item, i) => {
    if (seen.has(item.key)) return [`${path}.${i}.key`];
    seen.add(item.key);
    return [];
  });
}

/**
 * A product's options, variations and add-on groups, written together from the product's version:
 * a variation left out is deleted when no order names it, else kept switched off (orders keep
 * pointing at it). Each variation has one value of every option, no two the same values.
 */
export const staffProductVariationsBodySchema = z
  .object({
    productId: z.number().int().positive(),
    version: z.string().min(1).max(40),
    options: z.array(staffVariationOptionSchema).max(STAFF_PRODUCT_OPTIONS_MAX, FIELD_ERROR_KEYS.tooLarge),
    variations: z
      .array(staffVariationFormSchema)
      .max(STAFF_PRODUCT_VARIATIONS_MAX, FIELD_ERROR_KEYS.tooLarge),
    addOnGroups: z
      .array(staffAddOnGroupSchema)
      .max(STAFF_PRODUCT_ADD_ON_GROUPS_MAX, FIELD_ERROR_KEYS.tooLarge),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string) =>
      ctx.addIssue({
        code: "custom",
        path: path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: FIELD_ERROR_KEYS.duplicate,
      });
    for (const path of duplicateKeys(body.options, "options")) issue(path);
    body.options.forEach((option, i) => {
      for (const path of duplicateKeys(option.values, `options.${i}.values`)) issue(path);
    });
    for (const path of duplicateKeys(body.addOnGroups, "addOnGroups")) issue(path);
    body.addOnGroups.forEach((group, i) => {
      for (const path of duplicateKeys(group.items, `addOnGroups.${i}.items`)) issue(path);
    });
    const skus = new Set<string>();
    const combinations = new Set<string>();
    body.variations.forEach((variation, i) => {
      if (skus.has(variation.sku.toLowerCase())) issue(`variations.${i}.sku`);
      skus.add(variation.sku.toLowerCase());
      const combination = body.options
        .map((option) => variation.optionValues[option.key] ?? "")
        .join("\u0000");
      const fits =
        Object.keys(variation.optionValues).length === body.options.length &&
        body.options.every((option) =>
          option.values.some((v) => v.key === variation.optionValues[option.key]),
        );
      if (!fits)
        ctx.addIssue({
          code: "custom",
          path: ["variations", i, "optionValues"],
          message: FIELD_ERROR_KEYS.invalid,
        });
      else if (combinations.has(combination)) issue(`variations.${i}.optionValues`);
      combinations.add(combination);
    });
  });
export type StaffProductVariationsBody = z.infer<typeof staffProductVariationsBodySchema>;

/** A variation as the console shows it: its stock (changed by adjustments only) and whether orders name it. */
export const staffVariationSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  optionValues: z.record(z.string(), z.string()),
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  stock: z.number().int(),
  isAvailable: z.boolean(),
  sort: z.number().int(),
  /** Orders name it: leaving it out of an edit switches it off instead of deleting it. */
  ordered: z.boolean(),
});
export type StaffVariation = z.infer<typeof staffVariationSchema>;

/** A product as its edit page shows it: every field as staff write it, and what to pick from. */
export const staffProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  names: localizedText,
  descriptions: localizedText,
  brands: localizedText,
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  taxRateBp: z.number().int().nullable(),
  sku: z.string(),
  barcode: z.string(),
  unit: z.string(),
  categoryIds: z.array(z.number().int()),
  tagIds: z.array(z.number().int()),
  isAvailable: z.boolean(),
  dineIn: z.boolean(),
  isDigital: z.boolean(),
  digitalFile: z.string().nullable(),
  /** The product's stock (its variations' together when it has them); changed by adjustments only. */
  stock: z.number().int(),
  options: z.array(
    z.object({
      key: z.string(),
      names: localizedText,
      values: z.array(z.object({ key: z.string(), labels: localizedText })),
    }),
  ),
  variations: z.array(staffVariationSchema),
  addOnGroups: z.array(
    z.object({
      key: z.string(),
      names: localizedText,
      minSelect: z.number().int(),
      maxSelect: z.number().int(),
      items: z.array(z.object({ key: z.string(), names: localizedText, price: z.number().int() })),
    }),
  ),
  currency: z.string(),
  /** The shop's tax rate, charged when the product has none of its own. */
  shopTaxRateBp: z.number().int(),
  createdAt: z.string(),
  /** Changes with every edit of the product, its variations or add-ons; an edit sends back the one it was made from. */
  version: z.string(),
});
export type StaffProduct = z.infer<typeof staffProductSchema>;

/** What the product form picks from: the shop's categories and tags, and the files it may download. */
export const staffProductChoicesSchema = z.object({
  categories: z.array(staffProductChoiceSchema),
  tags: z.array(staffProductChoiceSchema),
  digitalFiles: z.array(z.string()),
  currency: z.string(),
  shopTaxRateBp: z.number().int(),
});
export type StaffProductChoices = z.infer<typeof staffProductChoicesSchema>;

/** A product in the console's list. */
export const staffProductItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string(),
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  stock: z.number().int(),
  low: z.boolean(),
  isAvailable: z.boolean(),
  variationCount: z.number().int(),
  image: z.string().nullable(),
});
export type StaffProductItem = z.infer<typeof staffProductItemSchema>;

export const staffProductListBodySchema = z.object({
  /** Words of a name (or their starts), or a SKU or barcode exactly. */
  q: z.string().trim().max(PRODUCT_NAME_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  categoryId: z.number().int().positive().nullable().default(null),
  stock: z.enum(STAFF_PRODUCT_STOCK_FILTERS, { message: FIELD_ERROR_KEYS.invalid }).default("all"),
  availability: z.enum(STAFF_PRODUCT_AVAILABILITY, { message: FIELD_ERROR_KEYS.invalid }).default("all"),
});
export type StaffProductListBody = z.infer<typeof staffProductListBodySchema>;
export const staffProductListSchema = paginatedSchema(staffProductItemSchema).extend({
  currency: z.string(),
  categories: z.array(staffProductChoiceSchema),
});
export type StaffProductList = z.infer<typeof staffProductListSchema>;

export const staffProductIdBodySchema = z.object({ productId: z.coerce.number().int().positive() });
export const staffProductDetailSchema = z.object({
  product: staffProductSchema,
  choices: staffProductChoicesSchema,
});
export type StaffProductDetail = z.infer<typeof staffProductDetailSchema>;

/** The console's product calls: the list for every member who keeps stock, editing for managers and owners. */
export const staffProductEndpoints = {
  staffProductList: {
    method: "post",
    path: "/api/staff/products/list",
    summary:
      "The shop's products, newest first: by name words, SKU or barcode; by category, stock and availability",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "stock",
    query: paginationQuerySchema(STAFF_PRODUCTS_PAGE_SIZE),
    body: staffProductListBodySchema,
    data: staffProductListSchema,
  },
  staffProductChoices: {
    method: "post",
    path: "/api/staff/products/choices",
    summary: "What a new product's form picks from: the shop's categories, tags and download files",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: z.object({}),
    data: staffProductChoicesSchema,
  },
  staffProductDetail: {
    method: "post",
    path: "/api/staff/products/detail",
    summary: "One product as its edit page shows it, with its variations and add-ons and what to pick from",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffProductIdBodySchema,
    data: staffProductDetailSchema,
  },
  staffProductCreate: {
    method: "post",
    path: "/api/staff/products/create",
    summary:
      "Make a product (3131 for a SKU the shop has, 3132 for a category, tag or file it has not); audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffProductFormSchema,
    data: staffProductSchema,
  },
  staffProductUpdate: {
    method: "post",
    path: "/api/staff/products/update",
    summary:
      "Change a product from the version read (3101 when someone changed it since, 3131 for a SKU taken, 3132 for an unknown category, tag or file); audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffProductUpdateBodySchema,
    data: staffProductSchema,
  },
  staffProductVariationsUpdate: {
    method: "post",
    path: "/api/staff/products/variations",
    summary:
      "Set a product's variation options, variations and add-on groups from the version read (3101, 3131); a variation orders name is switched off, not deleted; audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffProductVariationsBodySchema,
    data: staffProductSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
