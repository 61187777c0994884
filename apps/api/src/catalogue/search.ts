import {
  countedResultsCap,
  type Locale,
  type PaginationQuery,
  type ProductSearchFilter,
  type ProductSearchResult,
  paginate,
} from "@stoa/contract";
import { and, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { type CappedTotal, countUpTo } from "../platform/db/counting.ts";
import type { Database } from "../platform/db/database.ts";
import { ratingAtLeast } from "../reviews/ratings.ts";
import type { StoreRow } from "../stores/tables.ts";
import { shownCategoriesOf, withDescendants } from "./categories.ts";
import { asDate, productSummaryOf, type SummaryRow, summaryColumnsSql } from "./product-summary.ts";
import { shopVocabulary } from "./search-words.ts";
import { correctionsOf, type ShopVocabulary, suggestedWords } from "./spelling.ts";
import { products, productTags } from "./tables.ts";

/*
 * Keyword search (docs/decisions/007-keyword-search.md, 045-forgiving-search.md): full-text matches
 * of the weighted document `products.search_vector` (names A, brands B, descriptions C, every
 * language) and an exact sku or barcode. Every word of the keyword also finds the shop's own words a
 * slip or two away ("stawberry" finds Strawberry); products matching the words as typed rank above
 * those found only through a correction. When a search finds nothing as typed, the answer offers
 * the nearest words of the shop as a suggestion.
 */

/** Words of a keyword that are searched; the rest of a pasted paragraph adds nothing but cost. */
const MAX_KEYWORD_WORDS = 8;

/** `%` and `_` typed by a shopper are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function normalizeKeyword(keyword: string | undefined): string | null {
  const text = keyword?.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return text ? text : null;
}

/**
 * The words of a keyword as the full-text parser sees them: runs of letters (with their combining
 * marks, as in Arabic) and digits. Punctuation separates words and never reaches `to_tsquery`, so
 * no shopper input is a tsquery syntax error.
 */
export function keywordWords(keyword: string): string[] {
  return (keyword.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_KEYWORD_WORDS);
}

/**
 * One word as typed: as a word or the start of one (search as you type: "bana" finds Banana),
 * either as written (Arabic, Hebrew, brands) or by its English stem ("apples" finds Apple), read
 * from the search index once when the stem begins the word (migration 0056).
 * One-letter words match whole words only: as a prefix they would match most of the catalogue.
 */
export function typedWordQuery(word: string): SQL {
  return sql`stoa_typed_word_query(${word.length > 1 ? `${word}:*` : word})`;
}

/** One word as typed or as any of its corrections, which are whole words of the shop's names. */
function forgivingWordQuery(word: string, corrections: string[]): SQL {
  return sql.join(
    [typedWordQuery(word), ...corrections.map((near) => sql`to_tsquery('simple'::regconfig, ${near})`)],
    sql` || `,
  );
}

/** Every word must match. Parenthesised whole: `@@` binds tighter than the `&&` joining the words. */
function allWords(queries: SQL[]): SQL {
  return sql`(${sql.join(
    queries.map((query) => sql`(${query})`),
    sql` && `,
  )})`;
}

/** How a keyword is matched and ranked; built once per request. */
type KeywordMatch = {
  words: string[];
  /** The keyword is the product's sku or barcode. */
  code: SQL;
  /** Every word matches as typed. */
  typed: SQL | undefined;
  /** Each word as typed or corrected, one query per word. */
  forgiving: SQL[];
  /** Every word as typed or by its nearest corrections: the closer of two typos ranks higher. */
  nearest: SQL | undefined;
};

function keywordMatch(rawKeyword: string, keyword: string, vocabulary: ShopVocabulary): KeywordMatch {
  const words = keywordWords(keyword);
  const corrections = words.map((word) => correctionsOf(vocabulary, word));
  const typedQuery = words.length > 0 ? allWords(words.map(typedWordQuery)) : undefined;
  // Skus are stored as the shop wrote them (usually upper case); a shopper types either.
  const typedCode = rawKeyword.normalize("NFC").trim();
  return {
    words,
    code: sql`(${products.sku} IN (${typedCode}, ${typedCode.toUpperCase()}) OR ${products.barcode} = ${typedCode})`,
    typed: typedQuery ? sql`${products.searchVector} @@ ${typedQuery}` : undefined,
    forgiving: words.map((word, i) => forgivingWordQuery(word, corrections[i]?.all ?? [])),
    nearest:
      words.length > 0
        ? sql`${products.searchVector} @@ ${allWords(words.map((word, i) => forgivingWordQuery(word, corrections[i]?.nearest ?? [])))}`
        : undefined,
  };
}

/** One key of a page's order: an expression and its direction. */
type Sort = { by: SQL; dir: "asc" | "desc" };
const descending = (by: SQL): Sort => ({ by, dir: "desc" });

/**
 * ORDER BY of a listing without a keyword, or with a keyword and a sort the shopper chose. The id
 * breaks ties in the same direction as the sort key, so a listing index `(store_id, key, id)`
 * serves it, read forwards or backwards. Undefined means "by relevance".
 */
function chosenOrder(filter: ProductSearchFilter, hasKeyword: boolean): Sort[] | undefined {
  const field =
    filter.sortField ?? (filter.timeSort ? "createTime" : hasKeyword ? "relevance" : "createTime");
  const direction = filter.sortType ?? (field === "createTime" ? filter.timeSort : undefined);
  const by = (column: SQL, defaultDir: "asc" | "desc"): Sort[] => {
    const dir = direction ?? defaultDir;
    return [
      { by: column, dir },
      { by: sql`${products.id}`, dir },
    ];
  };
  switch (field) {
    case "price":
      return by(sql`${products.effectivePrice}`, "asc");
    case "salesVolume":
      return by(sql`${products.salesVolume}`, "desc");
    case "name":
      return by(sql`${products.nameLocalizations}->>'en'`, "asc");
    case "relevance":
      return hasKeyword ? undefined : by(sql`${products.createdAt}`, "desc");
    default:
      return by(sql`${products.createdAt}`, "desc");
  }
}

/** The shopper's filter, plus what the server itself may add (a product to leave out of its own recommendations). */
export type ProductQuery = ProductSearchFilter & {
  excludeId?: number;
  /** A shelf that is never paged (related products) needs no total: the count query is skipped. */
  withoutTotal?: boolean;
};

/** Every condition of the filter except the keyword, which `searchProducts` matches and ranks itself. */
async function conditionsOf(db: Database, store: StoreRow, filter: ProductQuery): Promise<SQL[]> {
  const where: SQL[] = [eq(products.storeId, store.id), eq(products.isAvailable, filter.isAvailable ?? true)];
  if (filter.excludeId !== undefined) where.push(sql`${products.id} <> ${filter.excludeId}`);
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    const ids = withDescendants(await shownCategoriesOf(db, store), filter.categoryIds);
    // `category_ids` mirrors product_categories; its GIN index intersects with the keyword's.
    where.push(sql`${products.categoryIds} && ${sql.param(ids)}::int[]`);
  }
  if (filter.minPrice !== undefined) where.push(gte(products.effectivePrice, filter.minPrice));
  if (filter.maxPrice !== undefined) where.push(lte(products.effectivePrice, filter.maxPrice));
  if (filter.isOnSale === true)
    where.push(and(isNotNull(products.salePrice), sql`${products.salePrice} < ${products.price}`) as SQL);
  if (filter.isOnSale === false)
    where.push(sql`(${products.salePrice} IS NULL OR ${products.salePrice} >= ${products.price})`);
  if (filter.inStock === true) where.push(gt(products.stock, 0));
  if (filter.minRating !== undefined) {
    // The average as shown (one decimal) at least the one asked: "4 stars & up" keeps a 3.96.
    where.push(ratingAtLeast(sql`${products.storeId}`, sql`${products.id}`, filter.minRating));
  }
  if (filter.sku) where.push(eq(products.sku, filter.sku.trim()));
  if (filter.barCode) where.push(eq(products.barcode, filter.barCode.trim()));
  if (filter.brandLocalizations?.trim()) {
    where.push(
      sql`${products.brandLocalizations}::text ILIKE ${likePattern(filter.brandLocalizations.trim())}`,
    );
  }
  if (filter.tagIds && filter.tagIds.length > 0) {
    // Scoped by the product's store, so another store's tag ids match nothing.
    where.push(
      sql`EXISTS (SELECT 1 FROM ${productTags} WHERE ${productTags.storeId} = ${products.storeId}
        AND ${productTags.productId} = ${products.id} AND ${inArray(productTags.tagId, filter.tagIds)})`,
    );
  }
  if (filter.remarks?.trim()) {
    where.push(
      sql`EXISTS (SELECT 1 FROM jsonb_each_text(${products.remarksLocalizations}) AS remark
        WHERE remark.value ILIKE ${likePattern(filter.remarks.trim())})`,
    );
  }
  return where;
}

