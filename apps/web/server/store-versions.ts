import { createStoreClient, type ProductChange, type StoreVersion, SUCCESS_CODE } from "@stoa/contract";
import { apiExchange } from "../app/platform/api/api-exchange.server.ts";

/**
 * A store's version as this process knows it, since when it has known that one, and where the
 * store's product changes stood then (decision 069).
 */
export type KnownVersion = { version: string; since: number; changesSeq: number };

/**
 * A product change as this process learnt it: when, and under which number. `change` null: more
 * changed than was told (an import, or changes no longer kept), so anything may have.
 */
export type LearntChange = { seq: number; at: number; change: ProductChange | null };

export type StoreVersions = {
  /**
   * The version of the shop at `domain`, asked of the API at most once per `freshMs` (concurrent
   * askers share one call, and while it is asked again the version known so far serves); null
   * when there is no shop there or the API cannot say.
   */
  of(domain: string): Promise<KnownVersion | null>;
  /** The product changes of the shop learnt lately (within the last `freshMs` at least), oldest first. */
  learnt(domain: string): readonly LearntChange[];
};

/** Domains remembered at most: unknown hosts sent by scanners cannot grow the map without bound. */
const MAX_DOMAINS = 10_000;
/** Changes remembered per shop: enough for renders begun before them, or a freshness window's worth. */
const LEARNT_KEPT = 2_000;

export type StoreVersionsOptions = {
  freshMs: number;
  now?: () => number;
  /** Told of a shop's product changes as they are learnt (null: anything may have changed). */
  onChanges?: (domain: string, changes: readonly ProductChange[] | null) => void;
};

export function storeVersions(
  ask: (domain: string, changesAfter: number | undefined) => Promise<StoreVersion | null>,
  { freshMs, now = () => performance.now(), onChanges = () => {} }: StoreVersionsOptions,
): StoreVersions {
  /** `known` once the answer came; `fallback`, the version known before, meanwhile. */
  type Entry = {
    checkedAt: number;
    answer: Promise<KnownVersion | null>;
    known?: KnownVersion | null;
    fallback?: KnownVersion | null;
    learnt: LearntChange[];
  };
  const entries = new Map<string, Entry>();

  /** Takes in the changes an answer tells after `previous`, and tells them on. */
  function learn(
    domain: string,
    entry: Entry,
    previous: KnownVersion,
    answer: StoreVersion,
    at: number,
  ): void {
    if (answer.changesSeq <= previous.changesSeq) return;
    const changes = answer.changes ?? null;
    if (changes === null) entry.learnt.push({ seq: answer.changesSeq, at, change: null });
    else for (const change of changes) entry.learnt.push({ seq: answer.changesSeq, at, change });
    if (entry.learnt.length > LEARNT_KEPT) entry.learnt.splice(0, entry.learnt.length - LEARNT_KEPT);
    onChanges(domain, changes);
  }

  function check(domain: string, before: Entry | undefined): Entry {
    const checkedAt = now();
    const previous = before?.known ?? before?.fallback ?? undefined;
    const entry: Entry = {
      checkedAt,
      fallback: previous,
      learnt: before?.learnt ?? [],
      answer: ask(domain, previous?.changesSeq).then(
        (answer) => {
          if (answer === null) return null;
          if (previous) learn(domain, entry, previous, answer, checkedAt);
          if (previous?.version === answer.version)
            return previous.changesSeq === answer.changesSeq
              ? previous
              : { ...previous, changesSeq: Math.max(previous.changesSeq, answer.changesSeq) };
          return { version: answer.version, since: checkedAt, changesSeq: answer.changesSeq };
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
    learnt: (domain) => entries.get(domain)?.learnt ?? [],
  };
}

/** Asks the store API for a shop's version and the product changes after `changesAfter` (`GET /api/store/version`). */
export function askStoreApi(
  apiUrl: string,
): (domain: string, changesAfter: number | undefined) => Promise<StoreVersion | null> {
  return async (domain, changesAfter) => {
    const client = createStoreClient({ baseUrl: apiUrl, storeDomain: domain, exchange: apiExchange });
    const result = await client.call("storeVersion", { query: { changesAfter } });
    return result.code === SUCCESS_CODE && result.data ? result.data : null;
  };
}
