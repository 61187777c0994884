import {
  ANSWER_REACH_HEADER,
  type Collection,
  type ListingReach,
  type Paginated,
  type ProductInfo,
  type ProductSummary,
  reachHeaderOf,
} from "@stoa/contract";
import type { Database } from "../platform/db/database.ts";
import type { AnswerCache } from "../platform/http/answer-cache.ts";
import type { RequestContext } from "../platform/http/context.ts";
import type { AnswerChanges, Route } from "../platform/http/route.ts";
import { assertOwnStore } from "../stores/service.ts";
import { categoryTree, shownCategoriesOf, withDescendants } from "./categories.ts";
import { searchCollections } from "./collections.ts";
import {
  liveStockOfCollectionPage,
  liveStockOfProductInfo,
  liveStockOfProductPage,
  ratedCollectionPage,
} from "./live-stock.ts";
import { groupOf, type ProductChangeFeed, type ProductReach } from "./product-changes.ts";
import { productInfo, recommendProducts } from "./products.ts";
import { keywordWords, normalizeKeyword, searchProducts } from "./search.ts";
import { searchStoreImages } from "./store-images.ts";
import { searchTags } from "./tags.ts";

type Ctx = { ctx: RequestContext };

/**
 * Every catalogue answer is the same for every shopper of a store in a language, so all of them are
 * kept in `cache` until the store's catalogue changes. Stock changes without the catalogue version:
 * the answers that show it read it again before they are served (decision 016). A change of one
 * product drops only the answers it reaches (decision 069): each answer below says which products
 * it shows and, for a listing, which products could join it.
 */
