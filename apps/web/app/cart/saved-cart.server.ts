import type { SavedCartBody, SavedCartLine } from "@stoa/contract";
import type { FormAnswer, FormFailure } from "../platform/api/form-answer.ts";
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

/** The lines an answer refused, by their place in the body (`items.3.addOns` → 3). */
function refusedLines(failure: FormFailure): Set<number> {
  if (failure.status !== 400) return new Set();
  return new Set(
    Object.keys(failure.failure.fields).flatMap((field) => {
      const index = /^items\.(\d+)(\.|$)/.exec(field)?.[1];
      return index === undefined ? [] : [Number(index)];
    }),
  );
}

/**
 * Sends the device's lines, and once more without the lines the API refused: a line picked before
 * the shop changed a dish's choices can no longer be saved as it is, and must not keep the rest of
 * the cart from following the shopper.
 */
export async function withoutRefusedLines<D>(
  body: SavedCartBody,
  send: (body: SavedCartBody) => Promise<FormAnswer<D>>,
): Promise<FormAnswer<D>> {
  const first = await send(body);
  if (first.ok) return first;
  const refused = refusedLines(first);
  if (refused.size === 0) return first;
  return send({ items: body.items.filter((_, index) => !refused.has(index)) });
}
