import { LOCALES, type Locale, type StaffProductImage } from "@stoa/contract";

/*
 * What the console's picture page posts, besides a new picture: one of a product's pictures made
 * the main one, moved, removed or described. The page sends the product's version with each; the
 * new list is made here from the pictures as the API has them now, and the API writes it only when
 * that version is still the product's (else STAFF_EDIT_CONFLICT).
 */

export const PICTURE_INTENTS = ["add", "main", "up", "down", "remove", "alt"] as const;
export type PictureIntent = (typeof PICTURE_INTENTS)[number];

export function pictureIntentOf(value: FormDataEntryValue | null): PictureIntent | null {
  return (PICTURE_INTENTS as readonly unknown[]).includes(value) ? (value as PictureIntent) : null;
}

/** The field of a picture's alt text in one language. */
export const altField = (locale: Locale) => `alt-${locale}`;

/** The alt texts typed into a picture's form, by language (the empty ones too: the form keeps them). */
export function altTextsOf(form: FormData): Record<Locale, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const value = form.get(altField(locale));
      return [locale, typeof value === "string" ? value : ""];
    }),
  ) as Record<Locale, string>;
}

type Entry = { url: string; altLocalizations: StaffProductImage["altLocalizations"] };

/**
 * The pictures once the change is made, or null when the picture named is not among them (someone
 * removed it meanwhile: the API's answer about the version then says so).
 */
export function picturesAfter(
  images: readonly StaffProductImage[],
  intent: Exclude<PictureIntent, "add">,
  url: string,
  alt: Record<Locale, string> = { en: "", ar: "", he: "" },
): Entry[] | null {
  const list: Entry[] = images.map(({ url, altLocalizations }) => ({ url, altLocalizations }));
  const at = list.findIndex((image) => image.url === url);
  const picked = list[at];
  if (!picked) return null;
  const without = list.filter((_, i) => i !== at);
  switch (intent) {
    case "main":
      return [picked, ...without];
    case "up":
      return at === 0 ? list : [...without.slice(0, at - 1), picked, ...without.slice(at - 1)];
    case "down":
      return at === list.length - 1 ? list : [...without.slice(0, at + 1), picked, ...without.slice(at + 1)];
    case "remove":
      return without;
    case "alt":
      return list.map((image, i) => (i === at ? { ...image, altLocalizations: alt } : image));
  }
}