type Total = CappedTotal;

/** How many products match, counted up to `cap`; one more tells whether there are more than that. */
const countMatches = (db: Database, where: SQL | undefined, cap: number) =>
  countUpTo(db, products, where, cap);

/** A page's product as its statement reads it: the card's columns and rating, by `summaryColumnsSql`. */
const cardColumns = sql.raw(summaryColumnsSql("p", { rating: true }));

type PageRow = Partial<SummaryRow> & {
  /** The window count of every match (`countAll`). */
  total: number | null;
  anyAsTyped: boolean | null;
  /** Matches counted up to the cap, when the page cannot tell its total itself (`countTo`). */
  counted: number | null;
};

type IdPage = {
  ids: number[];
  /** The page's products with their cards' columns, in the page's order. */
  rows: SummaryRow[];
  total: Total | undefined;
  /** Whether any match (not only the page's) meets `asTyped`; unknown from an empty page. */
  anyAsTyped?: boolean;
};

/**
 * One page of products with everything their cards show, ratings included, in ONE statement
 * (issue 38): each statement an answer sends costs the API a socket write and the database's
 * wake-up, more than building the cards. The page's ids are chosen first by `order` (a subquery
 * that reads only the narrow ordering columns), then its rows are read by primary key.
 *
 * With `countAll`, the same ordering counts every match (a window count): a keyword query reads all
 * its matches to rank or sort them anyway, so the count is free there, and so is telling whether
 * any of them meets `asTyped`. With `countTo`, a page that cannot tell its total itself (a full
 * page, or an empty one past the first) counts the matches up to that cap in the same statement.
 *
 * Not a named statement: its conditions and ranking change with the filter and the keyword's
 * words, and the planner must see the values (a category's size decides whether the sales index
 * or the category index reads it), which a plan made once for every value would not.
 */