export function catalogueRoutes(
  route: Route,
  db: Database,
  cache: AnswerCache,
  feed: ProductChangeFeed,
): void {
  const cached = { cache };
  /**
   * Reach of an answer: what it shows (`shows`) and, for a listing, what could join it (`lists`),
   * named in a response header too, for the storefront's shared pages.
   */
  const reaching = <D, I extends Ctx>(
    reachOf: (input: I, data: D) => Promise<{ shows: number[]; lists?: ListingReach }>,
  ): AnswerChanges<D, I> => ({
    catchUp: feed.catchUp,
    async reach(input, data, seq): Promise<ProductReach> {
      const { shows, lists } = await reachOf(input, data);
      const reach = { shows: new Set(shows), lists: lists ? [lists] : [] };
      return {
        group: groupOf(input.ctx.store),
        seq,
        ...reach,
        header: [ANSWER_REACH_HEADER, reachHeaderOf(reach)],
      };
    },
  });
  /** The categories a listing filtered by, with the subcategories its statement matched too; null: all. */
  const listedIn = async (ctx: RequestContext, ids: number[] | undefined) =>
    ids && ids.length > 0 ? new Set(withDescendants(await shownCategoriesOf(db, ctx.store), ids)) : null;
  const pageShows = (page: Paginated<ProductSummary>) => page.records.map((product) => product.id);
  const productPage = { cache, live: liveStockOfProductPage(db) };
  // A search by minimum rating is not kept: which products it finds changes with every review, and
  // reviews do not move the catalogue version (decision 068). Its cards still read ratings fresh.
  const searchPage = { cache: unlessRatingFilter(cache), live: liveStockOfProductPage(db) };
  route(
    "categorySearch",
    async ({ ctx, body }) => {
      assertOwnStore(ctx.store, body.storeId);
      const rows = await shownCategoriesOf(db, ctx.store);
      return categoryTree(rows, { isAvailable: body.isAvailable, language: body.language ?? ctx.locale });
    },
    cached,
  );

  route(
    "productSearch",
    async ({ ctx, query, body }) => {
      assertOwnStore(ctx.store, body.storeId);
      // Its cards' ratings come in its page's statement (search.ts), as those of hot and recommend.
      return searchProducts(db, ctx.store, body, query, ctx.locale);
    },
    {
      ...searchPage,
      changes: reaching(async ({ ctx, body }, page) => {
        const keyword = normalizeKeyword(body.keyword);
        const words = keyword === null ? null : keywordWords(keyword);
        return {
          shows: pageShows(page),
          lists: {
            categories: await listedIn(ctx, body.categoryIds),
            byPrice: body.sortField === "price",
            ...(body.minPrice !== undefined || body.maxPrice !== undefined
              ? { priceBand: [body.minPrice ?? null, body.maxPrice ?? null] as const }
              : {}),
            ...(body.isOnSale !== undefined ? { onSale: body.isOnSale } : {}),
            // A keyword of one word is moved only by words that could match it (or of none, only a
            // new code); one of more words by any word of its products: where they stand ranks it.
            ...(words !== null && words.length <= 1 ? { keyword: words[0] ?? "" } : {}),
            byText:
              (words !== null && words.length > 1) ||
              body.sortField === "name" ||
              Boolean(body.brandLocalizations?.trim() || body.remarks?.trim() || body.sku || body.barCode),
          },
        };
      }),
    },
  );

  route(
    "productHot",
    async ({ ctx, query, body }) =>
      searchProducts(
        db,
        ctx.store,
        { categoryIds: body.categoryIds, sortField: "salesVolume" },
        query,
        ctx.locale,
      ),
    {
      ...productPage,
      changes: reaching(async ({ ctx, body }, page) => ({
        shows: pageShows(page),
        lists: { categories: await listedIn(ctx, body.categoryIds), byPrice: false, byText: false },
      })),
    },
  );

  route(
    "productRecommend",
    async ({ ctx, query, body }) => recommendProducts(db, ctx.store, body.productId, query, ctx.locale),
    {
      ...productPage,
      // For a product: the best sellers of its categories, which are read inside (so any listing
      // change of the store may move them), and the product itself; else the best sellers on sale
      // (a new price moves them only by putting a product on sale or taking it off).
      changes: reaching(async ({ body }, page) =>
        body.productId === undefined
          ? {
              shows: pageShows(page),
              lists: { categories: null, byPrice: false, byText: false, onSale: true },
            }
          : {
              shows: [...pageShows(page), body.productId],
              lists: { categories: null, byPrice: false, byText: false },
            },
      ),
    },
  );

  route(
    "productInfo",
    // Its ratings and those of its related products come in its one statement.
    async ({ ctx, params }) => productInfo(db, ctx.store, params.id, ctx.locale),
    {
      cache,
      live: liveStockOfProductInfo(db),
      // The product, and its "you may also like" shelf: the best sellers of its categories.
      changes: reaching<ProductInfo, Ctx>(async ({ ctx }, info) => ({
        shows: [info.id, ...info.related.map((product) => product.id)],
        lists: { categories: await listedIn(ctx, info.categoryIds), byPrice: false, byText: false },
      })),
    },
  );

  route("tagSearch", async ({ ctx, body }) => searchTags(db, ctx.store, body, ctx.locale), {
    cache,
    // Each tag with how many available products carry it: any product's listing change may move it.
    changes: reaching(async () => ({
      shows: [],
      lists: { categories: null, byPrice: false, byText: false },
    })),
  });

  route(
    "collectionSearch",
    async ({ ctx, query, body }) =>
      ratedCollectionPage(db, ctx.store.id, await searchCollections(db, ctx.store, body, query, ctx.locale)),
    {
      cache,
      live: liveStockOfCollectionPage(db),
      // Which products a collection holds is the catalogue version's; which of them are available
      // (and so shown) is any product's.
      changes: reaching<Paginated<Collection>, Ctx>(async (_input, page) => ({
        shows: page.records.flatMap((collection) => collection.products.map((product) => product.id)),
        lists: { categories: null, byPrice: false, byText: false },
      })),
    },
  );

  route(
    "storeImageSearch",
    async ({ ctx, body }) => searchStoreImages(db, ctx.store, body.type, ctx.locale),
    cached,
  );
}

/** The answer cache, except for a search by minimum rating, which is computed every time. */
function unlessRatingFilter(cache: AnswerCache): AnswerCache {
  return {
    answer: (key, compute, asOf) =>
      key.includes('"minRating"') ? compute() : cache.answer(key, compute, asOf),
    forget: (group, reaches) => cache.forget(group, reaches),
    get stats() {
      return cache.stats;
    },
  };
}
