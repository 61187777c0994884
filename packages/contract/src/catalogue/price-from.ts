import { effectivePrice, type PriceRange } from "../platform/money.ts";
import { type AddOnGroupPrices, addOnsPriceRange } from "./add-ons.ts";
import type { ProductVariation } from "./schemas.ts";
import { variationPriceRange } from "./variations.ts";

/** What the price of one of a product depends on, before the shopper has made their choices. */
export type PricedChoices = {
  /** The product's own price; a product sold by variation is priced by its variations instead. */
  price: number;
  salePrice: number | null;
  /** The variations still possible (all of them before any choice); null for a product without. */
  variations: readonly Pick<ProductVariation, "price" | "salePrice" | "isAvailable">[] | null;
  addOnGroups: readonly AddOnGroupPrices[];
};

/**
 * The lowest and the highest a shopper can pay for one of a product, sale prices counted: its
 * variations' prices (or its own), plus what its add-ons can add. Null when no variation is offered.
 */
export function productPriceRange(choices: PricedChoices): PriceRange | null {
  const own = effectivePrice(choices.price, choices.salePrice);
  const base = choices.variations ? variationPriceRange(choices.variations) : { min: own, max: own };
  if (!base) return null;
  const added = addOnsPriceRange(choices.addOnGroups);
  return { min: base.min + added.min, max: base.max + added.max };
}

/**
 * The "From" price of a product whose choices change what it costs (variations at different prices,
 * add-ons that cost extra): the lowest of its range. Null when it has one price, which is then shown
 * as itself. Listing cards, the product modals and the product page all say "From" by this rule.
 */
export function priceFrom(range: PriceRange | null): number | null {
  return range && range.min < range.max ? range.min : null;
}

/**
 * The "From" price before any sale: the regular amount struck through beside a sale's "From" price,
 * so a discount is never shown without the price it discounts. Null when there is no "From" price
 * or no sale lowers it.
 */
export function regularPriceFrom(choices: PricedChoices): number | null {
  const from = priceFrom(productPriceRange(choices));
  if (from === null) return null;
  const regular = productPriceRange({
    ...choices,
    salePrice: null,
    variations: choices.variations?.map((variation) => ({ ...variation, salePrice: null })) ?? null,
  });
  return regular && regular.min > from ? regular.min : null;
}