async function idPage(
  db: Database,
  store: StoreRow,
  where: SQL | undefined,
  order: Sort[],
  page: PaginationQuery,
  { countAll = false, asTyped, countTo }: { countAll?: boolean; asTyped?: SQL; countTo?: number },
): Promise<IdPage> {
  const offset = (page.page - 1) * page.limit;
  const keys = order.map((sort, i) => sql`, ${sort.by} AS ${sql.raw(`k${i}`)}`);
  const orderOf = (table: string) =>
    order.length === 0
      ? sql``
      : sql.raw(` ORDER BY ${order.map((sort, i) => `${table}k${i} ${sort.dir}`).join(", ")}`);
  const chosen = sql`SELECT ${products.id} AS id${sql.join(keys)}${
    countAll ? sql`, count(*) OVER ()::int AS total` : sql``
  }${asTyped ? sql`, bool_or(${asTyped}) OVER () AS "anyAsTyped"` : sql``}
    FROM ${products} WHERE ${where ?? sql`true`}${orderOf("")} LIMIT ${page.limit} OFFSET ${offset}`;
  // How many rows the page holds, from the outer query's rows (one empty row for an empty page).
  const onPage = sql`count(page.id) OVER ()`;
  const counted =
    countTo === undefined
      ? sql`NULL::int`
      : sql`CASE WHEN ${onPage} < ${page.limit} AND (${onPage} > 0 OR ${offset} = 0) THEN NULL
          ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${products} WHERE ${where ?? sql`true`}
                LIMIT ${countTo + 1}) AS matches) END`;
  // The empty row of `one` keeps the statement's answer non-empty when the page is: the count of
  // an empty page past the first still comes back.
  const result = (await db.execute(sql`SELECT ${countAll ? sql`page.total` : sql`NULL::int`} AS total,
      ${asTyped ? sql`page."anyAsTyped"` : sql`NULL::boolean`} AS "anyAsTyped", ${counted} AS counted,
      ${cardColumns}
    FROM (SELECT 1) AS one
    LEFT JOIN ((${chosen}) AS page JOIN ${products} p ON p.store_id = ${store.id} AND p.id = page.id) ON true
    ${orderOf("page.")}`)) as unknown as { rows: PageRow[] };
  const rows = result.rows.filter((row) => row.id !== null && row.id !== undefined).map(summaryRowOf);
  const ids = rows.map((r) => r.id);
  const first = result.rows[0];
  if (countAll && rows.length > 0) {
    const all = Number(first?.total);
    const cap = countedResultsCap(page);
    return {
      ids,
      rows,
      total: { total: Math.min(all, cap), lowerBound: all > cap },
      anyAsTyped: first?.anyAsTyped ?? undefined,
    };
  }
  // A page that is not full carries its own total (decision 006); so does an empty first page.
  if (rows.length < page.limit && (rows.length > 0 || offset === 0))
    return { ids, rows, total: { total: offset + rows.length, lowerBound: false } };
  if (countTo !== undefined && first?.counted !== null && first?.counted !== undefined) {
    const all = Number(first.counted);
    return { ids, rows, total: { total: Math.min(all, countTo), lowerBound: all > countTo } };
  }
  return { ids, rows, total: undefined };
}

