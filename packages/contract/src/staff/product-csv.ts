import { z } from "zod";
import { csvUnguarded } from "../platform/csv.ts";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { LOCALES, type Locale } from "../platform/locale.ts";
import { CURRENCY_FRACTION_DIGITS } from "../platform/money.ts";
import {
  PRODUCT_LINKS_MAX,
  productBarcodeSchema,
  productBrandSchema,
  productDescriptionSchema,
  productNameSchema,
  productPriceSchema,
  productSkuSchema,
  productUnitSchema,
} from "./product-fields.ts";
import { STAFF_STOCK_MOST } from "./stock.ts";

/*
 * Products and stock as a CSV file (issue 33): exported page by page, imported after a dry run that
 * says what would change, idempotent by SKU, all or nothing
 * (docs/decisions/064-product-csv-import-and-export.md). One row per product; variations are not rows.
 */

/** The most an import file may weigh, and the most product rows it may hold. */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 20_000;
/** Products per page of the export call: the web streams the file page after page. */
export const PRODUCT_CSV_EXPORT_PAGE = 1_000;
/** Changed rows a dry run lists one by one; the counts always cover the whole file. */
export const PRODUCT_CSV_PLAN_ROWS_SHOWN = 500;

const names = LOCALES.map((locale) => `name_${locale}` as const);
const descriptions = LOCALES.map((locale) => `description_${locale}` as const);
const brands = LOCALES.map((locale) => `brand_${locale}` as const);

/** Every column the import reads and the export writes, in the export's order. */
export const PRODUCT_CSV_COLUMNS = [
  "sku",
  ...names,
  ...descriptions,
  ...brands,
  "price",
  "sale_price",
  "barcode",
  "unit",
  "categories",
  "tags",
  "available",
  "stock",
  "low_stock_threshold",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The stock-only export's columns: enough to count a shelf and import the count back. */
export const PRODUCT_CSV_STOCK_COLUMNS = [
  "sku",
  `name_${LOCALES[0]}`,
  "stock",
  "low_stock_threshold",
] as const satisfies readonly ProductCsvColumn[];

/** The two exports: every column, or stock only. */
export const PRODUCT_CSV_EXPORT_KINDS = ["products", "stock"] as const;
export type ProductCsvExportKind = (typeof PRODUCT_CSV_EXPORT_KINDS)[number];

export function productCsvColumnsOf(kind: ProductCsvExportKind): readonly ProductCsvColumn[] {
  return kind === "stock" ? PRODUCT_CSV_STOCK_COLUMNS : PRODUCT_CSV_COLUMNS;
}

// --- RFC 4180 ---------------------------------------------------------------------------------

/** One record of a CSV file and the line (1-based, physical) it starts on. */
export type CsvRecord = { line: number; cells: string[] };
export type CsvParsed = { records: CsvRecord[]; badLines: number[] };

/**
 * Reads CSV text as RFC 4180 has it, and as spreadsheets write it: a UTF-8 byte order mark is
 * dropped; records end in CRLF, LF or CR; a quoted cell may hold commas, line breaks and `""` for
 * a quote. A record whose quotes do not close, or with a quote inside an unquoted cell, is a bad
 * line (its number listed) rather than guessed at. Blank lines are skipped, as spreadsheets leave
 * them at the end.
 */
export function parseCsv(text: string): CsvParsed {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const badLines: number[] = [];
  let line = 1;
  let i = 0;
  const length = source.length;
  while (i < length) {
    const start = line;
    const cells: string[] = [];
    let cell = "";
    let bad = false;
    let ended = false;
    let quoted = false;
    let cellStart = true;
    while (i < length && !ended) {
      const ch = source[i] as string;
      if (quoted) {
        if (ch === '"') {
          if (source[i + 1] === '"') {
            cell += '"';
            i += 2;
          } else {
            quoted = false;
            i += 1;
            // After a closing quote only a comma or the record's end may come.
            const next = source[i];
            if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") bad = true;
          }
          continue;
        }
        if (ch === "\r" || ch === "\n") {
          line += 1;
          if (ch === "\r" && source[i + 1] === "\n") {
            cell += "\r\n";
            i += 2;
            continue;
          }
        }
        cell += ch;
        i += 1;
        continue;
      }
      if (ch === '"') {
        if (cellStart) quoted = true;
        else bad = true;
        cellStart = false;
        i += 1;
        continue;
      }
      if (ch === ",") {
        cells.push(cell);
        cell = "";
        cellStart = true;
        i += 1;
        continue;
      }
      if (ch === "\r" || ch === "\n") {
        i += ch === "\r" && source[i + 1] === "\n" ? 2 : 1;
        line += 1;
        ended = true;
        continue;
      }
      cell += ch;
      cellStart = false;
      i += 1;
    }
    if (quoted) bad = true;
    cells.push(cell);
    if (bad) badLines.push(start);
    else if (!(cells.length === 1 && cells[0] === "")) records.push({ line: start, cells });
  }
  return { records, badLines };
}

// --- Money ------------------------------------------------------------------------------------

const MINOR_PER_MAJOR = 10 ** CURRENCY_FRACTION_DIGITS;

/** Minor units as the file writes them: major units with a dot and the currency's digits (12.50). */
export function csvMoney(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const size = Math.abs(minor);
  const whole = Math.floor(size / MINOR_PER_MAJOR);
  const fraction = String(size % MINOR_PER_MAJOR).padStart(CURRENCY_FRACTION_DIGITS, "0");
  return CURRENCY_FRACTION_DIGITS > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

const MONEY = new RegExp(`^(\\d{1,12})(?:\\.(\\d{0,${CURRENCY_FRACTION_DIGITS}}))?$`);

/** `12.5`, `12.50` or `12` → minor units, with no float arithmetic; null when it is no amount. */
export function csvMoneyToMinor(text: string): number | null {
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(CURRENCY_FRACTION_DIGITS, "0") || "0");
}

// --- One row ----------------------------------------------------------------------------------

/** A row's values as the import understands them; a column the file leaves out is absent. */
export type ProductCsvValues = {
  sku: string;
  names?: Partial<Record<Locale, string>>;
  descriptions?: Partial<Record<Locale, string>>;
  brands?: Partial<Record<Locale, string>>;
  price?: number;
  salePrice?: number | null;
  barcode?: string;
  unit?: string;
  categories?: string[];
  tags?: string[];
  available?: boolean;
  /** Absent also when the cell is empty: an empty stock cell leaves the level alone. */
  stock?: number;
  lowStockThreshold?: number | null;
};

/** A problem of one row: the line it is on, the column, the message's key and what fills it. */
export type ProductCsvProblem = { line: number; field: string; key: string; values?: Record<string, string> };

const YES = new Set(["yes", "true", "1", "y"]);
const NO = new Set(["no", "false", "0", "n"]);

const level = z
  .number(FIELD_ERROR_KEYS.invalid)
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.tooSmall)
  .max(STAFF_STOCK_MOST, FIELD_ERROR_KEYS.tooLarge);
