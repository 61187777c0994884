import { ERRORS, type SavedCartBody, type SavedCartLine } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { type FormAnswer, invalidFields } from "../platform/api/form-answer.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { lineNamesOf, optionsOfNewLines, withoutRefusedLines } from "./saved-cart.server.ts";

const body: SavedCartBody = {
  items: [
    { productId: 1, quantity: 1 },
    { productId: 2, addOns: { crust: ["gone"] }, quantity: 2 },
    { productId: 3, quantity: 3 },
  ],
};

describe("sending the device's lines", () => {
  it("sends again without the lines the API refused", async () => {
    const sent: SavedCartBody[] = [];
    const answer = await withoutRefusedLines(body, async (next): Promise<FormAnswer<string>> => {
      sent.push(next);
      if (sent.length === 1)
        return {
          ok: false,
          failure: invalidFields({ "items.1.addOns": "error-field-invalid" }),
          status: 400,
        };
      return { ok: true, data: "saved" };
    });
    expect(answer).toEqual({ ok: true, data: "saved" });
    expect(sent[1]?.items.map((line) => line.productId)).toEqual([1, 3]);
  });

  it("sends once when the failure is not about lines", async () => {
    let calls = 0;
    const failure = {
      ok: false as const,
      failure: { ok: false as const, code: ERRORS.INTERNAL.code, key: null, message: "", fields: {} },
      status: 500,
    };
    const answer = await withoutRefusedLines(body, async () => {
      calls += 1;
      return failure;
    });
    expect(answer).toBe(failure);
    expect(calls).toBe(1);
  });
});

describe("naming the options of new lines", () => {
  const line = (productId: number, extra: Partial<SavedCartLine>): SavedCartLine => ({
    id: `${productId}:${extra.variationId ?? ""}:`,
    productId,
    quantity: 1,
    name: "",
    image: null,
    price: 0,
    stock: 1,
    isAvailable: true,
    isDigital: false,
    ...extra,
  });

  it("asks the catalogue once per product the device does not have, and only for lines with options", async () => {
    const asked: number[] = [];
    const storeApi = {
      async pageAnswer(name: string, input: { params: { id: number } }) {
        expect(name).toBe("productInfo");
        asked.push(input.params.id);
        if (input.params.id === 9) return { ok: false, problem: "not-found", status: 404 };
        return {
          ok: true,
          data: {
            variations: [
              { id: 10, title: "Small" },
              { id: 11, title: "Large" },
            ],
            addOnGroups: [],
          },
        };
      },
    } as unknown as StoreApi;
    const options = await optionsOfNewLines(
      storeApi,
      [
        line(1, { variationId: 10 }),
        line(1, { variationId: 11 }),
        line(2, {}),
        line(3, { variationId: 30 }),
        line(9, { variationId: 90 }),
      ],
      new Set(["3:30:"]),
    );
    expect(asked.sort()).toEqual([1, 9]);
    expect(options).toEqual({ "1:10:": ["Small"], "1:11:": ["Large"] });
  });
});

describe("naming lines in a language", () => {
  it("names each line from its product in the language asked, once per product, leaving out what the catalogue lacks", async () => {
    const asked: { id: number; locale: string | undefined }[] = [];
    const storeApi = {
      async pageAnswer(_name: string, input: { params: { id: number } }, options: { locale?: string }) {
        asked.push({ id: input.params.id, locale: options.locale });
        if (input.params.id === 9) return { ok: false, problem: "not-found", status: 404 };
        return {
          ok: true,
          data: {
            name: "Pizza",
            nameLocalizations: { en: "Pizza", ar: "بيتزا" },
            variations: [{ id: 10, title: "كبير" }],
            addOnGroups: [
              { key: "top", name: "إضافات", items: [{ key: "olives", name: "زيتون", price: 0 }] },
            ],
          },
        };
      },
    } as unknown as StoreApi;
    const names = await lineNamesOf(
      storeApi,
      [
        { productId: 1, variationId: 10, quantity: 2 },
        { productId: 1, addOns: { top: ["olives"] }, quantity: 1 },
        { productId: 9, quantity: 1 },
      ],
      "ar",
    );
    expect(asked).toEqual([
      { id: 1, locale: "ar" },
      { id: 9, locale: "ar" },
    ]);
    expect(names).toEqual({
      "1:10:": { name: "بيتزا", options: ["كبير"] },
      "1::top=olives": { name: "بيتزا", options: ["زيتون"] },
    });
  });
});
