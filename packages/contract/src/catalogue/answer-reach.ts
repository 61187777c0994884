import { z } from "zod";
import { slipsBetween, slipsForgiven } from "./slips.ts";

/*
 * What a catalogue answer reaches, and whether a change of one product can alter it
 * (docs/decisions/069-product-level-cache-invalidation.md). The API keeps answers and the
 * storefront keeps shared pages by the same rule: a product's change drops what shows that product
 * and the listings it could have joined, left or moved in, nothing else.
 */

/** What a change can move besides what answers show of the product (bits of a change's `aspects`). */
export const PRODUCT_CHANGE = {
  /**
   * Which listings hold the product, or in what order, whatever they ask: added or removed,
   * available or not, sold out or back, its categories, tags, dine-in, creation time, sales.
   */
  LISTED: 1,
  /** Its price: price sorts, price filters and the on-sale shelf. */
  PRICE: 2,
  /** Its words: keyword searches, the name sort, brand, remark, sku and barcode filters. */
  TEXT: 4,
} as const;

export const productChangeSchema = z.object({
  productId: z.number().int(),
  /** The product's categories before and after the change. */
  categoryIds: z.array(z.number().int()),
  aspects: z.number().int().min(0),
  /**
   * With a new price: the effective price before and after, and whether it was and is on sale, so
   * a listing filtered by a price band or by sale is moved only when the product crosses it.
   */
  prices: z
    .object({
      before: z.number().int(),
      after: z.number().int(),
      onSaleBefore: z.boolean(),
      onSaleAfter: z.boolean(),
    })
    .optional(),
  /**
   * With a change of its words (TEXT): the words of the search index the product gained or lost,
   * or that moved between its name, brand and description (a one-word search finds and ranks it by
   * those alone). Absent or null: any word (a new sku or barcode, a text rewritten at length, a
   * product added or removed).
   */
  words: z.array(z.string()).nullable().optional(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

/**
 * A listing: which products could join it, and what of their prices and words matters to it.
 * `categories` null: any product of the store (a keyword search, the best sellers); else the
 * categories it filters by, with the subcategories its statement matched too. `byPrice`: sorted by
 * price (any new price may move it); `priceBand`: only prices from `min` to `max` (either open);
 * `onSale`: only products on sale (true) or not (false).
 */
export type ListingReach = {
  categories: ReadonlySet<number> | null;
  byPrice: boolean;
  byText: boolean;
  priceBand?: readonly [min: number | null, max: number | null];
  onSale?: boolean;
  /**
   * A keyword search of one word (empty: a keyword of no word, which only a sku or barcode
   * matches): a change of words moves it only when a word gained or lost could match that word
   * (`wordsCouldMatch`), in any category, as a word new to the shop may correct it. A search of
   * more words is `byText`: where its words stand to each other ranks it.
   */
  keyword?: string;
};

/**
 * English stems that do not keep their word's first two letters (the stemmer's exceptions:
 * "dying" is searched as "die"). Every other stem does: it only strips or changes what follows.
 */
const STEMS_NOT_KEEPING_START = new Map([
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
]);

/**
 * Whether a product gaining or losing `words` could move a search for `keyword`: a word the
 * search finds as typed (begins with the keyword or its English stem, which keep its first two
 * letters), or as a correction or a suggestion (a slip or two away, or one more for "Did you
 * mean"). Null words: any.
 */
export function wordsCouldMatch(words: readonly string[] | null | undefined, keyword: string): boolean {
  if (words === null || words === undefined) return true;
  if (keyword === "") return false;
  const start = keyword.slice(0, 2);
  const stem = STEMS_NOT_KEEPING_START.get(keyword);
  const forgiven = slipsForgiven(keyword);
  const limit = forgiven > 0 ? forgiven + 1 : 0;
  return words.some(
    (word) =>
      word.startsWith(start) ||
      (stem !== undefined && word.startsWith(stem)) ||
      (limit > 0 &&
        (slipsBetween(keyword, word, limit) <= limit || slipsBetween(keyword, word, limit, true) <= limit)),
  );
}

/** Whether a new price can move `list`: by its sort, or by crossing its band or its sale filter. */
function priceMoves(change: ProductChange, list: ListingReach): boolean {
  if (list.byPrice) return true;
  if (list.priceBand === undefined && list.onSale === undefined) return false;
  const prices = change.prices;
  // A change that does not say its prices may cross anything.
  if (prices === undefined) return true;
  if (list.priceBand) {
    const [min, max] = list.priceBand;
    const within = (price: number) => (min === null || price >= min) && (max === null || price <= max);
    if (within(prices.before) !== within(prices.after)) return true;
  }
  return list.onSale !== undefined && prices.onSaleBefore !== prices.onSaleAfter;
}

/** The products an answer (or a page made of answers) shows, and the listings it is. */
export type AnswerReach = { shows: ReadonlySet<number>; lists: readonly ListingReach[] };

/** Whether `change` can alter what reaches `reach`. */
export function changeReaches(change: ProductChange, reach: AnswerReach): boolean {
  if (reach.shows.has(change.productId)) return true;
  const listed = (change.aspects & PRODUCT_CHANGE.LISTED) !== 0;
  const priced = (change.aspects & PRODUCT_CHANGE.PRICE) !== 0;
  const worded = (change.aspects & PRODUCT_CHANGE.TEXT) !== 0;
  return reach.lists.some(
    (list) =>
      (worded && list.keyword !== undefined && wordsCouldMatch(change.words, list.keyword)) ||
      ((listed || (priced && priceMoves(change, list)) || (list.byText && worded)) &&
        (list.categories === null || change.categoryIds.some((id) => list.categories?.has(id)))),
  );
}

/** The response header a catalogue answer names its reach in, for the storefront's shared pages. */
export const ANSWER_REACH_HEADER = "stoa-reach";

/**
 * The response header a catalogue answer names the last product change it was made knowing of
 * (the store's `changesSeq` as the answering process stood): every change up to it that reaches
 * the answer is in it. A page made only of answers knowing of a change cannot predate it.
 */
export const CHANGES_SEEN_HEADER = "stoa-changes-seen";

/**
 * The header's text: `s=1.2.3` the products shown; each listing `l=*` (any product) or `l=4.5`
 * (categories), then `$` when sorted by price, `[100,900]` its price band (either end may be
 * empty), `!1`/`!0` its sale filter, `~` when words matter to it, `?fresh` its one-word keyword
 * (URI-encoded); parts joined by `;`.
 */
export function reachHeaderOf(reach: AnswerReach): string {
  const parts = [`s=${[...reach.shows].join(".")}`];
  for (const list of reach.lists) {
    const categories = list.categories === null ? "*" : [...list.categories].join(".");
    const band = list.priceBand ? `[${list.priceBand[0] ?? ""},${list.priceBand[1] ?? ""}]` : "";
    const sale = list.onSale === undefined ? "" : list.onSale ? "!1" : "!0";
    const keyword = list.keyword === undefined ? "" : `?${encodeURIComponent(list.keyword)}`;
    parts.push(`l=${categories}${list.byPrice ? "$" : ""}${band}${sale}${list.byText ? "~" : ""}${keyword}`);
  }
  return parts.join(";");
}

const ids = (text: string) =>
  text === ""
    ? []
    : text
        .split(".")
        .map(Number)
        .filter((id) => Number.isInteger(id));

function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Reads a header written by `reachHeaderOf`; null for anything else. */
export function reachOfHeader(header: string): AnswerReach | null {
  const shows = new Set<number>();
  const lists: ListingReach[] = [];
  for (const part of header.split(";")) {
    if (part.startsWith("s=")) for (const id of ids(part.slice(2))) shows.add(id);
    else if (part.startsWith("l=")) {
      const listing = /^l=([*]|[\d.]*)([$]?)(?:\[(-?\d*),(-?\d*)\])?(?:!([01]))?(~?)(?:\?([^;?]*))?$/.exec(
        part,
      );
      if (!listing) return null;
      const [, categoryText, sorted, min, max, sale, worded, keywordText] = listing;
      const keyword = keywordText === undefined ? undefined : decodedOrNull(keywordText);
      if (keyword === null) return null;
      const end = (text: string | undefined) => (text === undefined || text === "" ? null : Number(text));
      lists.push({
        categories: categoryText === "*" ? null : new Set(ids(categoryText ?? "")),
        byPrice: sorted === "$",
        byText: worded === "~",
        ...(min !== undefined ? { priceBand: [end(min), end(max)] as const } : {}),
        ...(sale !== undefined ? { onSale: sale === "1" } : {}),
        ...(keyword !== undefined ? { keyword } : {}),
      });
    } else return null;
  }
  return { shows, lists };
}

/** Gathers the reaches of the answers a page is made of. */
export function joinedReach(reaches: readonly AnswerReach[]): AnswerReach {
  const shows = new Set<number>();
  for (const reach of reaches) for (const id of reach.shows) shows.add(id);
  return { shows, lists: reaches.flatMap((reach) => reach.lists) };
}
