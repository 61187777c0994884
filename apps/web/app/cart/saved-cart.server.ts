import {
  type LineNames,
  type Locale,
  type ProductInfo,
  type SavedCartBody,
  type SavedCartLine,
  type SavedCartLineInput,
  savedCartLineId,
} from "@stoa/contract";
import { productName } from "../catalogue/product/product-name.ts";
import type { FormAnswer, FormFailure } from "../platform/api/form-answer.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { hasOptions, savedLineOptions } from "./cart-sync.ts";

/**
 * The products of some cart lines, each once, from the catalogue (whose answers the API keeps), all
 * at once. A product the catalogue cannot answer for is left out: its lines keep what they show.
 */
async function productsOf(
  storeApi: StoreApi,
  lines: readonly Pick<SavedCartLineInput, "productId">[],
  locale?: Locale,
): Promise<Map<number, ProductInfo>> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const answers = await Promise.all(
    ids.map((id) => storeApi.pageAnswer("productInfo", { params: { id } }, locale ? { locale } : {})),
  );
  return new Map(ids.flatMap((id, i) => (answers[i]?.ok ? [[id, answers[i].data] as const] : [])));
}

/** The option names of the saved lines the device does not have (it keeps its own lines' names). */
export async function optionsOfNewLines(
  storeApi: StoreApi,
  items: readonly SavedCartLine[],
  known: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  const lines = items.filter((line) => hasOptions(line) && !known.has(line.id));
  const products = await productsOf(storeApi, lines);
  const options: Record<string, string[]> = {};
  for (const line of lines) {
    const product = products.get(line.productId);
    if (product) options[line.id] = savedLineOptions(product, line);
  }
  return options;
}

/**
 * The device's lines named in a language: the product's name and the variation's and add-ons'
 * names as the shop gives them in it, by line id. Lines of products the catalogue no longer
 * answers for are left out.
 */
export async function lineNamesOf(
  storeApi: StoreApi,
  lines: readonly SavedCartLineInput[],
  locale: Locale,
): Promise<Record<string, LineNames>> {
  const products = await productsOf(storeApi, lines, locale);
  const names: Record<string, LineNames> = {};
  for (const line of lines) {
    const product = products.get(line.productId);
    if (product)
      names[savedCartLineId(line)] = {
        name: productName(product, locale),
        options: savedLineOptions(product, line),
      };
  }
  return names;
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
