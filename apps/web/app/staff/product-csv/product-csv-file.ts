import {
  csvLine,
  type ProductCsvExportKind,
  type ProductCsvRow,
  productCsvColumnsOf,
  type StaffProductExportPage,
} from "@stoa/contract";

/** Where the import page and the exports live, and the products list they lead back to. */
export const PRODUCT_IMPORT_PATH = "/staff/products/import";
export const PRODUCT_EXPORT_PATH = "/staff/products/export";
export const PRODUCTS_PATH = "/staff/products";

/** The export the address asks for: `?kind=stock` is the stock-only file, anything else all columns. */
export function exportKindOf(params: URLSearchParams): ProductCsvExportKind {
  return params.get("kind") === "stock" ? "stock" : "products";
}

/**
 * A UTF-8 byte order mark first: spreadsheet programs read a file without one in the computer's
 * old code page, and Arabic and Hebrew names come out garbled. The import drops it again.
 */
const BOM = "\uFEFF";

/**
 * The file, streamed: the header, then each page of products as the stream is read, the next page
 * asked only when the reader wants more, so 100,000 products are never in memory at once. Every
 * cell goes through `csvField` (no cell a spreadsheet would run as a formula). A page that cannot
 * be read ends the stream with an error: the download then fails visibly rather than stopping short.
 */
export function productCsvStream(
  kind: ProductCsvExportKind,
  first: StaffProductExportPage,
  nextPage: (after: number) => Promise<StaffProductExportPage>,
): ReadableStream<Uint8Array> {
  const columns = productCsvColumnsOf(kind);
  const encoder = new TextEncoder();
  const lines = (rows: readonly ProductCsvRow[]) =>
    rows.map((row) => csvLine(columns.map((column) => row[column]))).join("");
  let page: StaffProductExportPage | null = first;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvLine(columns)));
    },
    async pull(controller) {
      if (!page) return;
      const text = lines(page.rows);
      if (text) controller.enqueue(encoder.encode(text));
      if (page.next === null) {
        page = null;
        controller.close();
        return;
      }
      page = await nextPage(page.next);
    },
  });
}

/** The file's name: what it holds, the shop's domain (letters, digits, dots and dashes), the day. */
export function productCsvName(kind: ProductCsvExportKind, domain: string, day: string): string {
  const shop = domain.replace(/[^a-z0-9.-]/gi, "").replace(/^\.+/, "") || "shop";
  return `${kind}-${shop}-${day}.csv`;
}

/** The uploaded file travels back to the apply button as base64: byte for byte what was checked. */
export function carriedCsv(csv: string): string {
  return Buffer.from(csv, "utf8").toString("base64");
}

export function csvCarried(carried: string): string {
  return Buffer.from(carried, "base64").toString("utf8");
}
