/**
 * What a page says about tax beside its prices. It follows the shop's own setting, the one checkout
 * prices with: a shop whose prices hold the tax says so; any other shop warns that tax comes on top.
 */
export function taxNoteKey(pricesIncludeTax: boolean): "cart.tax-included" | "cart.tax-added" {
  return pricesIncludeTax ? "cart.tax-included" : "cart.tax-added";
}
