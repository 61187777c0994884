import type { ProductSummary } from "@stoa/contract";
import { slugParam } from "./product-query.ts";

/** A value the list can be narrowed to, with how many of the sampled products carry it. */
export type FacetValue = { slug: string; label: string; count: number };

export type ListingFacets = { brands: FacetValue[]; remarks: FacetValue[] };

export const NO_FACETS: ListingFacets = { brands: [], remarks: [] };

/** Beyond this many choices a filter list stops helping; the most common ones are kept. */
const MAX_FACET_VALUES = 24;

function tally(labels: readonly string[]): FacetValue[] {
  const bySlug = new Map<string, FacetValue>();
  for (const raw of labels) {
    const label = raw.trim();
    const slug = slugParam(label);
    if (!slug) continue;
    const known = bySlug.get(slug);
    if (known) known.count += 1;
    else bySlug.set(slug, { slug, label, count: 1 });
  }
  return [...bySlug.values()]
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, MAX_FACET_VALUES);
}

/**
 * The makers and remarks found among the products a list could show, to offer as filters. The
 * catalogue has no list of brands of its own, so they are read off a sample of the list itself.
 */
export function listingFacets(products: readonly Pick<ProductSummary, "brand" | "remarks">[]): ListingFacets {
  return {
    brands: tally(products.map((product) => product.brand ?? "")),
    // Remarks are short labels ("Spicy", "Vegan"); a long one is a note, not something to filter on.
    remarks: tally(products.map((product) => product.remarks ?? "").filter((remark) => remark.length <= 40)),
  };
}

/** The facet value a URL slug means, if the sample knows it. */
export function facetOf(values: readonly FacetValue[], slug: string): FacetValue | undefined {
  return slug ? values.find((value) => value.slug === slug) : undefined;
}
