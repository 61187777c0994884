import type { StoreRow } from "../../stores/tables.ts";

/**
 * Finished catalogue answers (the JSON text sent), kept in memory and keyed by the store's
 * catalogue version: a write to the catalogue raises the version (database triggers, migration
 * 0003), so the next request, in this process or any other, asks under a new key and never sees a
 * stale answer. Old keys are never asked again and age out, least recently used first, once the
 * cache holds `maxBytes`. See docs/decisions/012-catalogue-answer-cache.md.
 *
 * Stock changes without the version (docs/decisions/016-stock-outside-the-catalogue-cache.md): an
 * answer showing stock comes with `reread`, and is brought up to date by it before being served
 * once `liveFreshMs` have passed since its stock was read.
 *
 * A change of one product does not raise the version either (decision 069): an answer says what it
 * reaches (`reach`, opaque here: the catalogue's product changes know what it means), and whoever
 * learns of a change drops the answers it reaches with `forget`; an answer computed while a change
 * it reaches was being learnt is not kept (`admits`).
 */
export type AnswerCache = {
  /**
   * The answer stored under `key`, else `compute`'s. Concurrent requests for a missing key wait for
   * one computation instead of each querying the database, and for one reread of a kept answer's
   * live part. A failure is not kept.
   */
  answer(key: string, compute: () => Promise<Answer>, asOf?: AsOf): Promise<Answer>;
  /** Drops the kept answers of `group` whose reach `reaches`; answers how many. */
  forget(group: string, reaches: (reach: Reach) => boolean): number;
  readonly stats: { entries: number; bytes: number; hits: number; misses: number; rereads: number };
};

/** A finished answer: its JSON text, and how to bring its live part up to date when it has one. */
export type Answer = {
  body: string;
  /**
   * Reads again the part of the answer that changes without the catalogue version (stock levels):
   * the answer rebuilt when that part changed, else undefined.
   */
  reread?: () => Promise<Answer | undefined>;
  /** What the answer shows and lists, so that a change elsewhere in its group keeps it. */
  reach?: Reach;
};

/**
 * The group an answer belongs to (a store), and the response header naming its reach for caches
 * further on (the storefront's); the rest is for whoever made it to read.
 */
export type Reach = { readonly group: string; readonly header?: readonly [string, string] };

/**
 * Where the asker stands in the changes of the answer's group: a computation begun at an earlier
 * point is not joined (its answer may predate a change the asker already knows of).
 */
export type AsOf = number;

type Entry = { answer: Answer; readAt: number };

export type AnswerCacheOptions = {
  /** How long the live part of an answer, once read, is served without reading it again (STORE_FRESH_MS). */
  liveFreshMs?: number;
  now?: () => number;
  /** Whether an answer just computed may be kept: false when a change it reaches came meanwhile. */
  admits?: (reach: Reach) => boolean;
};

/** JavaScript strings take two bytes per code unit; the Map entry itself is counted roughly. */
const ENTRY_OVERHEAD_BYTES = 96;
const sizeOf = (key: string, body: string) => (key.length + body.length) * 2 + ENTRY_OVERHEAD_BYTES;

