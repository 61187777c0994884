import { describe, expect, it } from "vitest";
import {
  basisPoints,
  NEW_PRODUCT_TEXT,
  productFormBody,
  productFormText,
  productListHref,
  productListParams,
  variationsFormBody,
  variationsFormText,
} from "./product-form.ts";

const form = (values: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of values) data.append(name, value);
  return data;
};

describe("the product form", () => {
  it("reads names per language, amounts in major units, a tax percent and the ticked categories", () => {
    const text = productFormText(
      form([
        ["names.en", " Mango "],
        ["names.ar", "مانجو"],
        ["price", "4,50"],
        ["salePrice", "3.99"],
        ["taxRate", "7.25"],
        ["sku", "MANGO-1"],
        ["categoryIds", "3"],
        ["categoryIds", "5"],
        ["isAvailable", "on"],
        ["dineIn", "on"],
      ]),
    );
    const body = productFormBody(text);
    expect(body).toMatchObject({
      ok: true,
      data: {
        names: { en: "Mango", ar: "مانجو", he: "" },
        price: 450,
        salePrice: 399,
        taxRateBp: 725,
        sku: "MANGO-1",
        categoryIds: [3, 5],
        tagIds: [],
        isAvailable: true,
        dineIn: true,
        isDigital: false,
        digitalFile: null,
      },
    });
  });

  it("says what is missing or wrong on each field, as the API would", () => {
    expect(productFormBody(NEW_PRODUCT_TEXT)).toEqual({
      ok: false,
      fields: { names: "error-field-required", price: "error-field-required", sku: "error-field-required" },
    });
    const wrong = productFormBody({
      ...NEW_PRODUCT_TEXT,
      names: { en: "Mango", ar: "", he: "" },
      price: "4.50",
      salePrice: "5",
      taxRate: "seven",
      sku: "MANGO",
      isDigital: true,
    });
    expect(wrong).toEqual({
      ok: false,
      fields: {
        salePrice: "error-sale-not-below-price",
        taxRateBp: "error-field-invalid",
        digitalFile: "error-digital-file-required",
      },
    });
  });

  it("reads a tax percent with up to two decimals, and nothing else", () => {
    expect([basisPoints("5"), basisPoints("7.5"), basisPoints("7,25"), basisPoints("0")]).toEqual([
      500, 750, 725, 0,
    ]);
    expect(basisPoints("7.255")).toBeNaN();
    expect(basisPoints("-1")).toBeNaN();
  });

  it("keeps the list's filters in its address and drops what is malformed", () => {
    const params = productListParams(
      new URLSearchParams("q=mango&category=4&stock=low&availability=gone&page=2"),
    );
    expect(params).toEqual({ q: "mango", categoryId: 4, stock: "low", availability: "all", page: 2 });
    expect(productListHref(params)).toBe("/staff/products?q=mango&category=4&stock=low&page=2");
  });
});

describe("the variations form", () => {
  it("leaves out the spare empty rows and reads the rest in order", () => {
    const text = variationsFormText(
      form([
        ["version", "v1"],
        ["options.0.key", "size"],
        ["options.0.names.en", "Size"],
        ["options.0.values.0.key", "s"],
        ["options.0.values.0.labels.en", "Small"],
        ["options.0.values.1.key", ""],
        ["options.1.key", ""],
        ["options.1.names.en", ""],
        ["variations.0.id", "7"],
        ["variations.0.sku", "TEE-S"],
        ["variations.0.optionValues.size", "s"],
        ["variations.0.price", "12"],
        ["variations.0.isAvailable", "on"],
        ["variations.1.sku", ""],
        ["variations.1.price", ""],
        ["addOnGroups.0.key", ""],
      ]),
    );
    expect(text.options).toHaveLength(1);
    expect(text.options[0]?.values).toHaveLength(1);
    expect(text.variations).toHaveLength(1);
    expect(text.addOnGroups).toEqual([]);
    expect(variationsFormBody(text, 3, "v1")).toMatchObject({
      ok: true,
      data: {
        productId: 3,
        options: [{ key: "size", values: [{ key: "s" }] }],
        variations: [
          { id: 7, sku: "TEE-S", optionValues: { size: "s" }, price: 1200, salePrice: null, sort: 0 },
        ],
      },
    });
  });
});
