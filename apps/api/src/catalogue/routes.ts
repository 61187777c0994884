import type { Database } from "../platform/db/database.ts";
import type { AnswerCache } from "../platform/http/answer-cache.ts";
import type { Route } from "../platform/http/route.ts";
import { assertOwnStore } from "../stores/service.ts";
import { categoryTree, shownCategoriesOf } from "./categories.ts";
import { searchCollections } from "./collections.ts";
import {
  liveStockOfCollectionPage,
  liveStockOfProductInfo,
  liveStockOfProductPage,
  ratedCollectionPage,
} from "./live-stock.ts";
import { productInfo, recommendProducts } from "./products.ts";
import { searchProducts } from "./search.ts";
import { searchStoreImages } from "./store-images.ts";
import { searchTags } from "./tags.ts";

/**
 * Every catalogue answer is the same for every shopper of a store in a language, so all of them are
 * kept in `cache` until the store's catalogue changes. Stock changes without the catalogue version:
 * the answers that show it read it again before they are served (decision 016).
 */
export function catalogueRoutes(route: Route, db: Database, cache: AnswerCache): void {
  const cached = { cache };
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
    searchPage,
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
    productPage,
  );

  route(
    "productRecommend",
    async ({ ctx, query, body }) => recommendProducts(db, ctx.store, body.productId, query, ctx.locale),
    productPage,
  );

  route(
    "productInfo",
    // Its ratings and those of its related products come in its one statement.
    async ({ ctx, params }) => productInfo(db, ctx.store, params.id, ctx.locale),
    {
      cache,
      live: liveStockOfProductInfo(db),
    },
  );

  route("tagSearch", async ({ ctx, body }) => searchTags(db, ctx.store, body, ctx.locale), cached);

  route(
    "collectionSearch",
    async ({ ctx, query, body }) =>
      ratedCollectionPage(db, ctx.store.id, await searchCollections(db, ctx.store, body, query, ctx.locale)),
    { cache, live: liveStockOfCollectionPage(db) },
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
    answer: (key, compute) =>
      key.includes('"minRating"') ? compute().then((a) => a.body) : cache.answer(key, compute),
    get stats() {
      return cache.stats;
    },
  };
}
