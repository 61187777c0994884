import { effectivePrice, type PriceRange } from "../platform/money.ts";
import type { ProductInfo, ProductVariation, VariationOption } from "./schemas.ts";

/** What the shopper picked so far: option key → value key ("size" → "l"). Unpicked options are absent. */
export type VariationSelection = Readonly<Record<string, string>>;

/** How a value of an option looks given the other choices already made. */
export type ValueState = "available" | "sold-out" | "unavailable";

type Variations = readonly ProductVariation[];
type Options = readonly VariationOption[];

/** A variation can be bought while it is offered and at least one is left. */
export function isVariationInStock(variation: Pick<ProductVariation, "stock" | "isAvailable">): boolean {
  return variation.isAvailable && variation.stock > 0;
}

function agrees(variation: ProductVariation, selection: VariationSelection, except?: string): boolean {
  return Object.entries(selection).every(
    ([option, value]) => option === except || variation.optionValues[option] === value,
  );
}

/** The variations still possible with the choices made so far (all of them before any choice). */
export function matchingVariations(
  variations: Variations,
  selection: VariationSelection,
): ProductVariation[] {
  return variations.filter((variation) => agrees(variation, selection));
}

/** Options the shopper still has to choose, in the order the shop lists them. */
export function missingOptions(options: Options, selection: VariationSelection): VariationOption[] {
  return options.filter((option) => !selection[option.key]);
}

/** The variation matching a complete selection; null while an option is unchosen or nothing matches. */
export function findVariation(
  options: Options,
  variations: Variations,
  selection: VariationSelection,
): ProductVariation | null {
  if (options.length === 0 || missingOptions(options, selection).length > 0) return null;
  return (
    variations.find((variation) =>
      options.every((o) => variation.optionValues[o.key] === selection[o.key]),
    ) ?? null
  );
}

/**
 * Whether picking `value` for `option` can lead to something buyable, keeping the shopper's other
 * choices: "unavailable" when no variation has that combination, "sold-out" when all that have it
 * are sold out.
 */
export function valueState(
  variations: Variations,
  selection: VariationSelection,
  option: string,
  value: string,
): ValueState {
  const candidates = variations.filter(
    (variation) => variation.optionValues[option] === value && agrees(variation, selection, option),
  );
  if (candidates.length === 0) return "unavailable";
  return candidates.some(isVariationInStock) ? "available" : "sold-out";
}

/** The selection with one option picked; picking the chosen value again keeps it (radio behaviour). */
export function choose(selection: VariationSelection, option: string, value: string): VariationSelection {
  return { ...selection, [option]: value };
}

/** The choices a variation stands for, to start from a shared `?variation=<id>` link. */
export function selectionOf(variation: ProductVariation, options: Options): VariationSelection {
  const selection: Record<string, string> = {};
  for (const option of options) {
    const value = variation.optionValues[option.key];
    if (value !== undefined) selection[option.key] = value;
  }
  return selection;
}

/** The variation named by a `?variation=` URL value, if the product has it; anything else is ignored. */
export function variationFromParam(variations: Variations, param: string | null): ProductVariation | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return variations.find((variation) => variation.id === id) ?? null;
}

/**
 * The first selection to show: a shared variation if the URL names one, else the only variation of a
 * product that has just one, else nothing chosen (the shopper picks).
 */
export function initialSelection(
  product: Pick<ProductInfo, "variationOptions" | "variations">,
  param: string | null,
): VariationSelection {
  const shared = variationFromParam(product.variations, param);
  if (shared) return selectionOf(shared, product.variationOptions);
  const [only, ...others] = product.variations;
  return only && others.length === 0 ? selectionOf(only, product.variationOptions) : {};
}

/** Lowest and highest price a shopper pays across the variations still offered (sale prices count). */
export function variationPriceRange(
  variations: readonly Pick<ProductVariation, "price" | "salePrice" | "isAvailable">[],
): PriceRange | null {
  const prices = variations
    .filter((variation) => variation.isAvailable)
    .map((variation) => effectivePrice(variation.price, variation.salePrice));
  if (prices.length === 0) return null;
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
