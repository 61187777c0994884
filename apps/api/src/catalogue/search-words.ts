import { eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { perCatalogueVersion } from "./per-version.ts";
import { ShopVocabulary } from "./spelling.ts";
import { searchWords } from "./tables.ts";

/** The words of a token as keyword search sees them (letters with their marks, digits). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Words without a letter (sizes, years, part numbers) are typed as they are, never corrected. */
const HAS_LETTER = /\p{L}/u;

async function readVocabulary(db: Database, storeId: number): Promise<ShopVocabulary> {
  const rows = await db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(eq(searchWords.storeId, storeId));
  const words: string[] = [];
  for (const row of rows) {
    for (const word of row.word.normalize("NFC").match(WORD) ?? [])
      if (HAS_LETTER.test(word)) words.push(word);
  }
  return new ShopVocabulary(words);
}

/**
 * The shop's own words (its product names and brands), read again only when a word joins them
 * (`vocabulary_version`, migration 0054): a product's edit that brings no new word keeps them.
 */
export const shopVocabulary = perCatalogueVersion(readVocabulary, (store) => store.vocabularyVersion);
