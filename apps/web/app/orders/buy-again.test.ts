import type { BuyAgain } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { buyAgainLines } from "./buy-again.ts";

const line = (over: Partial<BuyAgain["items"][number]> = {}): BuyAgain["items"][number] => ({
  id: "7::",
  productId: 7,
  quantity: 2,
  asked: 2,
  name: "Apple",
  image: null,
  price: 250,
  stock: 40,
  isAvailable: true,
  isDigital: false,
  options: [],
  ...over,
});

describe("buyAgainLines", () => {
  it("makes cart lines with today's price and the order's options, and the quantity to add", () => {
    const { lines, notes } = buyAgainLines(
      {
        items: [
          line(),
          line({ id: "8:3:", productId: 8, variationId: 3, options: ["Large"], quantity: 1, asked: 1 }),
        ],
        unavailable: [],
      },
      "EUR",
    );
    expect(lines).toEqual([
      {
        item: {
          id: "7::",
          productId: 7,
          name: "Apple",
          image: null,
          price: 250,
          currency: "EUR",
          stock: 40,
          isDigital: false,
        },
        quantity: 2,
      },
      {
        item: {
          id: "8:3:",
          productId: 8,
          variationId: 3,
          name: "Apple",
          options: ["Large"],
          image: null,
          price: 250,
          currency: "EUR",
          stock: 40,
          isDigital: false,
        },
        quantity: 1,
      },
    ]);
    expect(notes).toEqual({ gone: [], fewer: [] });
  });

  it("names what is gone and what there is less of, with its options", () => {
    const { lines, notes } = buyAgainLines(
      {
        items: [line({ quantity: 1, asked: 3, stock: 1 })],
        unavailable: [
          { name: "Tee", options: ["Large"] },
          { name: "Pear", options: [] },
        ],
      },
      "EUR",
    );
    expect(lines).toHaveLength(1);
    expect(notes).toEqual({ gone: ["Tee (Large)", "Pear"], fewer: [{ name: "Apple", kept: 1, asked: 3 }] });
  });
});