/**
 * A category's or tag's slug as the export writes it: lower-case letters of any script (a shop may
 * name its categories only in Arabic or Hebrew, decision 063), digits and hyphens.
 */
const slug = z
  .string()
  .regex(/^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}-]*$/u, FIELD_ERROR_KEYS.invalid)
  .max(100, FIELD_ERROR_KEYS.tooLong);

/** The first message of a failed parse: the key the shared field rules gave. */
function keyOf(result: z.ZodSafeParseResult<unknown>): string {
  return result.success ? "" : (result.error.issues[0]?.message ?? FIELD_ERROR_KEYS.invalid);
}

/** A whole number cell (stock, threshold). */
function wholeNumber(cell: string): number {
  return /^\d{1,9}$/.test(cell.trim()) ? Number(cell.trim()) : Number.NaN;
}

/**
 * One data row read against the header: each cell checked with the product form's own rules
 * (product-fields.ts), so the import refuses what the form refuses, with the same messages. Rules
 * that need the shop (a category that exists, a product sold by variation) are the API's.
 */
export function readProductCsvRow(
  header: readonly ProductCsvColumn[],
  record: CsvRecord,
): { values: ProductCsvValues | null; problems: ProductCsvProblem[] } {
  const problems: ProductCsvProblem[] = [];
  const fail = (field: string, key: string, values?: Record<string, string>): void => {
    problems.push({ line: record.line, field, key, ...(values ? { values } : {}) });
  };
  if (record.cells.length !== header.length) {
    fail("", FIELD_ERROR_KEYS.csvCellCount);
    return { values: null, problems };
  }
  const values: ProductCsvValues = { sku: "" };
  const set = <K extends keyof ProductCsvValues>(key: K, value: ProductCsvValues[K]) => {
    values[key] = value;
  };
  const text = (field: string, schema: z.ZodType<string>, cell: string): string | undefined => {
    const parsed = schema.safeParse(cell);
    if (parsed.success) return parsed.data;
    fail(field, keyOf(parsed));
    return undefined;
  };
  const localized = (
    field: string,
    target: "names" | "descriptions" | "brands",
    schema: z.ZodType<string>,
    cell: string,
  ) => {
    const locale = field.slice(field.lastIndexOf("_") + 1) as Locale;
    const parsed = text(field, schema, cell);
    if (parsed !== undefined) values[target] = { ...values[target], [locale]: parsed };
  };
  const readCell = (column: ProductCsvColumn, cell: string) => {
    const blank = cell.trim() === "";
    if (column === "sku") {
      const sku = text(column, productSkuSchema, cell);
      if (sku !== undefined) values.sku = sku;
    } else if (column.startsWith("name_")) localized(column, "names", productNameSchema, cell);
    else if (column.startsWith("description_"))
      localized(column, "descriptions", productDescriptionSchema, cell);
    else if (column.startsWith("brand_")) localized(column, "brands", productBrandSchema, cell);
    else if (column === "price" || column === "sale_price") {
      if (column === "sale_price" && blank) return set("salePrice", null);
      if (blank) return fail(column, FIELD_ERROR_KEYS.required);
      const minor = csvMoneyToMinor(cell);
      if (minor === null) return fail(column, FIELD_ERROR_KEYS.csvMoney);
      const parsed = productPriceSchema.safeParse(minor);
      if (!parsed.success) return fail(column, keyOf(parsed));
      set(column === "price" ? "price" : "salePrice", parsed.data);
    } else if (column === "barcode") {
      const barcode = text(column, productBarcodeSchema, cell);
      if (barcode !== undefined) set("barcode", barcode);
    } else if (column === "unit") {
      const unit = text(column, productUnitSchema, cell);
      if (unit !== undefined) set("unit", unit);
    } else if (column === "categories" || column === "tags") {
      const slugs = [
        ...new Set(
          cell
            .split("|")
            .map((part) => part.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      if (slugs.length > PRODUCT_LINKS_MAX) return fail(column, FIELD_ERROR_KEYS.tooLarge);
      const wrong = slugs.find((part) => !slug.safeParse(part).success);
      if (wrong !== undefined) return fail(column, FIELD_ERROR_KEYS.invalid);
      set(column, slugs);
    } else if (column === "available") {
      const word = cell.trim().toLowerCase();
      if (YES.has(word)) set("available", true);
      else if (NO.has(word)) set("available", false);
      else fail(column, FIELD_ERROR_KEYS.csvYesNo);
    } else if (column === "stock") {
      if (blank) return;
      const parsed = level.safeParse(wholeNumber(cell));
      if (!parsed.success) return fail(column, keyOf(parsed));
      set("stock", parsed.data);
    } else if (column === "low_stock_threshold") {
      if (blank) return set("lowStockThreshold", null);
      const parsed = level.safeParse(wholeNumber(cell));
      if (!parsed.success) return fail(column, keyOf(parsed));
      set("lowStockThreshold", parsed.data);
    }
  };
  header.forEach((column, index) => {
    readCell(column, csvUnguarded(record.cells[index] ?? ""));
  });
  return { values: problems.length ? null : values, problems };
}

/**
 * The header line: every column known, none twice, `sku` among them. Unknown columns are errors
 * naming them (a misspelt `prce` must not be silently left out).
 */
export function readProductCsvHeader(record: CsvRecord | undefined): {
  header: ProductCsvColumn[] | null;
  problems: ProductCsvProblem[];
} {
  if (!record) return { header: null, problems: [{ line: 1, field: "", key: FIELD_ERROR_KEYS.csvNoHeader }] };
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const problems: ProductCsvProblem[] = [];
  const seen = new Set<string>();
  const header = record.cells.map((cell) => cell.trim().toLowerCase());
  for (const column of header) {
    if (!known.has(column))
      problems.push({
        line: record.line,
        field: column,
        key: FIELD_ERROR_KEYS.csvUnknownColumn,
        values: { column },
      });
    else if (seen.has(column))
      problems.push({ line: record.line, field: column, key: FIELD_ERROR_KEYS.csvRepeatedColumn });
    seen.add(column);
  }
  if (!seen.has("sku")) problems.push({ line: record.line, field: "sku", key: FIELD_ERROR_KEYS.csvNoHeader });
  return { header: problems.length ? null : (header as ProductCsvColumn[]), problems };
}

// --- Calls ------------------------------------------------------------------------------------

/** A page of the export: the products after `after` (their id), by id. */
export const staffProductExportQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PRODUCT_CSV_EXPORT_PAGE).default(PRODUCT_CSV_EXPORT_PAGE),
});
export type StaffProductExportQuery = z.infer<typeof staffProductExportQuerySchema>;

