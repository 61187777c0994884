import { describe, expect, it } from "vitest";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import {
  csvMoney,
  csvMoneyToMinor,
  parseCsv,
  readProductCsvHeader,
  readProductCsvRow,
} from "./product-csv.ts";

describe("parseCsv (RFC 4180)", () => {
  it("reads quotes, escaped quotes, commas and line breaks inside quotes, CRLF, LF and a BOM", () => {
    const text =
      '\uFEFFsku,name_en\r\nA-1,"Tea, green"\r\nA-2,"He said ""hi"""\nA-3,"two\r\nlines"\r\nA-4,plain';
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, cells: ["sku", "name_en"] },
        { line: 2, cells: ["A-1", "Tea, green"] },
        { line: 3, cells: ["A-2", 'He said "hi"'] },
        { line: 4, cells: ["A-3", "two\r\nlines"] },
        { line: 6, cells: ["A-4", "plain"] },
      ],
      badLines: [],
    });
  });

  it("keeps empty cells, skips blank lines and counts lines after them", () => {
    expect(parseCsv("a,b,c\n\n,,\n1,,3\n\n")).toEqual({
      records: [
        { line: 1, cells: ["a", "b", "c"] },
        { line: 3, cells: ["", "", ""] },
        { line: 4, cells: ["1", "", "3"] },
      ],
      badLines: [],
    });
  });

  it("names the line of a quote that does not close or stands inside an unquoted cell", () => {
    expect(parseCsv('a,b\n1,x"y\n2,"ok"\n3,"open\n').badLines).toEqual([2, 4]);
    expect(parseCsv('a\n"closed"after\n').badLines).toEqual([2]);
  });
});

describe("money in the file", () => {
  it("writes major units with the currency's digits and reads them back without floats", () => {
    expect([csvMoney(1250), csvMoney(5), csvMoney(0), csvMoney(100_000_000)]).toEqual([
      "12.50",
      "0.05",
      "0.00",
      "1000000.00",
    ]);
    expect(["12.5", "12.50", "12", "0.29", "12.", "1.234", "-1", "1e3", ""].map(csvMoneyToMinor)).toEqual([
      1250,
      1250,
      1200,
      29,
      1200,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("a row of the products file", () => {
  const header = readProductCsvHeader({
    line: 1,
    cells: ["SKU", "name_en", "price", "sale_price", "available", "stock", "categories"],
  });

  it("names unknown and repeated columns, and a header without sku", () => {
    expect(readProductCsvHeader({ line: 1, cells: ["sku", "prce", "sku"] }).problems).toEqual([
      { line: 1, field: "prce", key: FIELD_ERROR_KEYS.csvUnknownColumn, values: { column: "prce" } },
      { line: 1, field: "sku", key: FIELD_ERROR_KEYS.csvRepeatedColumn },
    ]);
    expect(readProductCsvHeader({ line: 1, cells: ["name_en"] }).problems).toEqual([
      { line: 1, field: "sku", key: FIELD_ERROR_KEYS.csvNoHeader },
    ]);
  });

  it("reads values with the product form's rules", () => {
    expect(header.header).not.toBeNull();
    const cols = header.header ?? [];
    expect(
      readProductCsvRow(cols, {
        line: 2,
        cells: ["T-1", " Tea ", "12.50", "", "yes", "", "drinks|Hot|drinks|مشروبات|קפה-חם"],
      }),
    ).toEqual({
      values: {
        sku: "T-1",
        names: { en: "Tea" },
        price: 1250,
        salePrice: null,
        available: true,
        // Slugs of any script, as a shop naming its categories in Arabic or Hebrew has them.
        categories: ["drinks", "hot", "مشروبات", "קפה-חם"],
      },
      problems: [],
    });
  });

  it("reads back a cell the export guarded against formulas", () => {
    const cols = readProductCsvHeader({ line: 1, cells: ["sku", "name_en", "barcode"] }).header ?? [];
    expect(readProductCsvRow(cols, { line: 2, cells: ["T-1", "'=SUM(A1)", "'-12"] }).values).toEqual({
      sku: "T-1",
      names: { en: "=SUM(A1)" },
      barcode: "-12",
    });
  });

  it("reports each bad cell with its line and field", () => {
    const cols = header.header ?? [];
    const read = readProductCsvRow(cols, {
      line: 7,
      cells: ["bad sku", "x".repeat(201), "1.234", "-2", "maybe", "-1", "Hot Drinks"],
    });
    expect(read.values).toBeNull();
    expect(read.problems).toEqual([
      { line: 7, field: "sku", key: FIELD_ERROR_KEYS.invalid },
      { line: 7, field: "name_en", key: FIELD_ERROR_KEYS.tooLong },
      { line: 7, field: "price", key: FIELD_ERROR_KEYS.csvMoney },
      { line: 7, field: "sale_price", key: FIELD_ERROR_KEYS.csvMoney },
      { line: 7, field: "available", key: FIELD_ERROR_KEYS.csvYesNo },
      { line: 7, field: "stock", key: FIELD_ERROR_KEYS.invalid },
      { line: 7, field: "categories", key: FIELD_ERROR_KEYS.invalid },
    ]);
    expect(readProductCsvRow(cols, { line: 9, cells: ["T-1"] }).problems).toEqual([
      { line: 9, field: "", key: FIELD_ERROR_KEYS.csvCellCount },
    ]);
  });
});
