/**
 * Spec §4: an item is in stock while its quantity is below its stock — one more may be added only
 * then. Shared so the product page, the quick views and the cart agree on the same rule.
 */
export function canAddOneMore(quantity: number, stock: number): boolean {
  return quantity < stock;
}

/** The largest quantity a shopper can pick for an item with this stock (at least 1 to show a stepper). */
export function maxQuantity(stock: number): number {
  return Math.max(1, Math.floor(stock));
}

/** A typed or stepped quantity brought into 1…stock; anything that is not a number becomes 1. */
export function clampQuantity(value: number, stock: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.floor(value)), maxQuantity(stock));
}
