import type { ProductCsvRow, StaffProductExportPage } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  carriedCsv,
  csvCarried,
  exportKindOf,
  productCsvName,
  productCsvStream,
} from "./product-csv-file.ts";

const row = (sku: string, name: string): ProductCsvRow =>
  ({
    sku,
    name_en: name,
    name_ar: "",
    name_he: "",
    description_en: "",
    description_ar: "",
    description_he: "",
    brand_en: "",
    brand_ar: "",
    brand_he: "",
    price: "12.50",
    sale_price: "",
    barcode: "",
    unit: "",
    categories: "fruit|veg",
    tags: "",
    available: "yes",
    stock: "4",
    low_stock_threshold: "",
  }) as ProductCsvRow;

async function text(stream: ReadableStream<Uint8Array>) {
  // Read with the byte order mark kept: Response.text() would drop it.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("the products file", () => {
  it("streams every page, asking for the next only as it is read, with formulas kept as text", async () => {
    const asked: number[] = [];
    const pages: Record<number, StaffProductExportPage> = {
      7: { rows: [row("B-2", "Tea, green")], next: null },
    };
    const stream = productCsvStream(
      "stock",
      { rows: [row("A-1", "=cmd|' /C calc'!A0")], next: 7 },
      async (after) => {
        asked.push(after);
        return pages[after] as StaffProductExportPage;
      },
    );
    const file = await text(stream);
    expect(asked).toEqual([7]);
    expect(file).toBe(
      "\uFEFFsku,name_en,stock,low_stock_threshold\r\nA-1,'=cmd|' /C calc'!A0,4,\r\nB-2,\"Tea, green\",4,\r\n",
    );
  });

  it("names the file and the kind, and carries an upload byte for byte", () => {
    expect(productCsvName("products", "shop.example", "2026-11-29")).toBe(
      "products-shop.example-2026-11-29.csv",
    );
    expect(exportKindOf(new URLSearchParams("kind=stock"))).toBe("stock");
    expect(exportKindOf(new URLSearchParams("kind=x"))).toBe("products");
    const csv = 'sku,description_en\r\nA,"two\r\nlines عربي"\r\n';
    expect(csvCarried(carriedCsv(csv))).toBe(csv);
  });
});