/** A card's row as a statement's page brings it: its time as a Date whatever the driver. */
function summaryRowOf(row: PageRow): SummaryRow {
  const { total: _total, anyAsTyped: _anyAsTyped, counted: _counted, ...card } = row;
  const summary = card as SummaryRow;
  return { ...summary, createdAt: asDate(summary.createdAt) };
}

/** Whether any product of the store matches: one row at most, read through the indexes. */
async function anyMatches(db: Database, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(products).where(where).limit(1);
  return rows.length > 0;
}

type KeywordPage = IdPage & { where: SQL | undefined; suggestion?: string };

/**
 * Keyword search: every word as typed or corrected, ranked (or in the chosen order) so that
 * products matching the words as typed come first. When no product has every word, products with
 * some of them are listed, most words first ("motor oil" lists the engine oils). When nothing
 * matches the words as typed, the nearest words of the shop are offered as a suggestion.
 */
async function keywordIdPage(
  db: Database,
  store: StoreRow,
  conditions: SQL[],
  match: KeywordMatch,
  vocabulary: ShopVocabulary,
  chosen: Sort[] | undefined,
  page: PaginationQuery,
): Promise<KeywordPage> {
  const { code, typed, nearest, forgiving, words } = match;
  const everyWord = forgiving.length > 0 ? allWords(forgiving) : undefined;
  const matchesAll = everyWord ? sql`${products.searchVector} @@ ${everyWord}` : undefined;
  const where = and(...conditions, matchesAll ? sql`(${matchesAll} OR ${code})` : code);
  const asTyped = typed ? sql`(${typed} OR ${code})` : code;
  let found: KeywordPage = {
    ...(await idPage(
      db,
      store,
      where,
      chosen ?? [
        descending(code),
        ...(typed ? [descending(typed)] : []),
        ...(nearest ? [descending(nearest)] : []),
        ...(everyWord ? [descending(sql`ts_rank(${products.searchVector}, ${everyWord})`)] : []),
        descending(sql`${products.salesVolume}`),
        descending(sql`${products.id}`),
      ],
      page,
      { countAll: true, asTyped },
    )),
    where,
  };
  // Whether the search widens depends on its total only, never on the page asked, so every page
  // of one search lists the same products.
  const total = (found.total ?? (await countMatches(db, where, 1))).total;
  if (total === 0 && forgiving.length > 1) {
    const someWord = sql`(${sql.join(
      forgiving.map((query) => sql`(${query})`),
      sql` || `,
    )})`;
    const wordsMatched = (queries: SQL[]) =>
      sql.join(
        queries.map((query) => sql`(${products.searchVector} @@ (${query}))::int`),
        sql` + `,
      );
    const someWhere = and(...conditions, sql`${products.searchVector} @@ ${someWord}`);
    found = {
      ...(await idPage(
        db,
        store,
        someWhere,
        chosen ?? [
          descending(wordsMatched(words.map(typedWordQuery))),
          descending(wordsMatched(forgiving)),
          descending(sql`ts_rank(${products.searchVector}, ${someWord})`),
          descending(sql`${products.salesVolume}`),
          descending(sql`${products.id}`),
        ],
        page,
        { countAll: true },
      )),
      where: someWhere,
    };
  }
  const foundAsTyped = total > 0 && (found.anyAsTyped ?? (await anyMatches(db, and(...conditions, asTyped))));
  if (foundAsTyped) return found;
  const suggested = suggestedWords(vocabulary, words);
  if (!suggested) return found;
  // Offered only when it finds something, under the same filters.
  const suggestedTyped = sql`${products.searchVector} @@ ${allWords(suggested.map(typedWordQuery))}`;
  return (await anyMatches(db, and(...conditions, suggestedTyped)))
    ? { ...found, suggestion: suggested.join(" ") }
    : found;
}

