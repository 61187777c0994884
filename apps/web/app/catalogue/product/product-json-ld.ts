import { effectivePrice, type ProductInfo, type RatingSummary, type Review } from "@stoa/contract";

/** How many reviews the structured data names beside the aggregate: a few, as search engines show. */
export const JSON_LD_REVIEWS = 3;

function majorAmount(minor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // An unknown currency code keeps the usual two decimals.
  }
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * The product page's structured data (schema.org Product) for search engines: name, picture,
 * description, offer, and, once the product has reviews, its aggregate rating and a few reviews.
 * Only published reviews reach the page, so nothing hidden is named here.
 */
export function productJsonLd({
  product,
  name,
  description,
  url,
  origin,
  summary,
  reviews,
}: {
  product: ProductInfo;
  name: string;
  description: string;
  url: string;
  origin: string;
  summary: RatingSummary | null;
  reviews: readonly Review[];
}): Record<string, unknown> {
  const image = product.image ? new URL(product.image.url, origin).href : undefined;
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    url,
    ...(image ? { image } : {}),
    ...(description ? { description } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: product.currency,
      price: majorAmount(effectivePrice(product.price, product.salePrice), product.currency),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  if (summary && summary.average !== null && summary.count > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    };
    data.review = reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.authorName },
      datePublished: review.createdAt.slice(0, 10),
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      ...(review.title ? { name: review.title } : {}),
      ...(review.text ? { reviewBody: review.text } : {}),
      inLanguage: review.language,
    }));
  }
  return data;
}