/** One product as the file has it: a text per column, money already in major units. */
export const productCsvRowSchema = z.record(z.enum(PRODUCT_CSV_COLUMNS), z.string());
export type ProductCsvRow = Record<ProductCsvColumn, string>;

export const staffProductExportPageSchema = z.object({
  rows: z.array(productCsvRowSchema),
  /** The id to ask `after` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type StaffProductExportPage = { rows: ProductCsvRow[]; next: number | null };

/** The file's text (the web reads the upload); its size is checked again by the API. */
const csvText = z
  .string(FIELD_ERROR_KEYS.required)
  .min(1, FIELD_ERROR_KEYS.required)
  .max(PRODUCT_CSV_MAX_BYTES, FIELD_ERROR_KEYS.csvTooLarge);

export const staffProductImportBodySchema = z.object({ csv: csvText });
export type StaffProductImportBody = z.infer<typeof staffProductImportBodySchema>;

/** Applying is sending the file again with the fingerprint of the dry run that was read. */
export const staffProductImportApplyBodySchema = z.object({
  csv: csvText,
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, FIELD_ERROR_KEYS.invalid),
});
export type StaffProductImportApplyBody = z.infer<typeof staffProductImportApplyBodySchema>;

/** One field a row changes: what the shop has now and what the file says, as the file writes them. */
export const productCsvChangeSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
});
export type ProductCsvChange = z.infer<typeof productCsvChangeSchema>;

