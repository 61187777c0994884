import {
  countedResultsCap,
  type Locale,
  type Paginated,
  type PaginationQuery,
  type ProductSearchFilter,
  type ProductSummary,
  paginate,
} from "@stoa/contract";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { shownCategories, withDescendants } from "./categories.ts";
import { productSummaryOf, summaryColumns } from "./product-summary.ts";
import { products, productTags } from "./tables.ts";

/*
 * Keyword search (docs/decisions/007-keyword-search.md): full-text matches of the weighted document
 * `products.search_vector` (names A, brands B, descriptions C, every language) and an exact sku or
 * barcode, ranked; only when those find fewer than FEW_KEYWORD_MATCHES products are trigram
 * ("typo") matches of `products.search_text` added, always ranked below them.
 */

/** Fewer full-text matches than this and typo-tolerant matches are listed after them. */
export const FEW_KEYWORD_MATCHES = 10;
/**
 * How close a word of the product must be to the keyword to count as a typo of it (pg_trgm word
 * similarity, 0–1): 0.5 lets one wrong, missing or extra letter through in words of four or more
 * letters ("sofs" → sofa, "bananna" → banana) without matching unrelated words.
 */
const TYPO_SIMILARITY = 0.5;
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
 * Every word must match, as a word or as the start of one (search as you type: "bana" finds
 * Banana), either as written (Arabic, Hebrew, brands) or by its English stem ("apples" finds Apple).
 * One-letter words match whole words only: as a prefix they would match most of the catalogue.
 */
function fullTextQuery(words: string[]): SQL {
  // Parenthesised whole: `@@` binds tighter than the `&&` joining the words.
  const joined = sql.join(
    words.map((word) => {
      const lexeme = word.length > 1 ? `${word}:*` : word;
      return sql`(to_tsquery('simple'::regconfig, ${lexeme}) || to_tsquery('english'::regconfig, ${lexeme}))`;
    }),
    sql` && `,
  );
  return sql`(${joined})`;
}

/** How a keyword is matched and ranked; built once per request. */
type KeywordMatch = {
  /** Full-text match, or the keyword is the product's sku or barcode. */
  exact: SQL;
  /** The keyword is a typo of a word of the product (trigram word similarity). */
  typo: SQL;
  /** Ranking keys, best first. */
  rank: (withTypos: boolean) => SQL[];
};

function keywordMatch(rawKeyword: string, keyword: string): KeywordMatch {
  const words = keywordWords(keyword);
  const query = words.length > 0 ? fullTextQuery(words) : undefined;
  const fullText = query ? sql`${products.searchVector} @@ ${query}` : undefined;
  // Skus are stored as the shop wrote them (usually upper case); a shopper types either.
  const typed = rawKeyword.normalize("NFC").trim();
  const code = sql`(${products.sku} IN (${typed}, ${typed.toUpperCase()}) OR ${products.barcode} = ${typed})`;
  const exact = fullText ? sql`(${fullText} OR ${code})` : code;
  const typo = sql`${keyword} <% ${products.searchText}`;
  return {
    exact,
    typo,
    rank: (withTypos) => [
      desc(code),
      ...(fullText && withTypos ? [desc(fullText)] : []),
      ...(query ? [desc(sql`ts_rank(${products.searchVector}, ${query})`)] : []),
      ...(withTypos ? [desc(sql`word_similarity(${keyword}, ${products.searchText})`)] : []),
      desc(products.salesVolume),
      desc(products.id),
    ],
  };
}

/**
 * ORDER BY of a listing without a keyword, or with a keyword and a sort the shopper chose. The id
 * breaks ties in the same direction as the sort key, so a listing index `(store_id, key, id)`
 * serves it, read forwards or backwards. Undefined means "by relevance".
 */
