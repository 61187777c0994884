/**
 * The information pages of spec §2 a shop may publish, by their storefront path (`/aboutus`…).
 * A shop publishes the ones it has: the footer links only those, and the others answer 404.
 * Kept free of zod: the footer on every first load reads it.
 */
export const INFO_PAGES = [
  "aboutus",
  "contact",
  "faq",
  "help",
  "privacy",
  "terms",
  "returnexchange",
  "reseller",
] as const;
export type InfoPageSlug = (typeof INFO_PAGES)[number];

export function isInfoPage(slug: string): slug is InfoPageSlug {
  return (INFO_PAGES as readonly string[]).includes(slug);
}

/** How much a contact message may hold. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  subjectMax: 150,
  phoneMax: 30,
  messageMin: 10,
  messageMax: 5000,
} as const;