export const PRODUCT_CSV_ROW_KINDS = ["new", "update"] as const;

export const productCsvPlanRowSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  kind: z.enum(PRODUCT_CSV_ROW_KINDS),
  changes: z.array(productCsvChangeSchema),
});
export type ProductCsvPlanRow = z.infer<typeof productCsvPlanRowSchema>;

export const productCsvProblemSchema = z.object({
  line: z.number().int(),
  field: z.string(),
  key: z.string(),
  /** The problem in the caller's language. */
  message: z.string(),
});
export type ProductCsvProblemAnswer = z.infer<typeof productCsvProblemSchema>;

/**
 * What an import would do, or did: counts over the whole file, the changed rows (the first
 * PRODUCT_CSV_PLAN_ROWS_SHOWN), every problem, and the fingerprint that applying names. A file
 * with problems has an empty fingerprint: it cannot be applied.
 */
export const productCsvPlanSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  stockChanges: z.number().int(),
  changes: z.array(productCsvPlanRowSchema),
  problems: z.array(productCsvProblemSchema),
  fingerprint: z.string(),
});
export type ProductCsvPlan = z.infer<typeof productCsvPlanSchema>;

export const staffProductImportAppliedSchema = z.object({
  applied: z.literal(true),
  plan: productCsvPlanSchema,
});
export type StaffProductImportApplied = z.infer<typeof staffProductImportAppliedSchema>;

/** The body an import call takes at most: the file, JSON-escaped (every byte may double), and room. */
const IMPORT_BODY_BYTES = PRODUCT_CSV_MAX_BYTES * 2 + 4096;

/** The console's CSV calls (owners and managers: the `catalogue` permission). */
export const staffProductCsvEndpoints = {
  staffProductExport: {
    method: "post",
    path: "/api/staff/products/export",
    summary: "A page of the shop's products as CSV rows, by id after a cursor (for a streamed file)",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    query: staffProductExportQuerySchema,
    data: staffProductExportPageSchema,
  },
  staffProductImportDryRun: {
    method: "post",
    path: "/api/staff/products/import/dryRun",
    summary:
      "What importing a products CSV would change (new, updated field by field, unchanged, stock), every bad row by line; changes nothing",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    maxBodyBytes: IMPORT_BODY_BYTES,
    body: staffProductImportBodySchema,
    data: productCsvPlanSchema,
  },
  staffProductImportApply: {
    method: "post",
    path: "/api/staff/products/import/apply",
    summary:
      "Import a products CSV exactly as its dry run said, in one transaction (3151 with bad rows, 3101 when the shop changed since the dry run); stock changes are counted movements; audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    maxBodyBytes: IMPORT_BODY_BYTES,
    body: staffProductImportApplyBodySchema,
    data: staffProductImportAppliedSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
