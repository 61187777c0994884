import type { BuyAgain, CartItemInput } from "@stoa/contract";

/** A line to add again, and how many: what the shop sells of it today, up to what the order had. */
export type LineToAdd = { item: CartItemInput; quantity: number };

/** What the page says after buying again: what is no longer sold, and lines with fewer left than the order had. */
export type BuyAgainNotes = {
  gone: string[];
  fewer: { name: string; kept: number; asked: number }[];
};

/** "Tee (Large)": a line's name with the options that tell it apart from its siblings. */
function named(name: string, options: readonly string[]): string {
  return options.length > 0 ? `${name} (${options.join(", ")})` : name;
}

/**
 * The cart lines of a buy-again answer, built as the saved cart's are (today's name, picture, price
 * and stock; the order's option names), and what the shopper is told of the rest.
 */
export function buyAgainLines(
  answer: BuyAgain,
  currency: string,
): { lines: LineToAdd[]; notes: BuyAgainNotes } {
  const lines = answer.items.map(
    (line): LineToAdd => ({
      item: {
        id: line.id,
        productId: line.productId,
        ...(line.variationId === undefined ? {} : { variationId: line.variationId }),
        ...(line.addOns && Object.keys(line.addOns).length > 0 ? { addOns: line.addOns } : {}),
        name: line.name,
        ...(line.options.length > 0 ? { options: line.options } : {}),
        image: line.image,
        price: line.price,
        currency,
        stock: line.stock,
        isDigital: line.isDigital,
      },
      quantity: line.quantity,
    }),
  );
  return {
    lines,
    notes: {
      gone: answer.unavailable.map((line) => named(line.name, line.options)),
      fewer: answer.items
        .filter((line) => line.quantity < line.asked)
        .map((line) => ({ name: named(line.name, line.options), kept: line.quantity, asked: line.asked })),
    },
  };
}
