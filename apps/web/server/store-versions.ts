import { createStoreClient, SUCCESS_CODE } from "@stoa/contract";
import { apiExchange } from "../app/platform/api/api-exchange.server.ts";

/** A store's version as this process knows it, and since when it has known that one. */
export type KnownVersion = { version: string; since: number };

export type StoreVersions = {
  /**
   * The version of the shop at `domain`, asked of the API at most once per `freshMs` (concurrent
   * askers share one call, and while it is asked again the version known so far serves); null
   * when there is no shop there or the API cannot say.
   */
  of(domain: string): Promise<KnownVersion | null>;
};

/** Domains remembered at most: unknown hosts sent by scanners cannot grow the map without bound. */
const MAX_DOMAINS = 10_000;

export function storeVersions(
  ask: (domain: string) => Promise<string | null>,
  { freshMs, now = () => performance.now() }: { freshMs: number; now?: () => number },
): StoreVersions {
  /** `known` once the answer came; `fallback`, the version known before, meanwhile. */
  type Entry = {
    checkedAt: number;
    answer: Promise<KnownVersion | null>;
    known?: KnownVersion | null;
    fallback?: KnownVersion | null;
  };
  const entries = new Map<string, Entry>();

  function check(domain: string, before: Entry | undefined): Entry {
    const checkedAt = now();
    const entry: Entry = {
      checkedAt,
      fallback: before?.known ?? before?.fallback,
      answer: ask(domain).then(
        (version) => {
          if (version === null) return null;
          const previous = before?.known ?? before?.fallback;
          return previous?.version === version ? previous : { version, since: checkedAt };
        },
        () => null,
      ),
    };
    void entry.answer.then((known) => {
      entry.known = known;
    });
    entries.delete(domain);
    if (entries.size >= MAX_DOMAINS) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(domain, entry);
    return entry;
  }

  return {
    of(domain) {
      // While the API is asked again, requests go on with the version known so far rather than
      // wait for the answer: a change shows once it comes, a round trip after the window ends.
      const kept = entries.get(domain);
      if (kept && now() - kept.checkedAt < freshMs) {
        if (kept.known === undefined && kept.fallback) return Promise.resolve(kept.fallback);
        return kept.answer;
      }
      const next = check(domain, kept);
      const meanwhile = kept?.known ?? kept?.fallback;
      return meanwhile ? Promise.resolve(meanwhile) : next.answer;
    },
  };
}

/** Asks the store API for a shop's version (`GET /api/store/version`). */
export function askStoreApi(apiUrl: string): (domain: string) => Promise<string | null> {
  return async (domain) => {
    const client = createStoreClient({ baseUrl: apiUrl, storeDomain: domain, exchange: apiExchange });
    const result = await client.call("storeVersion", {});
    return result.code === SUCCESS_CODE && result.data ? result.data.version : null;
  };
}