function chosenOrder(filter: ProductSearchFilter, hasKeyword: boolean): SQL[] | undefined {
  const field =
    filter.sortField ?? (filter.timeSort ? "createTime" : hasKeyword ? "relevance" : "createTime");
  const direction = filter.sortType ?? (field === "createTime" ? filter.timeSort : undefined);
  const by = (column: SQL, defaultDir: "asc" | "desc") =>
    (direction ?? defaultDir) === "asc" ? [asc(column), asc(products.id)] : [desc(column), desc(products.id)];
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
    const ids = withDescendants(await shownCategories(db, store.id), filter.categoryIds);
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

type Total = { total: number; lowerBound: boolean };

/** How many products match, counted up to `cap`; one more tells whether there are more than that. */
async function countMatches(db: Database, where: SQL | undefined, cap: number): Promise<Total> {
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const [row] = await db.select({ total: count() }).from(matches);
  const counted = row?.total ?? 0;
  return { total: Math.min(counted, cap), lowerBound: counted > cap };
}

type IdPage = { ids: number[]; total: Total | undefined };

/**
 * The ids of one page. With `countAll`, the same statement counts every match (a window count):
 * a keyword query reads all its matches to rank or sort them anyway, so the count is free there.
 */
async function idPage(
  db: Database,
  where: SQL | undefined,
  orderBy: SQL[],
  page: PaginationQuery,
  countAll: boolean,
): Promise<IdPage> {
  const offset = (page.page - 1) * page.limit;
  const rows = await db
    .select({
      id: products.id,
      ...(countAll ? { total: sql<number>`count(*) OVER ()`.mapWith(Number) } : {}),
    })
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(offset);
  const ids = rows.map((r) => r.id);
  const counted = (rows[0] as { total?: number } | undefined)?.total;
  if (counted !== undefined) {
    const cap = countedResultsCap(page);
    return { ids, total: { total: Math.min(counted, cap), lowerBound: counted > cap } };
  }
  // A page that is not full carries its own total (decision 006); so does an empty first page.
  if (rows.length < page.limit && (rows.length > 0 || offset === 0))
    return { ids, total: { total: offset + rows.length, lowerBound: false } };
  return { ids, total: undefined };
}

/**
 * Keyword search: exact matches ranked (or in the chosen order); when they are fewer than
 * FEW_KEYWORD_MATCHES, the same query again with typo matches, which rank below every exact one.
 */
async function keywordIdPage(
  db: Database,
  conditions: SQL[],
  match: KeywordMatch,
  chosen: SQL[] | undefined,
  page: PaginationQuery,
): Promise<IdPage & { where: SQL | undefined }> {
  const exactWhere = and(...conditions, match.exact);
  const exact = await idPage(db, exactWhere, chosen ?? match.rank(false), page, true);
  // Whether typos join depends on the number of exact matches only, never on the page asked, so
  // every page of one search lists the same products.
  const exactTotal = (exact.total ?? (await countMatches(db, exactWhere, FEW_KEYWORD_MATCHES))).total;
  if (exactTotal >= FEW_KEYWORD_MATCHES) return { ...exact, where: exactWhere };
  const where = and(...conditions, sql`(${match.exact} OR ${match.typo})`);
  const withTypos = await db.transaction(async (tx) => {
    // The `<%` operator (served by the trigram index) reads its threshold from this setting.
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`,
    );
    return idPage(tx as unknown as Database, where, chosen ?? match.rank(true), page, true);
  });
  return { ...withTypos, where };
}

/** One page of products matching the filter, with the total for pagination. */
export async function searchProducts(
  db: Database,
  store: StoreRow,
  filter: ProductQuery,
  page: PaginationQuery,
  locale: Locale,
): Promise<Paginated<ProductSummary>> {
  const conditions = await conditionsOf(db, store, filter);
  const keyword = normalizeKeyword(filter.keyword);
  const chosen = chosenOrder(filter, keyword !== null);
  const found = keyword
    ? await keywordIdPage(db, conditions, keywordMatch(filter.keyword ?? "", keyword), chosen, page)
    : await (async () => {
        const where = and(...conditions);
        return { ...(await idPage(db, where, chosen ?? [], page, false)), where };
      })();
  const { total, lowerBound } =
    found.total ??
    (filter.withoutTotal
      ? { total: (page.page - 1) * page.limit + found.ids.length, lowerBound: true }
      : await countMatches(db, found.where, countedResultsCap(page)));
  // Rows are read only for the page, by primary key, after the (narrow) ordering above.
  const rows =
    found.ids.length === 0
      ? []
      : await db
          .select(summaryColumns)
          .from(products)
          .where(and(eq(products.storeId, store.id), inArray(products.id, found.ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = found.ids.flatMap((id) => byId.get(id) ?? []);
  return paginate(
    ordered.map((row) => productSummaryOf(row, store, locale)),
    total,
    page,
    lowerBound,
  );
}
