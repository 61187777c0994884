import type { Calculation, CartAction, CartItem, LineProblem } from "@stoa/contract";

/**
 * Whether a problem the API found still holds for the line as the cart has it now: a price change
 * the shopper accepted, or a quantity already brought down to what is in stock, is settled.
 */
function stillHolds(problem: LineProblem, item: Pick<CartItem, "price" | "quantity">): boolean {
  switch (problem.kind) {
    case "price_changed":
      return item.price !== problem.now;
    case "short_stock":
      return item.quantity > problem.available;
    case "unavailable":
      return true;
  }
}

/**
 * The problems of the last calculation, by cart line id (the API answers lines with the cart's own
 * ids), for the lines still in the cart and only while they still hold.
 */
export function lineProblemsOf(
  calculation: Pick<Calculation, "lines"> | null,
  items: readonly CartItem[],
): Map<string, LineProblem[]> {
  const problems = new Map<string, LineProblem[]>();
  if (!calculation) return problems;
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const line of calculation.lines) {
    const item = byId.get(line.id);
    if (!item) continue;
    const open = line.problems.filter((problem) => stillHolds(problem, item));
    if (open.length > 0) problems.set(line.id, open);
  }
  return problems;
}

/**
 * The cart change that settles a problem: take the new price, keep only what is in stock (and let
 * the stepper stop there), or take out what cannot be sold.
 */
export function fixFor(problem: LineProblem, item: Pick<CartItem, "id">): CartAction {
  switch (problem.kind) {
    case "price_changed":
      return { type: "UPDATE_ITEM", id: item.id, item: { price: problem.now } };
    case "short_stock":
      return problem.available > 0
        ? {
            type: "UPDATE_ITEM",
            id: item.id,
            item: { quantity: problem.available, stock: problem.available },
          }
        : { type: "REMOVE_ITEM", id: item.id };
    case "unavailable":
      return { type: "REMOVE_ITEM", id: item.id };
  }
}

type Line = Pick<CartItem, "id" | "isDigital">;
type Priced = Pick<Calculation, "lines"> | null;

/**
 * Whether a line is a digital good: as the last calculation priced it when it did (the shop's
 * newest word), else as the catalogue said when the line was added; undefined when neither knows
 * (a line kept from before cart lines said so).
 */
export function lineIsDigital(item: Line, calculation: Priced): boolean | undefined {
  const priced = calculation?.lines.find((line) => line.id === item.id);
  return priced ? priced.isDigital : item.isDigital;
}

/**
 * Where the cart's checkout button leads: the digital checkout when every line is known to be a
 * digital good, from the moment they are added; else the standard one (which moves on by itself
 * once a calculation says the cart is digital after all). The API refuses a digital order with
 * goods to ship, and a shipped one of downloads only, whatever the button did.
 */
export function checkoutPathFor(
  items: readonly Line[],
  calculation: Priced,
): "/checkout" | "/checkout/digital" {
  return digitalOnly(items, calculation) ? "/checkout/digital" : "/checkout";
}

/** Every line of the cart is known to be a digital good. */
export function digitalOnly(items: readonly Line[], calculation: Priced): boolean {
  return items.length > 0 && items.every((item) => lineIsDigital(item, calculation) === true);
}

/** Some line is known to be a physical good, which the digital checkout cannot send. */
export function hasPhysicalLine(items: readonly Line[], calculation: Priced): boolean {
  return items.some((item) => lineIsDigital(item, calculation) === false);
}
