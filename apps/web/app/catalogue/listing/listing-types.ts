import type { CategoryLayout, Paginated, ProductSummary, ProductTag } from "@stoa/contract";
import type { ListingFacets } from "./listing-facets.ts";
import type { ProductListQuery } from "./product-query.ts";

/** What the product list route loads: one page of products and what its filters can offer. */
export type Listing = {
  query: ProductListQuery;
  result: Paginated<ProductSummary>;
  /** The shop's tags, for the tag filter and chips. */
  tags: ProductTag[];
  facets: ListingFacets;
  /** Tag slugs in the URL the shop does not have: the list is empty because of them. */
  unknownTags: string[];
  /** The layout the one category listed asks for (staff set it per category); absent: the shop's. */
  categoryLayout?: CategoryLayout | null;
};

/** Every layout component takes the listing and renders the whole page body. */
export type LayoutProps = { listing: Listing; layout: CategoryLayout };
