import type { CategoryLayout, Fitment, Vertical } from "@stoa/contract";
import type { Motif } from "./art/art.ts";

/** One text in each storefront language, in the order of `LOCALES`: English, Arabic, Hebrew. */
export type Texts = readonly [en: string, ar: string, he: string];

/** A picture from the generated art: motif and background hue (0–359). */
export type Art = readonly [motif: Motif, hue: number];

export type StoreSeed = {
  id: number;
  domain: string;
  vertical: Vertical;
  name: Texts;
  tagline: Texts;
  currency: string;
  /** The calling code of the shop's country, put in phone fields for the shopper to change. */
  phoneCountryCode: string;
  layoutType: CategoryLayout;
  siteTitle: string;
  metaDescription: string;
  ogDescription: string;
  guestCheckout: boolean;
  isAdminRegister: boolean;
  /** Set on a shop that is one of an owner's branches (docs/decisions/049-branches.md). */
  branch?: BranchSeed;
};

export type BranchSeed = {
  /** Branches of one owner share it. */
  group: string;
  area: Texts;
  address: string;
  latitude: number;
  longitude: number;
  /** Beginnings of the postcodes the branch serves. */
  postcodeAreas: readonly string[];
};

export type CategorySeed<Slug extends string> = {
  slug: Slug;
  name: Texts;
  art: Art;
  parent?: NoInfer<Slug>;
  /** Only set to hide a category (spec §2: listings hide categories whose isShow is not true). */
  isShow?: false;
  isAvailable?: false;
};

export type ProductSeed<Slug extends string, TagSlug extends string = string, Sku extends string = string> = {
  /** Stable key of the product: re-seeding finds the row by (store, sku). */
  sku: Sku;
  name: Texts;
  description: Texts;
  brand: Texts;
  /**
   * Minor units of the store currency. A product with variations is priced by its cheapest
   * variation instead (rows.ts `productRow`).
   */
  price: number;
  salePrice?: number;
  unit: string;
  tags: readonly NoInfer<TagSlug>[];
  art: Art;
  categories: readonly [NoInfer<Slug>] | readonly [NoInfer<Slug>, NoInfer<Slug>];
  /** Left out, stock is derived from the sku; set 0 for a sold-out product. */
  stock?: number;
  isAvailable?: false;
  /** Sold as a download: the file the demo generates for it (demo/downloads.ts). */
  /** `giftCard`: a gift card, never discounted and not taxed when sold. */
  digital?: { file: string; giftCard?: true };
};

export type TagSeed<TagSlug extends string> = { slug: TagSlug; name: Texts };

export type VariationOptionSeed = {
  key: string;
  name: Texts;
  values: readonly { key: string; label: Texts }[];
};

/** A buyable combination: a value key for every option, with its own price and stock. */
export type VariationSeed = {
  values: Readonly<Record<string, string>>;
  price: number;
  salePrice?: number;
  /** Left out, stock is derived from the variation's sku; 0 for a sold-out combination. */
  stock?: number;
  /** What one buys of it where that differs from the product's unit ("serves 24"). */
  unit?: string;
  /** Its own description where the product's words would be wrong for it. */
  description?: Texts;
};

export type AddOnGroupSeed = {
  key: string;
  name: Texts;
  minSelect: number;
  maxSelect: number;
  items: readonly { key: string; name: Texts; price: number }[];
};

/** What only some products have: a remark, variations, restaurant choices, vehicles a part fits. */
export type ProductDetailsSeed = {
  remarks?: Texts;
  variations?: { options: readonly VariationOptionSeed[]; items: readonly VariationSeed[] };
  addOns?: readonly AddOnGroupSeed[];
  fitment?: readonly Fitment[];
};

export type CollectionSeed<Sku extends string> = {
  slug: string;
  name: Texts;
  description: Texts;
  art: Art;
  /** In display order; at least eight so a home section fills up. */
  skus: readonly Sku[];
};

/** A wide home banner: lettering, pictured products and where it leads. */
export type BannerSeed = {
  slug: string;
  title: Texts;
  subtitle: Texts;
  /** A storefront path such as `/products?categories=fruit`. */
  link: string;
  /** Up to three pictured products; the first is the largest. */
  art: readonly Art[];
};

/** A page of the in-store flyer: a headline over a grid of products with their prices. */
export type FlyerPageSeed<Sku extends string> = {
  slug: string;
  title: Texts;
  subtitle: Texts;
  /** Four to six products, drawn with their current prices. */
  skus: readonly Sku[];
};

export type Catalogue<
  Slug extends string = string,
  TagSlug extends string = string,
  Sku extends string = string,
> = {
  store: StoreSeed;
  categories: readonly CategorySeed<Slug>[];
  tags: readonly TagSeed<TagSlug>[];
  products: readonly ProductSeed<Slug, TagSlug, Sku>[];
  details: Partial<Record<NoInfer<Sku>, ProductDetailsSeed>>;
  collections: readonly CollectionSeed<NoInfer<Sku>>[];
  banners: readonly BannerSeed[];
  flyer: readonly FlyerPageSeed<NoInfer<Sku>>[];
};

/**
 * Ties a catalogue's products to its category and tag slugs, and its details, collections and flyer
 * to its skus, so a misspelt slug or sku fails type-checking.
 */
export function defineCatalogue<
  const Slug extends string,
  const TagSlug extends string,
  const Sku extends string,
>(catalogue: Catalogue<Slug, TagSlug, Sku>): Catalogue<Slug, TagSlug, Sku> {
  return catalogue;
}
