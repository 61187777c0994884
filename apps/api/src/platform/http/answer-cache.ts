import type { StoreRow } from "../../stores/tables.ts";

/**
 * Finished catalogue answers (the JSON text sent), kept in memory and keyed by the store's
 * catalogue version: a write to the catalogue raises the version (database triggers, migration
 * 0003), so the next request, in this process or any other, asks under a new key and never sees a
 * stale answer. Old keys are never asked again and age out, least recently used first, once the
 * cache holds `maxBytes`. See docs/decisions/012-catalogue-answer-cache.md.
 */
export type AnswerCache = {
  /**
   * The answer stored under `key`, else `compute`'s. Concurrent requests for a missing key wait for
   * one computation instead of each querying the database. A failure is not kept.
   */
  answer(key: string, compute: () => Promise<string>): Promise<string>;
  readonly stats: { entries: number; bytes: number; hits: number; misses: number };
};

/** JavaScript strings take two bytes per code unit; the Map entry itself is counted roughly. */
const ENTRY_OVERHEAD_BYTES = 96;
const sizeOf = (key: string, body: string) => (key.length + body.length) * 2 + ENTRY_OVERHEAD_BYTES;

export function answerCache(maxBytes: number): AnswerCache {
  // A Map iterates in insertion order; re-inserting on every hit makes its first key the least
  // recently used one.
  const entries = new Map<string, string>();
  const pending = new Map<string, Promise<string>>();
  const stats = { entries: 0, bytes: 0, hits: 0, misses: 0 };

  function remember(key: string, body: string) {
    const size = sizeOf(key, body);
    if (size > maxBytes) return;
    entries.set(key, body);
    stats.bytes += size;
    for (const [oldest, oldBody] of entries) {
      if (stats.bytes <= maxBytes) break;
      entries.delete(oldest);
      stats.bytes -= sizeOf(oldest, oldBody);
    }
    stats.entries = entries.size;
  }

  return {
    stats,
    async answer(key, compute) {
      const kept = entries.get(key);
      if (kept !== undefined) {
        stats.hits++;
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const running = pending.get(key);
      if (running) return running;
      stats.misses++;
      const computing = compute().then(
        (body) => {
          pending.delete(key);
          remember(key, body);
          return body;
        },
        (error: unknown) => {
          pending.delete(key);
          throw error;
        },
      );
      pending.set(key, computing);
      return computing;
    },
  };
}

/** A cache that keeps nothing (API_CACHE_MB=0): every answer is computed. */
export const noAnswerCache: AnswerCache = {
  stats: { entries: 0, bytes: 0, hits: 0, misses: 0 },
  answer: (_key, compute) => compute(),
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
