import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { LOCALES } from "../platform/locale.ts";

/*
 * The rules of one product field as staff write it (issue 33), shared by the console's product form
 * and the CSV import, so a value the form refuses is refused by an import too, with the same message.
 */

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_BRAND_MAX = 100;
export const PRODUCT_UNIT_MAX = 40;
export const PRODUCT_SKU_MAX = 64;
export const PRODUCT_BARCODE_MAX = 32;
/** The most a price may be, in minor units (a million in a two-decimal currency). */
export const PRODUCT_PRICE_MOST = 100_000_000;
/** The most categories and tags one product is linked to. */
export const PRODUCT_LINKS_MAX = 20;

/** A SKU as staff type it and shoppers never see: letters, digits and `-_./`, no spaces. */
const SKU_CHARACTERS = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
/** A barcode as a scanner reads it (EAN, UPC, Code 128): letters, digits and `-`. */
const BARCODE_CHARACTERS = /^[A-Za-z0-9-]*$/;

export const productSkuSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .min(1, FIELD_ERROR_KEYS.required)
  .max(PRODUCT_SKU_MAX, FIELD_ERROR_KEYS.tooLong)
  .regex(SKU_CHARACTERS, FIELD_ERROR_KEYS.invalid);

export const productBarcodeSchema = z
  .string(FIELD_ERROR_KEYS.invalid)
  .trim()
  .max(PRODUCT_BARCODE_MAX, FIELD_ERROR_KEYS.tooLong)
  .regex(BARCODE_CHARACTERS, FIELD_ERROR_KEYS.invalid);

/** A price or sale price in minor units of the shop's currency. */
export const productPriceSchema = z
  .number(FIELD_ERROR_KEYS.invalid)
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.tooSmall)
  .max(PRODUCT_PRICE_MOST, FIELD_ERROR_KEYS.tooLarge);

const text = (max: number) => z.string(FIELD_ERROR_KEYS.invalid).trim().max(max, FIELD_ERROR_KEYS.tooLong);

/** One language's name, description or brand, as the CSV import reads them a cell at a time. */
export const productNameSchema = text(PRODUCT_NAME_MAX);
export const productDescriptionSchema = text(PRODUCT_DESCRIPTION_MAX);
export const productBrandSchema = text(PRODUCT_BRAND_MAX);

/** One text per language the storefront speaks; a language left empty falls back when shown. */
const perLanguage = (max: number) =>
  z.object(
    Object.fromEntries(LOCALES.map((locale) => [locale, text(max).default("")])) as {
      [K in (typeof LOCALES)[number]]: z.ZodDefault<z.ZodString>;
    },
  );

/** A product's name in each language: at least one language names it. */
export const productNamesSchema = perLanguage(PRODUCT_NAME_MAX).refine(
  (names) => Object.values(names).some((name) => name !== ""),
  { message: FIELD_ERROR_KEYS.required },
);
export const productDescriptionsSchema = perLanguage(PRODUCT_DESCRIPTION_MAX);
export const productBrandsSchema = perLanguage(PRODUCT_BRAND_MAX);
export const productUnitSchema = text(PRODUCT_UNIT_MAX);

/** The highest tax rate a product may have of its own, in basis points (100 %). */
export const PRODUCT_TAX_RATE_MOST_BP = 10_000;

/**
 * A product's own tax rate in basis points (1,000 = 10 %), charged on it instead of the shop's rate
 * (books at a reduced rate, say); null: the shop's rate.
 */
export const productTaxRateSchema = z
  .number(FIELD_ERROR_KEYS.invalid)
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.tooSmall)
  .max(PRODUCT_TAX_RATE_MOST_BP, FIELD_ERROR_KEYS.tooLarge)
  .nullable();

/** Ids of the shop's categories or tags a product is linked to, each once. */
export const productLinkIdsSchema = z
  .array(z.number(FIELD_ERROR_KEYS.invalid).int(FIELD_ERROR_KEYS.invalid).positive(FIELD_ERROR_KEYS.invalid))
  .max(PRODUCT_LINKS_MAX, FIELD_ERROR_KEYS.tooLarge)
  .transform((ids) => [...new Set(ids)]);

/** The file a digital product downloads, by its plain name in the shop's downloads folder. */
export const PRODUCT_DIGITAL_FILE_MAX = 200;
export const productDigitalFileSchema = z
  .string(FIELD_ERROR_KEYS.invalid)
  .trim()
  .max(PRODUCT_DIGITAL_FILE_MAX, FIELD_ERROR_KEYS.tooLong)
  .regex(/^[\w][\w .()-]*$/, FIELD_ERROR_KEYS.invalid);

/** A sale price is below the price, or it is no sale (the storefront would show no saving). */
export function saleBelowPrice(price: number, salePrice: number | null): boolean {
  return salePrice === null || salePrice < price;
}

/** A key of a variation option, value or add-on item: how orders and carts name it, never shown. */
export const PRODUCT_OPTION_KEY_MAX = 40;
export const productOptionKeySchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .min(1, FIELD_ERROR_KEYS.required)
  .max(PRODUCT_OPTION_KEY_MAX, FIELD_ERROR_KEYS.tooLong)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, FIELD_ERROR_KEYS.invalid);

/** A short name per language (an option, a value, an add-on group or item): one language at least. */
export const PRODUCT_LABEL_MAX = 80;
export const productLabelsSchema = perLanguage(PRODUCT_LABEL_MAX).refine(
  (labels) => Object.values(labels).some((label) => label !== ""),
  { message: FIELD_ERROR_KEYS.required },
);
