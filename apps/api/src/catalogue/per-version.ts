import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";

type Kept<T> = { version: string; value: Promise<T> };

/*
 * What a store's catalogue answers read again and again but only a catalogue write can change
 * (its shown categories, its vocabulary): read once per database handle and store for the
 * store's catalogue version. Every write to the catalogue raises the version (decision 012), so
 * the next request reads it again, and an answer never sees data older than the store row it was
 * answered for. Only the latest version of each store is kept. `versionOf` names another counter
 * of the store row for what changes with something else (the vocabulary, with its words).
 */
export function perCatalogueVersion<T>(
  read: (db: Database, storeId: number) => Promise<T>,
  versionOf: (store: StoreRow) => number = (store) => store.catalogueVersion,
): (db: Database, store: StoreRow) => Promise<T> {
  const kept = new WeakMap<Database, Map<number, Kept<T>>>();
  return (db, store) => {
    let stores = kept.get(db);
    if (!stores) {
      stores = new Map();
      kept.set(db, stores);
    }
    // The creation time tells a store apart from one made again with the same id (tests do).
    const version = `${store.createdAt.getTime()}.${versionOf(store)}`;
    const known = stores.get(store.id);
    if (known?.version === version) return known.value;
    const value = read(db, store.id);
    const entry = { version, value };
    stores.set(store.id, entry);
    // A failed read is forgotten at once, so the next request tries again.
    value.catch(() => {
      if (stores.get(store.id) === entry) stores.delete(store.id);
    });
    return value;
  };
}
