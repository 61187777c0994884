import type { CategoryLayout, Vertical } from "@stoa/contract";
import type { Motif } from "../media/art.ts";

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
  layoutType: CategoryLayout;
  siteTitle: string;
  metaDescription: string;
  ogDescription: string;
  guestCheckout: boolean;
  isAdminRegister: boolean;
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

export type ProductSeed<Slug extends string> = {
  /** Stable key of the product: re-seeding finds the row by (store, sku). */
  sku: string;
  name: Texts;
  description: Texts;
  brand: Texts;
  /** Minor units of the store currency. */
  price: number;
  salePrice?: number;
  unit: string;
  tags: readonly string[];
  art: Art;
  categories: readonly [NoInfer<Slug>] | readonly [NoInfer<Slug>, NoInfer<Slug>];
  /** Left out, stock is derived from the sku; set 0 for a sold-out product. */
  stock?: number;
  isAvailable?: false;
};

export type Catalogue<Slug extends string = string> = {
  store: StoreSeed;
  categories: readonly CategorySeed<Slug>[];
  products: readonly ProductSeed<Slug>[];
};

/** Ties a catalogue's products to its category slugs, so a misspelt slug fails type-checking. */
export function defineCatalogue<const Slug extends string>(catalogue: Catalogue<Slug>): Catalogue<Slug> {
  return catalogue;
}
