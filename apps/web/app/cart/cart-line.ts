import {
  type AddOnChoice,
  type AddOnGroup,
  type CartItemInput,
  cartLinePrice,
  effectivePrice,
  type Locale,
  type ProductSummary,
  type ProductVariation,
} from "@stoa/contract";
import { productName } from "../catalogue/product/product-name.ts";

type Product = Pick<
  ProductSummary,
  | "id"
  | "name"
  | "nameLocalizations"
  | "slug"
  | "image"
  | "price"
  | "salePrice"
  | "currency"
  | "stock"
  | "isDigital"
>;

/** The names of the picked add-ons, in the order the shop lists its groups. */
function addOnNames(groups: readonly AddOnGroup[], choice: AddOnChoice): string[] {
  return groups.flatMap((group) =>
    (choice[group.key] ?? []).flatMap((key) => group.items.find((item) => item.key === key)?.name ?? []),
  );
}

/** What a line shows under its name: the variation's title, then the picked add-ons ("Large · Extra cheese"). */
export function lineOptions(
  variation: Pick<ProductVariation, "title"> | null,
  groups: readonly AddOnGroup[],
  choice: AddOnChoice,
): string[] {
  return [...(variation ? [variation.title] : []), ...addOnNames(groups, choice)];
}

/**
 * The cart line for what the shopper chose: the variation's price and stock when one is chosen, the
 * add-ons priced by the catalogue's rule. Prices here are for display; checkout prices again.
 */
export function cartLineFor(
  product: Product,
  locale: Locale,
  {
    variation = null,
    groups = [],
    choice = {},
  }: { variation?: ProductVariation | null; groups?: readonly AddOnGroup[]; choice?: AddOnChoice } = {},
): CartItemInput {
  const priced = variation ?? product;
  const picked = Object.fromEntries(
    Object.entries(choice).flatMap(([group, keys]) => (keys.length > 0 ? [[group, [...keys]]] : [])),
  );
  const options = lineOptions(variation, groups, choice);
  const price = cartLinePrice(effectivePrice(priced.price, priced.salePrice), groups, choice);
  const regularPrice = cartLinePrice(priced.price, groups, choice);
  return {
    productId: product.id,
    ...(variation ? { variationId: variation.id } : {}),
    ...(Object.keys(picked).length > 0 ? { addOns: picked } : {}),
    name: productName(product, locale),
    ...(options.length > 0 ? { options } : {}),
    slug: product.slug,
    image: product.image,
    price,
    // The cart shows a sale beside the price it lowers, as the product page did.
    ...(regularPrice > price ? { regularPrice } : {}),
    currency: product.currency,
    stock: priced.stock,
    isDigital: product.isDigital,
  };
}