export function answerCache(
  maxBytes: number,
  { liveFreshMs = 0, now = () => performance.now(), admits = () => true }: AnswerCacheOptions = {},
): AnswerCache {
  // A Map iterates in insertion order; re-inserting on every hit makes its first key the least
  // recently used one.
  const entries = new Map<string, Entry>();
  const pending = new Map<string, { settling: Promise<Answer>; asOf: AsOf | undefined }>();
  /** The keys of each group's kept answers that have a reach, so a change looks at its group only. */
  const groups = new Map<string, Set<string>>();
  const stats = { entries: 0, bytes: 0, hits: 0, misses: 0, rereads: 0 };

  function drop(key: string, entry: Entry) {
    entries.delete(key);
    stats.bytes -= sizeOf(key, entry.answer.body);
    const group = entry.answer.reach?.group;
    if (group === undefined) return;
    const keys = groups.get(group);
    keys?.delete(key);
    if (keys?.size === 0) groups.delete(group);
  }

  function remember(key: string, entry: Entry) {
    const before = entries.get(key);
    if (before) drop(key, before);
    const size = sizeOf(key, entry.answer.body);
    if (size <= maxBytes) {
      entries.set(key, entry);
      stats.bytes += size;
      const group = entry.answer.reach?.group;
      if (group !== undefined) {
        const keys = groups.get(group) ?? new Set();
        keys.add(key);
        groups.set(group, keys);
      }
      for (const [oldest, old] of entries) {
        if (stats.bytes <= maxBytes) break;
        drop(oldest, old);
      }
    }
    stats.entries = entries.size;
  }

  function settle(key: string, work: Promise<Entry>, asOf: AsOf | undefined): Promise<Answer> {
    const settling = work.then(
      (entry) => {
        if (pending.get(key)?.settling === settling) pending.delete(key);
        const reach = entry.answer.reach;
        if (reach === undefined || admits(reach)) remember(key, entry);
        return entry.answer;
      },
      (error: unknown) => {
        if (pending.get(key)?.settling === settling) pending.delete(key);
        throw error;
      },
    );
    pending.set(key, { settling, asOf });
    return settling;
  }

  // The time is taken before the read: the values are at least that fresh.
  const computed = async (compute: () => Promise<Answer>): Promise<Entry> => {
    const readAt = now();
    return { answer: await compute(), readAt };
  };
  const reread = async (kept: Entry, again: () => Promise<Answer | undefined>): Promise<Entry> => {
    const readAt = now();
    const fresh = await again();
    // The reread changes live values only: what the answer reaches stays.
    return { answer: fresh ? { ...fresh, reach: kept.answer.reach } : kept.answer, readAt };
  };

  return {
    stats,
    forget(group, reaches) {
      const keys = groups.get(group);
      if (keys === undefined) return 0;
      let dropped = 0;
      for (const key of [...keys]) {
        const entry = entries.get(key);
        const reach = entry?.answer.reach;
        if (entry && reach && reaches(reach)) {
          drop(key, entry);
          dropped++;
        }
      }
      stats.entries = entries.size;
      return dropped;
    },
    answer(key, compute, asOf) {
      const running = pending.get(key);
      if (running && (asOf === undefined || (running.asOf !== undefined && running.asOf >= asOf)))
        return running.settling;
      const kept = entries.get(key);
      if (kept === undefined) {
        stats.misses++;
        return settle(key, computed(compute), asOf);
      }
      stats.hits++;
      const again = kept.answer.reread;
      if (again === undefined || now() - kept.readAt < liveFreshMs) {
        entries.delete(key);
        entries.set(key, kept);
        return Promise.resolve(kept.answer);
      }
      stats.rereads++;
      return settle(key, reread(kept, again), asOf);
    },
  };
}

/** A cache that keeps nothing (API_CACHE_MB=0): every answer is computed. */
export const noAnswerCache: AnswerCache = {
  stats: { entries: 0, bytes: 0, hits: 0, misses: 0, rereads: 0 },
  answer: (_key, compute) => compute(),
  forget: () => 0,
};

/**
 * What a catalogue answer depends on: the store as it is now (its row's identity and catalogue
 * version — changes of single products are dropped by their reach instead), the shopper's
 * language, the endpoint and its parsed input. Parsed input is canonical:
 * the contract's schemas trim, default and order it, so equal requests share one entry.
 */
export function catalogueAnswerKey(
  store: StoreRow,
  locale: string,
  endpoint: string,
  input: unknown,
): string {
  const incarnation = `${store.id}.${store.createdAt.getTime()}.${store.updatedAt.getTime()}`;
  return `${incarnation}:${store.catalogueVersion}:${locale}:${endpoint}:${JSON.stringify(input)}`;
}
