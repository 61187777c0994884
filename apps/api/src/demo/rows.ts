import {
  effectivePrice,
  LOCALES,
  type Localizations,
  type ProductImage,
  TEST_CARD_GATEWAY,
  type Vertical,
} from "@stoa/contract";
import { productSearchText } from "../catalogue/search-text.ts";
import { slugify } from "../catalogue/slug.ts";
import type {
  AddOnGroupDefinition,
  categories,
  products,
  productVariations,
  VariationOptionDefinition,
} from "../catalogue/tables.ts";
import type { stores } from "../stores/tables.ts";
import { BRANDS } from "./art/brand.ts";
import type {
  AddOnGroupSeed,
  Art,
  CategorySeed,
  ProductDetailsSeed,
  ProductSeed,
  StoreSeed,
  Texts,
  VariationOptionSeed,
  VariationSeed,
} from "./types.ts";

/**
 * Everything time-based in the seed is counted back from this fixed instant, so seeding twice
 * writes identical rows.
 */
export const SEED_CLOCK = new Date("2026-11-01T09:00:00Z");

const MINUTES_IN_90_DAYS = 90 * 24 * 60;

export type StoreInsert = typeof stores.$inferInsert;
export type CategoryInsert = typeof categories.$inferInsert;
export type ProductInsert = typeof products.$inferInsert;
export type ProductVariationInsert = typeof productVariations.$inferInsert;

export function localizations(texts: Texts): Localizations {
  return Object.fromEntries(LOCALES.map((locale, i) => [locale, texts[i]]));
}

/** 32-bit FNV-1a: a stable, well-spread number per sku to vary stock, sales and dates without randomness. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Appends the EAN-13 check digit to twelve digits. */
export function ean13(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`;
}

export { slugify };

/**
 * A picture of the generated art. With a product's key (the slug of its English name) the picture
 * is that product's own (art/look.ts); without one it is the kind's usual picture, for categories,
 * collections and banners.
 */
export function artUrl([motif, hue]: Art, variant = 0, key?: string): string {
  const shot = variant === 0 ? `${motif}-${hue}` : `${motif}-${hue}-${variant}`;
  return key === undefined ? `/media/art/${shot}.svg` : `/media/art/${shot}/${key}.svg`;
}

/**
 * What each demo shop lets orders paid on delivery or collection hold, and how long such an order
 * waits for staff to confirm it (decision 040), sized to its catalogue: a sofa is paid at the door,
 * a restaurant's pickup not confirmed within the hour will not be cooked.
 */
const UNPAID_HOLDS: Record<
  Vertical,
  Pick<
    StoreInsert,
    | "unpaidUnitsPerOrder"
    | "unpaidValuePerOrder"
    | "unpaidUnitsPerShopper"
    | "unpaidValuePerShopper"
    | "unconfirmedReleaseMinutes"
  >
> = {
  grocery: {
    unpaidUnitsPerOrder: 50,
    unpaidValuePerOrder: 100_000,
    unpaidUnitsPerShopper: 100,
    unpaidValuePerShopper: 200_000,
    unconfirmedReleaseMinutes: 24 * 60,
  },
  restaurant: {
    unpaidUnitsPerOrder: 30,
    unpaidValuePerOrder: 30_000,
    unpaidUnitsPerShopper: 60,
    unpaidValuePerShopper: 60_000,
    unconfirmedReleaseMinutes: 60,
  },
  catering: {
    unpaidUnitsPerOrder: 200,
    unpaidValuePerOrder: 300_000,
    unpaidUnitsPerShopper: 400,
    unpaidValuePerShopper: 600_000,
    unconfirmedReleaseMinutes: 24 * 60,
  },
  carparts: {
    unpaidUnitsPerOrder: 20,
    unpaidValuePerOrder: 300_000,
    unpaidUnitsPerShopper: 40,
    unpaidValuePerShopper: 600_000,
    unconfirmedReleaseMinutes: 24 * 60,
  },
  furniture: {
    unpaidUnitsPerOrder: 20,
    unpaidValuePerOrder: 1_000_000,
    unpaidUnitsPerShopper: 40,
    unpaidValuePerShopper: 2_000_000,
    unconfirmedReleaseMinutes: 2 * 24 * 60,
  },
};

export function storeRow(seed: StoreSeed): StoreInsert {
  const origin = `http://${seed.domain}:3000/`;
  return {
    id: seed.id,
    domain: seed.domain,
    vertical: seed.vertical,
    nameLocalizations: localizations(seed.name),
    taglineLocalizations: localizations(seed.tagline),
    languages: [...LOCALES],
    currency: seed.currency,
    phoneCountryCode: seed.phoneCountryCode,
    layoutType: seed.layoutType,
    primaryColor: BRANDS[seed.vertical].color,
    siteTitle: seed.siteTitle,
    seo: {
      metaDescription: seed.metaDescription,
      canonicalUrl: origin,
      ogTitle: `${seed.name[0]} — ${seed.tagline[0]}`,
      ogDescription: seed.ogDescription,
      ogImage: { original: `/media/og/${seed.vertical}.png` },
      twitterHandle: `@stoa_${seed.vertical}`,
      twitterCardType: "summary_large_image",
    },
    activeLogoUrl: `/media/logo/${seed.vertical}-active.svg`,
    inactiveLogoUrl: `/media/logo/${seed.vertical}-inactive.svg`,
    guestCheckout: seed.guestCheckout,
    ...UNPAID_HOLDS[seed.vertical],
    isAdminRegister: seed.isAdminRegister,
    // Demo shops take the built-in test cards, so card checkout can be tried anywhere.
    paymentProviders: [TEST_CARD_GATEWAY],
    cardProvider: TEST_CARD_GATEWAY,
    branchGroup: seed.branch?.group ?? null,
    branchLocation: seed.branch
      ? {
          areaLocalizations: localizations(seed.branch.area),
          address: seed.branch.address,
          latitude: seed.branch.latitude,
          longitude: seed.branch.longitude,
          postcodeAreas: [...seed.branch.postcodeAreas],
        }
      : null,
  };
}

