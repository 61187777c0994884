import {
  type Category,
  type CategoryLayout,
  PRODUCTS_PER_PAGE,
  type ProductTag,
  paginate,
} from "@stoa/contract";
import { ListingLayout, loadAllLayouts } from "../../catalogue/listing/ListingLayout.tsx";
import { facetOf, listingFacets, NO_FACETS } from "../../catalogue/listing/listing-facets.ts";
import { chooseLayout } from "../../catalogue/listing/listing-layout.ts";
import type { Listing } from "../../catalogue/listing/listing-types.ts";
import { productListTitle } from "../../catalogue/listing/product-list-title.ts";
import {
  findCategory,
  productListSearch,
  productSearchBody,
  readProductListQuery,
  resolveCategoryIds,
  resolveTagIds,
  slugWords,
} from "../../catalogue/listing/product-query.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { layoutPreviewAllowed } from "../../platform/layout-preview.server.ts";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { visibleCategories } from "../../shell/shop.ts";
import type { Route } from "./+types/products";

/** How many of the list's best sellers are read to find the makers and remarks it can be narrowed to. */
const FACET_SAMPLE_SIZE = 120;

export async function loader({ request, context }: Route.LoaderArgs): Promise<Listing> {
  const read = readProductListQuery(new URL(request.url).searchParams);
  const query = { ...read, layout: layoutPreviewAllowed() ? read.layout : ("" as const) };
  const { storeApi } = context;
  const locale = storeApi.locale;

  const [, tree, tagAnswer] = await Promise.all([
    // Loaded once per server; this only waits on the first list it serves.
    loadAllLayouts(),
    query.categories.length > 0
      ? storeApi.page("categorySearch", { body: { language: locale, isAvailable: 1 } })
      : Promise.resolve([] as Category[]),
    storeApi.pageAnswer("tagSearch", { body: {} }),
  ]);
  // Tags only refine the list: without them (an older API, a hiccup) the list still shows.
  const tags: ProductTag[] = tagAnswer.ok ? tagAnswer.data : [];

  let categoryIds: number[] = [];
  // One category's page takes the layout staff chose for it; several together, the shop's.
  let categoryLayout: CategoryLayout | null = null;
  if (query.categories.length > 0) {
    const shown = visibleCategories(tree);
    categoryIds = resolveCategoryIds(shown, query.categories);
    if (categoryIds.length === 0) throw pageProblem("not-found", 404);
    const [only, ...more] = query.categories;
    if (only !== undefined && more.length === 0) categoryLayout = findCategory(shown, only)?.layout ?? null;
  }
  const tagIds = resolveTagIds(tags, query.tags);
  const unknownTags = query.tags.filter(
    (slug) => !tags.some((t) => t.slug === slug || String(t.id) === slug),
  );
  const empty = paginate([], 0, { limit: PRODUCTS_PER_PAGE, page: 1 });
  if (query.tags.length > 0 && tagIds.length === 0) {
    return { query, result: empty, tags, facets: NO_FACETS, unknownTags, categoryLayout };
  }

  // The makers and remarks on offer come from the list without its own maker and remark filters,
  // so choosing one still shows the others.
  const sampleCall = storeApi.page("productSearch", {
    query: { limit: FACET_SAMPLE_SIZE, page: 1 },
    body: productSearchBody(
      { ...query, manufacturer: "", author: "", remarks: "", sort: "best-selling" },
      { categoryIds, tagIds, brand: "" },
    ),
  });
  const search = (brand: string) =>
    storeApi.page("productSearch", {
      query: { limit: PRODUCTS_PER_PAGE, page: query.page },
      body: productSearchBody(query, { categoryIds, tagIds, brand }),
    });
  const maker = query.manufacturer || query.author;
  if (!maker) {
    const [sample, result] = await Promise.all([sampleCall, search("")]);
    return { query, result, tags, facets: listingFacets(sample.records), unknownTags, categoryLayout };
  }
  // A maker is matched by its own spelling when the sample knows it ("O'Brien" for "o-brien").
  const facets = listingFacets((await sampleCall).records);
  const result = await search(facetOf(facets.brands, maker)?.label ?? slugWords(maker));
  return { query, result, tags, facets, unknownTags, categoryLayout };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop" || !loaderData) return shopMeta(root, { path: "/products" });
  const { t } = metaTranslator(root);
  return shopMeta(root, {
    title: productListTitle(t, loaderData.query, root.categories, root.locale),
    // A preview shows the same products: the canonical address is the list's, without it.
    path: `/products${productListSearch({ ...loaderData.query, layout: "" })}`,
  });
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { store } = useShop();
  const layout = chooseLayout(
    loaderData.categoryLayout ?? store.settings.layoutType,
    loaderData.query.layout,
  );
  return <ListingLayout layout={layout} listing={loaderData} />;
}
