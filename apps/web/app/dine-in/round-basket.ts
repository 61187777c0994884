import {
  type AddRoundBody,
  type CartItemInput,
  cartLineId,
  LINE_NOTE_MAX,
  ROUND_LINE_QUANTITY_MAX,
} from "@stoa/contract";

/*
 * The round a diner is putting together before "Send to the kitchen": lines as the menu and the
 * RESTAURANT_OPTION modal chose them, each with a note. Its round key is made when the basket
 * changes, so a double tap or a retry of the same round sends the same key (the API adds it once),
 * and a round changed after a refusal is a new round.
 */

export type BasketLine = {
  id: string;
  productId: number;
  variationId: number | null;
  addOns: Record<string, string[]>;
  name: string;
  options: string[];
  unitPrice: number;
  quantity: number;
  note: string;
};

export type Basket = { roundKey: string; lines: BasketLine[] };

/** 128 random bits, base64url: the contract's round key. */
export function newRoundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const emptyBasket = (): Basket => ({ roundKey: newRoundKey(), lines: [] });

const clamp = (quantity: number) => Math.max(0, Math.min(ROUND_LINE_QUANTITY_MAX, Math.floor(quantity)));

/** The dish added (to its line when the same dish with the same choices is there already). */
export function addToBasket(basket: Basket, item: CartItemInput, quantity: number): Basket {
  const id = cartLineId(item);
  const there = basket.lines.find((line) => line.id === id);
  const lines = there
    ? basket.lines.map((line) =>
        line.id === id ? { ...line, quantity: clamp(line.quantity + quantity) } : line,
      )
    : [
        ...basket.lines,
        {
          id,
          productId: item.productId,
          variationId: item.variationId ?? null,
          addOns: item.addOns ?? {},
          name: item.name,
          options: item.options ?? [],
          unitPrice: item.price,
          quantity: clamp(quantity),
          note: "",
        },
      ];
  return { roundKey: newRoundKey(), lines };
}

/** A line's quantity changed; at zero the line leaves the round. */
export function setQuantity(basket: Basket, id: string, quantity: number): Basket {
  const lines = basket.lines
    .map((line) => (line.id === id ? { ...line, quantity: clamp(quantity) } : line))
    .filter((line) => line.quantity > 0);
  return { roundKey: newRoundKey(), lines };
}

export function setNote(basket: Basket, id: string, note: string): Basket {
  const lines = basket.lines.map((line) =>
    line.id === id ? { ...line, note: note.slice(0, LINE_NOTE_MAX) } : line,
  );
  return { roundKey: newRoundKey(), lines };
}

/** What the basket's dishes cost as the menu shows them (the server prices the round again). */
export const basketTotal = (basket: Basket) =>
  basket.lines.reduce((total, line) => total + line.unitPrice * line.quantity, 0);

/** The round as the API takes it. */
export function roundBodyOf(basket: Basket): AddRoundBody {
  return {
    roundKey: basket.roundKey,
    lines: basket.lines.map(({ productId, variationId, addOns, quantity, note }) => ({
      productId,
      variationId,
      addOns,
      quantity,
      note: note.trim(),
    })),
  };
}
