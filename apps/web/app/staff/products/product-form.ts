import {
  FIELD_ERROR_KEYS,
  LOCALES,
  type Locale,
  parseMajor,
  STAFF_PRODUCT_AVAILABILITY,
  STAFF_PRODUCT_STOCK_FILTERS,
  type StaffProduct,
  type StaffProductAvailability,
  type StaffProductForm,
  type StaffProductVariationsBody,
  type StaffStockFilter,
  staffProductFormSchema,
  staffProductVariationsBodySchema,
} from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { type Validation, validateWith } from "../../platform/form-values.ts";

/*
 * The product forms as typed: prices in the currency's major units ("4.50"), the tax rate as a
 * percent ("7.25", empty for the shop's), texts per language. A refused form is shown again from
 * these, so nothing typed is lost, with or without scripts.
 */

export type PerLanguage = Record<Locale, string>;

export type ProductFormText = {
  names: PerLanguage;
  descriptions: PerLanguage;
  brands: PerLanguage;
  price: string;
  salePrice: string;
  taxRate: string;
  sku: string;
  barcode: string;
  unit: string;
  categoryIds: string[];
  tagIds: string[];
  isAvailable: boolean;
  dineIn: boolean;
  isDigital: boolean;
  digitalFile: string;
};

const value = (form: FormData, name: string) => {
  const found = form.get(name);
  return typeof found === "string" ? found.trim() : "";
};

const perLanguage = (form: FormData, name: string): PerLanguage =>
  Object.fromEntries(LOCALES.map((locale) => [locale, value(form, `${name}.${locale}`)])) as PerLanguage;

export function productFormText(form: FormData): ProductFormText {
  const ids = (name: string) => form.getAll(name).filter((id): id is string => typeof id === "string");
  return {
    names: perLanguage(form, "names"),
    descriptions: perLanguage(form, "descriptions"),
    brands: perLanguage(form, "brands"),
    price: value(form, "price"),
    salePrice: value(form, "salePrice"),
    taxRate: value(form, "taxRate"),
    sku: value(form, "sku"),
    barcode: value(form, "barcode"),
    unit: value(form, "unit"),
    categoryIds: ids("categoryIds"),
    tagIds: ids("tagIds"),
    isAvailable: form.get("isAvailable") === "on",
    dineIn: form.get("dineIn") === "on",
    isDigital: form.get("isDigital") === "on",
    digitalFile: value(form, "digitalFile"),
  };
}

/** Minor units of an amount typed in major units; NaN when it is none, so the schema says "invalid". */
export function minorUnits(text: string): number {
  try {
    return parseMajor(text.replace(",", "."));
  } catch {
    return Number.NaN;
  }
}

/** Basis points of a percent typed with up to two decimals ("7.25" → 725); NaN for anything else. */
export function basisPoints(text: string): number {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A whole number typed; NaN for anything else. */
export function whole(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/** The typed product checked by the contract's own schema, so its field errors read as the API's. */
export function productFormBody(text: ProductFormText): Validation<StaffProductForm> {
  const check = validateWith(staffProductFormSchema, {
    names: text.names,
    descriptions: text.descriptions,
    brands: text.brands,
    price: text.price === "" ? undefined : minorUnits(text.price),
    salePrice: text.salePrice === "" ? null : minorUnits(text.salePrice),
    taxRateBp: text.taxRate === "" ? null : basisPoints(text.taxRate),
    sku: text.sku,
    barcode: text.barcode,
    unit: text.unit,
    categoryIds: text.categoryIds.map(Number),
    tagIds: text.tagIds.map(Number),
    isAvailable: text.isAvailable,
    dineIn: text.dineIn,
    isDigital: text.isDigital,
    digitalFile: text.digitalFile === "" ? null : text.digitalFile,
  });
  if (check.ok) return check;
  const fields: FieldErrors = {};
  for (const [field, key] of Object.entries(check.fields))
    fields[field] = field === "price" && text.price === "" ? FIELD_ERROR_KEYS.required : key;
  return { ok: false, fields };
}

export const major = (minor: number) => (minor / 100).toFixed(2);
const percent = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2));