/** `parentId` is filled in by the caller once the parent's generated id is known. */
export function categoryRow(storeId: number, seed: CategorySeed<string>, sort: number): CategoryInsert {
  return {
    storeId,
    slug: seed.slug,
    nameLocalizations: localizations(seed.name),
    image: artUrl(seed.art),
    sort,
    isShow: seed.isShow ?? true,
    isAvailable: seed.isAvailable ?? true,
  };
}

export function productImages(art: Art, count: number, alt: string, key: string): ProductImage[] {
  return Array.from({ length: count }, (_, variant) => ({ url: artUrl(art, variant, key), alt }));
}

export function variationOptionDefinitions(
  options: readonly VariationOptionSeed[],
): VariationOptionDefinition[] {
  return options.map((option) => ({
    key: option.key,
    names: localizations(option.name),
    values: option.values.map((value) => ({ key: value.key, labels: localizations(value.label) })),
  }));
}

export function addOnGroupDefinitions(groups: readonly AddOnGroupSeed[]): AddOnGroupDefinition[] {
  return groups.map((group) => ({
    key: group.key,
    names: localizations(group.name),
    minSelect: group.minSelect,
    maxSelect: group.maxSelect,
    items: group.items.map((item) => ({ key: item.key, names: localizations(item.name), price: item.price })),
  }));
}

/** A variation's sku: the product's sku and its value keys, e.g. `FRN-SOF-OSLO3-GREY-LINEN`. */
export function variationSku(productSku: string, values: Readonly<Record<string, string>>): string {
  return [productSku, ...Object.values(values)].join("-").toUpperCase();
}

/** A combination's stock: the seed's, or a stable number from its sku. */
export function variationStock(sku: string, seed: VariationSeed): number {
  return seed.stock ?? 3 + (stableHash(sku) % 40);
}

export function variationRows(
  storeId: number,
  productId: number,
  productSku: string,
  seeds: readonly VariationSeed[],
): ProductVariationInsert[] {
  return seeds.map((seed, i) => {
    const sku = variationSku(productSku, seed.values);
    return {
      storeId,
      productId,
      sku,
      optionValues: { ...seed.values },
      price: seed.price,
      salePrice: seed.salePrice ?? null,
      stock: variationStock(sku, seed),
      isAvailable: true,
      sort: (i + 1) * 10,
      unit: seed.unit ?? null,
      descriptionLocalizations: seed.description ? localizations(seed.description) : null,
    };
  });
}

/**
 * The price a product is listed at: a product sold by variation at its cheapest variation's, so
 * lists sort and filter by the "From" price their cards show, and the flyer prints it (decision 030).
 */
export function listedPrice(
  seed: Pick<ProductSeed<string>, "price" | "salePrice">,
  details: ProductDetailsSeed = {},
): { price: number; salePrice?: number } {
  const pay = (item: { price: number; salePrice?: number }) => effectivePrice(item.price, item.salePrice);
  const cheapest = details.variations?.items.reduce((a, b) => (pay(b) < pay(a) ? b : a));
  return cheapest ?? seed;
}

export function productRow(
  storeId: number,
  seed: ProductSeed<string>,
  details: ProductDetailsSeed = {},
): ProductInsert {
  const hash = stableHash(seed.sku);
  const slug = slugify(seed.name[0]);
  const nameLocalizations = localizations(seed.name);
  const brandLocalizations = localizations(seed.brand);
  const priced = listedPrice(seed, details);
  // 62 + two-digit store id + eight digits of the hash: unique enough within one store's catalogue.
  const barcode = ean13(
    `62${String(storeId).padStart(2, "0").slice(-2)}${String(hash).padStart(10, "0").slice(-8)}`,
  );
  return {
    storeId,
    slug,
    nameLocalizations,
    descriptionLocalizations: localizations(seed.description),
    brandLocalizations,
    price: priced.price,
    salePrice: priced.salePrice ?? null,
    // A product with variations has what its variations have in stock.
    stock: details.variations
      ? details.variations.items.reduce(
          (sum, item) => sum + variationStock(variationSku(seed.sku, item.values), item),
          0,
        )
      : (seed.stock ?? 8 + (hash % 140)),
    sku: seed.sku,
    barcode,
    unit: seed.unit,
    remarksLocalizations: details.remarks ? localizations(details.remarks) : {},
    variationOptions: variationOptionDefinitions(details.variations?.options ?? []),
    variationCount: details.variations?.items.length ?? 0,
    addOnGroups: addOnGroupDefinitions(details.addOns ?? []),
    fitment: [...(details.fitment ?? [])],
    images: productImages(seed.art, 1 + ((hash >>> 16) % 3), seed.name[0], slug),
    isAvailable: seed.isAvailable ?? true,
    isDigital: seed.digital !== undefined,
    digitalFile: seed.digital?.file ?? null,
    isGiftCard: seed.digital?.giftCard ?? false,
    // Squaring skews sales the way real shops look: a few best sellers and a long tail.
    salesVolume: Math.floor(((hash >>> 8) % 1000) ** 2 / 400),
    searchText: productSearchText({ nameLocalizations, brandLocalizations, sku: seed.sku, barcode }),
    createdAt: new Date(SEED_CLOCK.getTime() - ((hash >>> 4) % MINUTES_IN_90_DAYS) * 60_000),
  };
}
