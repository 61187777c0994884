import type { SavedCartLine } from "@stoa/contract";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { hasOptions, savedLineOptions } from "./cart-sync.ts";

/**
 * The option names of the saved lines the device does not have (it keeps its own lines' names),
 * read from their products: one catalogue answer per product, all at once.
 */
export async function optionsOfNewLines(
  storeApi: StoreApi,
  items: readonly SavedCartLine[],
  known: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  const lines = items.filter((line) => hasOptions(line) && !known.has(line.id));
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const products = new Map(
    await Promise.all(
      productIds.map(
        async (id) =>
          [id, await storeApi.form("productInfo", { params: { id } }, { endedSession: "answer" })] as const,
      ),
    ),
  );
  const options: Record<string, string[]> = {};
  for (const line of lines) {
    const product = products.get(line.productId);
    // A product the catalogue cannot answer for leaves its line without option names, not the cart.
    if (product?.ok) options[line.id] = savedLineOptions(product.data, line);
  }
  return options;
}
