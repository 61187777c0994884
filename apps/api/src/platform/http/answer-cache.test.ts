import { describe, expect, it } from "vitest";
import type { StoreRow } from "../../stores/tables.ts";
import { type Answer, type AnswerCache, type AsOf, answerCache, catalogueAnswerKey } from "./answer-cache.ts";

/** The text a cache answers with. */
const said = (cache: AnswerCache, key: string, compute: () => Promise<Answer>, asOf?: AsOf) =>
  cache.answer(key, compute, asOf).then((answer) => answer.body);

const computed = (body: string) => {
  const calls: string[] = [];
  return {
    calls,
    compute: async () => {
      calls.push(body);
      return { body };
    },
  };
};

describe("answer cache", () => {
  it("computes a missing answer once and answers later requests from memory", async () => {
    const cache = answerCache(1024 * 1024);
    const { calls, compute } = computed('{"a":1}');
    expect(await said(cache, "k", compute)).toBe('{"a":1}');
    expect(await said(cache, "k", compute)).toBe('{"a":1}');
    expect(calls).toHaveLength(1);
    expect(cache.stats).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it("lets concurrent requests for one missing answer share one computation", async () => {
    const cache = answerCache(1024 * 1024);
    let release: (body: string) => void = () => {};
    let computations = 0;
    const compute = () => {
      computations++;
      return new Promise<Answer>((resolve) => {
        release = (body) => resolve({ body });
      });
    };
    const first = said(cache, "k", compute);
    const second = said(cache, "k", compute);
    release("shared");
    expect(await Promise.all([first, second])).toEqual(["shared", "shared"]);
    expect(computations).toBe(1);
  });

  it("keeps no failure: the next request computes again", async () => {
    const cache = answerCache(1024 * 1024);
    await expect(said(cache, "k", () => Promise.reject(new Error("database down")))).rejects.toThrow(
      "database down",
    );
    expect(await said(cache, "k", async () => ({ body: "fine" }))).toBe("fine");
    expect(cache.stats.entries).toBe(1);
  });

  it("drops the least recently used answers once full, never going over its size", async () => {
    const body = "x".repeat(1000);
    // Room for two entries of this size, not three.
    const cache = answerCache(2 * (2 * (1 + body.length) + 96) + 10);
    await said(cache, "a", async () => ({ body }));
    await said(cache, "b", async () => ({ body }));
    await said(cache, "a", async () => ({ body: "recomputed" })); // a is now the most recently used
    await said(cache, "c", async () => ({ body })); // evicts b
    expect(cache.stats.entries).toBe(2);
    expect(cache.stats.bytes).toBeLessThanOrEqual(2 * (2 * (1 + body.length) + 96) + 10);
    expect(await said(cache, "a", async () => ({ body: "recomputed" }))).toBe(body);
    expect(await said(cache, "b", async () => ({ body: "recomputed" }))).toBe("recomputed");
  });

  it("does not keep an answer larger than the whole cache", async () => {
    const cache = answerCache(100);
    expect(await said(cache, "k", async () => ({ body: "y".repeat(500) }))).toHaveLength(500);
    expect(cache.stats).toMatchObject({ entries: 0, bytes: 0 });
  });
});

describe("the live part of a kept answer (stock)", () => {
  /** An answer whose live part reads `values` again: a new body when the value moved. */
  function liveAnswer(values: number[], shown = values[0] ?? 0) {
    const reads = { count: 0 };
    const answerShowing = (value: number): Answer => ({
      body: `{"stock":${value}}`,
      reread: async () => {
        reads.count++;
        const now = values[0] ?? 0;
        return now === value ? undefined : answerShowing(now);
      },
    });
    return { reads, compute: async () => answerShowing(shown) };
  }

  it("reads the live part again once the freshness window has passed, and only then", async () => {
    let time = 0;
    const cache = answerCache(1024 * 1024, { liveFreshMs: 1000, now: () => time });
    const stock = [5];
    const { reads, compute } = liveAnswer(stock);
    expect(await said(cache, "k", compute)).toBe('{"stock":5}');
    stock[0] = 4;
    time = 999;
    expect(await said(cache, "k", compute)).toBe('{"stock":5}');
    expect(reads.count).toBe(0);
    time = 1000;
    expect(await said(cache, "k", compute)).toBe('{"stock":4}');
    expect(reads.count).toBe(1);
    // The rewritten answer is kept, with the time of its read.
    time = 1500;
    expect(await said(cache, "k", compute)).toBe('{"stock":4}');
    expect(reads.count).toBe(1);
    // Unchanged, the kept text is served as it was and the window starts again.
    time = 2000;
    expect(await said(cache, "k", compute)).toBe('{"stock":4}');
    time = 2999;
    expect(await said(cache, "k", compute)).toBe('{"stock":4}');
    expect(reads.count).toBe(2);
    expect(cache.stats).toMatchObject({ entries: 1, misses: 1, rereads: 2 });
    expect(cache.stats.bytes).toBe(2 * ("k".length + '{"stock":4}'.length) + 96);
  });

  it("with no window reads the live part on every request", async () => {
    const cache = answerCache(1024 * 1024);
    const stock = [3];
    const { reads, compute } = liveAnswer(stock);
    await said(cache, "k", compute);
    for (const left of [2, 2, 1]) {
      stock[0] = left;
      expect(await said(cache, "k", compute)).toBe(`{"stock":${left}}`);
    }
    expect(reads.count).toBe(3);
  });

  it("lets concurrent requests share one read, and keeps no failed read", async () => {
    const cache = answerCache(1024 * 1024);
    let reads = 0;
    let fail = true;
    const compute = async (): Promise<Answer> => ({
      body: "old",
      reread: async () => {
        reads++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error("database down");
        return { body: "new" };
      },
    });
    await said(cache, "k", compute);
    const failed = await Promise.allSettled([said(cache, "k", compute), said(cache, "k", compute)]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(reads).toBe(1);
    fail = false;
    expect(await Promise.all([said(cache, "k", compute), said(cache, "k", compute)])).toEqual(["new", "new"]);
    expect(reads).toBe(2);
  });
});

describe("catalogue answer key", () => {
  const store = {
    id: 1,
    catalogueVersion: 7,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-02-01T00:00:00Z"),
  } as StoreRow;

  it("changes with the catalogue version, the store, the language, the endpoint and the input", () => {
    const key = catalogueAnswerKey(store, "en", "productInfo", [{ id: 5 }]);
    expect(catalogueAnswerKey(store, "en", "productInfo", [{ id: 5 }])).toBe(key);
    expect(catalogueAnswerKey({ ...store, catalogueVersion: 8 }, "en", "productInfo", [{ id: 5 }])).not.toBe(
      key,
    );
    expect(catalogueAnswerKey({ ...store, id: 2 }, "en", "productInfo", [{ id: 5 }])).not.toBe(key);
    expect(
      catalogueAnswerKey({ ...store, updatedAt: new Date("2026-03-01T00:00:00Z") }, "en", "productInfo", [
        { id: 5 },
      ]),
    ).not.toBe(key);
    expect(catalogueAnswerKey(store, "ar", "productInfo", [{ id: 5 }])).not.toBe(key);
    expect(catalogueAnswerKey(store, "en", "productHot", [{ id: 5 }])).not.toBe(key);
    expect(catalogueAnswerKey(store, "en", "productInfo", [{ id: 6 }])).not.toBe(key);
  });
});
