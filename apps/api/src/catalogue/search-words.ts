import { eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { ShopVocabulary } from "./spelling.ts";
import { searchWords } from "./tables.ts";

/** The words of a token as keyword search sees them (letters with their marks, digits). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Words without a letter (sizes, years, part numbers) are typed as they are, never corrected. */
const HAS_LETTER = /\p{L}/u;

type Kept = { version: string; vocabulary: Promise<ShopVocabulary> };

/*
 * One vocabulary per database and store, for the store's catalogue version: every write to the
 * catalogue raises the version (decision 012), so the next search reads the words again, and a
 * search never sees words older than the store row it was answered for. Only the latest version of
 * a store is kept: a shop's vocabulary is a few thousand words even on a 100,000-product store.
 */
const kept = new WeakMap<Database, Map<number, Kept>>();

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

/** The shop's own words (its product names and brands), read once per catalogue version. */
export function shopVocabulary(db: Database, store: StoreRow): Promise<ShopVocabulary> {
  let stores = kept.get(db);
  if (!stores) {
    stores = new Map();
    kept.set(db, stores);
  }
  const version = `${store.createdAt.getTime()}.${store.catalogueVersion}`;
  const known = stores.get(store.id);
  if (known?.version === version) return known.vocabulary;
  const vocabulary = readVocabulary(db, store.id);
  const entry = { version, vocabulary };
  stores.set(store.id, entry);
  // A failed read is forgotten at once, so the next search tries again.
  vocabulary.catch(() => {
    if (stores.get(store.id) === entry) stores.delete(store.id);
  });
  return vocabulary;
}
