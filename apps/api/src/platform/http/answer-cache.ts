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
 */
export type AnswerCache = {
  /**
   * The answer stored under `key`, else `compute`'s. Concurrent requests for a missing key wait for
   * one computation instead of each querying the database, and for one reread of a kept answer's
   * live part. A failure is not kept.
   */
  answer(key: string, compute: () => Promise<Answer>): Promise<string>;
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
};

type Entry = { answer: Answer; readAt: number };

export type AnswerCacheOptions = {
  /** How long the live part of an answer, once read, is served without reading it again (STORE_FRESH_MS). */
  liveFreshMs?: number;
  now?: () => number;
};

/** JavaScript strings take two bytes per code unit; the Map entry itself is counted roughly. */
const ENTRY_OVERHEAD_BYTES = 96;
const sizeOf = (key: string, body: string) => (key.length + body.length) * 2 + ENTRY_OVERHEAD_BYTES;

export function answerCache(
  maxBytes: number,
  { liveFreshMs = 0, now = () => performance.now() }: AnswerCacheOptions = {},
): AnswerCache {
  // A Map iterates in insertion order; re-inserting on every hit makes its first key the least
  // recently used one.
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<string>>();
  const stats = { entries: 0, bytes: 0, hits: 0, misses: 0, rereads: 0 };

  function forget(key: string) {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    stats.bytes -= sizeOf(key, entry.answer.body);
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    const size = sizeOf(key, entry.answer.body);
    if (size <= maxBytes) {
      entries.set(key, entry);
      stats.bytes += size;
      for (const [oldest, old] of entries) {
        if (stats.bytes <= maxBytes) break;
        entries.delete(oldest);
        stats.bytes -= sizeOf(oldest, old.answer.body);
      }
    }
    stats.entries = entries.size;
  }

  function settle(key: string, work: Promise<Entry>): Promise<string> {
    const settling = work.then(
      (entry) => {
        pending.delete(key);
        remember(key, entry);
        return entry.answer.body;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, settling);
    return settling;
  }

  // The time is taken before the read: the values are at least that fresh.
  const computed = async (compute: () => Promise<Answer>): Promise<Entry> => {
    const readAt = now();
    return { answer: await compute(), readAt };
  };
  const reread = async (kept: Entry, again: () => Promise<Answer | undefined>): Promise<Entry> => {
    const readAt = now();
    return { answer: (await again()) ?? kept.answer, readAt };
  };

  return {
    stats,
    answer(key, compute) {
      const running = pending.get(key);
      if (running) return running;
      const kept = entries.get(key);
      if (kept === undefined) {
        stats.misses++;
        return settle(key, computed(compute));
      }
      stats.hits++;
      const again = kept.answer.reread;
      if (again === undefined || now() - kept.readAt < liveFreshMs) {
        entries.delete(key);
        entries.set(key, kept);
        return Promise.resolve(kept.answer.body);
      }
      stats.rereads++;
      return settle(key, reread(kept, again));
    },
  };
}

/** A cache that keeps nothing (API_CACHE_MB=0): every answer is computed. */
export const noAnswerCache: AnswerCache = {
  stats: { entries: 0, bytes: 0, hits: 0, misses: 0, rereads: 0 },
  answer: async (_key, compute) => (await compute()).body,
};

/**
 * What a catalogue answer depends on: the store as it is now (its row's identity and catalogue
 * version), the shopper's language, the endpoint and its parsed input. Parsed input is canonical:
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