/** A product as its form shows it. */
export function textOfProduct(product: StaffProduct): ProductFormText {
  return {
    names: product.names,
    descriptions: product.descriptions,
    brands: product.brands,
    price: major(product.price),
    salePrice: product.salePrice === null ? "" : major(product.salePrice),
    taxRate: product.taxRateBp === null ? "" : percent(product.taxRateBp),
    sku: product.sku,
    barcode: product.barcode,
    unit: product.unit,
    categoryIds: product.categoryIds.map(String),
    tagIds: product.tagIds.map(String),
    isAvailable: product.isAvailable,
    dineIn: product.dineIn,
    isDigital: product.isDigital,
    digitalFile: product.digitalFile ?? "",
  };
}

const none: PerLanguage = Object.fromEntries(LOCALES.map((locale) => [locale, ""])) as PerLanguage;

/** A new product's form: for sale, not digital, at the shop's tax rate. */
export const NEW_PRODUCT_TEXT: ProductFormText = {
  names: none,
  descriptions: none,
  brands: none,
  price: "",
  salePrice: "",
  taxRate: "",
  sku: "",
  barcode: "",
  unit: "",
  categoryIds: [],
  tagIds: [],
  isAvailable: true,
  dineIn: false,
  isDigital: false,
  digitalFile: "",
};

// ── The list's address ───────────────────────────────────────────────────────

export type ProductListParams = {
  q: string;
  categoryId: number | null;
  stock: StaffStockFilter;
  availability: StaffProductAvailability;
  page: number;
};

/** The list's filters from its address; anything malformed is simply not a filter. */
export function productListParams(query: URLSearchParams): ProductListParams {
  const stock = query.get("stock") ?? "";
  const availability = query.get("availability") ?? "";
  const category = query.get("category") ?? "";
  const page = Number(query.get("page"));
  return {
    q: (query.get("q") ?? "").trim().slice(0, 200),
    categoryId: /^\d{1,9}$/.test(category) && Number(category) > 0 ? Number(category) : null,
    stock: (STAFF_PRODUCT_STOCK_FILTERS as readonly string[]).includes(stock)
      ? (stock as StaffStockFilter)
      : "all",
    availability: (STAFF_PRODUCT_AVAILABILITY as readonly string[]).includes(availability)
      ? (availability as StaffProductAvailability)
      : "all",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function productListHref(params: ProductListParams): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.categoryId !== null) query.set("category", String(params.categoryId));
  if (params.stock !== "all") query.set("stock", params.stock);
  if (params.availability !== "all") query.set("availability", params.availability);
  if (params.page > 1) query.set("page", String(params.page));
  const search = query.toString();
  return `/staff/products${search ? `?${search}` : ""}`;
}

// ── Variations and add-ons ───────────────────────────────────────────────────

/** One row of a list on the variations page as typed: its fields by name, and its nested rows. */
type Row = Record<string, string>;

export type VariationsFormText = {
  options: { key: string; names: PerLanguage; values: { key: string; labels: PerLanguage }[] }[];
  variations: {
    id: string;
    sku: string;
    optionValues: Record<string, string>;
    price: string;
    salePrice: string;
    isAvailable: boolean;
    sort: string;
  }[];
  addOnGroups: {
    key: string;
    names: PerLanguage;
    minSelect: string;
    maxSelect: string;
    items: { key: string; names: PerLanguage; price: string }[];
  }[];
};

