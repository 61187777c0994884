import type { ProductInfo, Review } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { productJsonLd } from "./product-json-ld.ts";

const product = {
  id: 5,
  price: 450,
  salePrice: 399,
  currency: "USD",
  stock: 3,
  sku: "APL-1",
  brand: "Orchard",
  image: { url: "/media/apple.jpg", alt: "" },
} as unknown as ProductInfo;

const review = (id: number, rating: number): Review => ({
  id,
  productId: 5,
  rating,
  title: id === 1 ? "</script><script>alert(1)</script>" : "",
  text: "Crisp",
  language: "en",
  photos: [],
  authorName: "Dana K.",
  verifiedPurchase: true,
  createdAt: "2026-11-02T10:00:00.000Z",
  editedAt: null,
  reply: null,
});

describe("the product page's structured data", () => {
  const base = {
    product,
    name: "Apples",
    description: "Red apples",
    url: "https://shop.test/products/5",
    origin: "https://shop.test",
  };

  it("names the product and its offer at the price to pay, in major units", () => {
    const data = productJsonLd({ ...base, summary: null, reviews: [] });
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Apples",
      image: "https://shop.test/media/apple.jpg",
      sku: "APL-1",
      offers: { price: "3.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(data.aggregateRating).toBeUndefined();
  });

  it("carries the aggregate rating and a few reviews once there are reviews", () => {
    const data = productJsonLd({
      ...base,
      summary: { productId: 5, average: 4.3, count: 12, spread: [0, 1, 1, 4, 6] },
      reviews: [review(1, 5), review(2, 4), review(3, 4), review(4, 3)],
    });
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toHaveLength(3);
    expect((data.review as { reviewRating: { ratingValue: number } }[])[1]?.reviewRating.ratingValue).toBe(4);
  });

  it("leaves the rating out for a product without published reviews", () => {
    const data = productJsonLd({
      ...base,
      summary: { productId: 5, average: null, count: 0, spread: [0, 0, 0, 0, 0] },
      reviews: [],
    });
    expect(data.aggregateRating).toBeUndefined();
    expect(data.review).toBeUndefined();
  });
});
