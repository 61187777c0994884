/**
 * A slug of a name for a link that reads well: Latin letters and digits, accents dropped, words
 * joined by "-"; "" for a name with none of them (an Arabic or Hebrew name), for the caller to fall
 * back on something else.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