/** One page of products matching the filter, with the total for pagination (and a suggestion). */
export async function searchProducts(
  db: Database,
  store: StoreRow,
  filter: ProductQuery,
  page: PaginationQuery,
  locale: Locale,
): Promise<ProductSearchResult> {
  const conditions = await conditionsOf(db, store, filter);
  const keyword = normalizeKeyword(filter.keyword);
  const chosen = chosenOrder(filter, keyword !== null);
  const found: KeywordPage = keyword
    ? await (async () => {
        const vocabulary = await shopVocabulary(db, store);
        const match = keywordMatch(filter.keyword ?? "", keyword, vocabulary);
        return keywordIdPage(db, store, conditions, match, vocabulary, chosen, page);
      })()
    : await (async () => {
        const where = and(...conditions);
        // A listing's total is counted in its page's statement (a shelf never paged needs none).
        const countTo = filter.withoutTotal ? undefined : countedResultsCap(page);
        return { ...(await idPage(db, store, where, chosen ?? [], page, { countTo })), where };
      })();
  const { total, lowerBound } =
    found.total ??
    (filter.withoutTotal
      ? { total: (page.page - 1) * page.limit + found.ids.length, lowerBound: true }
      : await countMatches(db, found.where, countedResultsCap(page)));
  const listed = paginate(
    found.rows.map((row) => productSummaryOf(row, store, locale)),
    total,
    page,
    lowerBound,
  );
  return found.suggestion === undefined ? listed : { ...listed, suggestion: found.suggestion };
}