/** The rows of `prefix.N.…` fields a form has, by N, in order. */
function rowsOf(form: FormData, prefix: string): number[] {
  const found = new Set<number>();
  for (const name of form.keys()) {
    const match = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d{1,3})\\.`).exec(name);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

const blank = (...texts: (string | PerLanguage)[]) =>
  texts.every((text) =>
    typeof text === "string" ? text === "" : Object.values(text).every((t) => t === ""),
  );

/**
 * The variations page as typed. A row left wholly empty (the spare rows the page offers for adding)
 * is no row; emptying a row's fields removes it.
 */
export function variationsFormText(form: FormData): VariationsFormText {
  const options = rowsOf(form, "options")
    .map((i) => ({
      key: value(form, `options.${i}.key`),
      names: perLanguage(form, `options.${i}.names`),
      values: rowsOf(form, `options.${i}.values`)
        .map((j) => ({
          key: value(form, `options.${i}.values.${j}.key`),
          labels: perLanguage(form, `options.${i}.values.${j}.labels`),
        }))
        .filter((row) => !blank(row.key, row.labels)),
    }))
    .filter((row) => !blank(row.key, row.names) || row.values.length > 0);
  const variations = rowsOf(form, "variations")
    .map((i) => {
      const optionValues: Row = {};
      for (const name of form.keys()) {
        const match = new RegExp(`^variations\\.${i}\\.optionValues\\.(.+)$`).exec(name);
        if (match?.[1]) optionValues[match[1]] = value(form, name);
      }
      return {
        id: value(form, `variations.${i}.id`),
        sku: value(form, `variations.${i}.sku`),
        optionValues,
        price: value(form, `variations.${i}.price`),
        salePrice: value(form, `variations.${i}.salePrice`),
        isAvailable: form.get(`variations.${i}.isAvailable`) === "on",
        sort: value(form, `variations.${i}.sort`),
      };
    })
    .filter((row) => row.id !== "" || !blank(row.sku, row.price, row.salePrice));
  const addOnGroups = rowsOf(form, "addOnGroups")
    .map((i) => ({
      key: value(form, `addOnGroups.${i}.key`),
      names: perLanguage(form, `addOnGroups.${i}.names`),
      minSelect: value(form, `addOnGroups.${i}.minSelect`),
      maxSelect: value(form, `addOnGroups.${i}.maxSelect`),
      items: rowsOf(form, `addOnGroups.${i}.items`)
        .map((j) => ({
          key: value(form, `addOnGroups.${i}.items.${j}.key`),
          names: perLanguage(form, `addOnGroups.${i}.items.${j}.names`),
          price: value(form, `addOnGroups.${i}.items.${j}.price`),
        }))
        .filter((row) => !blank(row.key, row.names, row.price)),
    }))
    .filter((row) => !blank(row.key, row.names) || row.items.length > 0);
  return { options, variations, addOnGroups };
}

/** The variations page checked by the contract's own schema; its errors name the rows as shown. */
export function variationsFormBody(
  text: VariationsFormText,
  productId: number,
  version: string,
): Validation<StaffProductVariationsBody> {
  return validateWith(staffProductVariationsBodySchema, {
    productId,
    version,
    options: text.options,
    variations: text.variations.map((row) => ({
      id: row.id === "" ? null : whole(row.id),
      sku: row.sku,
      optionValues: row.optionValues,
      price: row.price === "" ? Number.NaN : minorUnits(row.price),
      salePrice: row.salePrice === "" ? null : minorUnits(row.salePrice),
      isAvailable: row.isAvailable,
      sort: row.sort === "" ? 0 : whole(row.sort),
    })),
    addOnGroups: text.addOnGroups.map((group) => ({
      key: group.key,
      names: group.names,
      minSelect: group.minSelect === "" ? 0 : whole(group.minSelect),
      maxSelect: group.maxSelect === "" ? 1 : whole(group.maxSelect),
      items: group.items.map((item) => ({
        key: item.key,
        names: item.names,
        price: item.price === "" ? 0 : minorUnits(item.price),
      })),
    })),
  });
}

/** A product's variations page as its saved state shows it. */
export function textOfVariations(product: StaffProduct): VariationsFormText {
  return {
    options: product.options,
    variations: product.variations.map((variation) => ({
      id: String(variation.id),
      sku: variation.sku,
      optionValues: variation.optionValues,
      price: major(variation.price),
      salePrice: variation.salePrice === null ? "" : major(variation.salePrice),
      isAvailable: variation.isAvailable,
      sort: String(variation.sort),
    })),
    addOnGroups: product.addOnGroups.map((group) => ({
      key: group.key,
      names: group.names,
      minSelect: String(group.minSelect),
      maxSelect: String(group.maxSelect),
      items: group.items.map((item) => ({ key: item.key, names: item.names, price: major(item.price) })),
    })),
  };
}

export const NO_TEXT: PerLanguage = none;
