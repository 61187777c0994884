import { describe, expect, it } from "vitest";
import type { StoreRow } from "../../stores/tables.ts";
import { answerCache, catalogueAnswerKey } from "./answer-cache.ts";

const computed = (body: string) => {
  const calls: string[] = [];
  return {
    calls,
    compute: async () => {
      calls.push(body);
      return body;
    },
  };
};

describe("answer cache", () => {
  it("computes a missing answer once and answers later requests from memory", async () => {
    const cache = answerCache(1024 * 1024);
    const { calls, compute } = computed('{"a":1}');
    expect(await cache.answer("k", compute)).toBe('{"a":1}');
    expect(await cache.answer("k", compute)).toBe('{"a":1}');
    expect(calls).toHaveLength(1);
    expect(cache.stats).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it("lets concurrent requests for one missing answer share one computation", async () => {
    const cache = answerCache(1024 * 1024);
    let release: (body: string) => void = () => {};
    let computations = 0;
    const compute = () => {
      computations++;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.answer("k", compute);
    const second = cache.answer("k", compute);
    release("shared");
    expect(await Promise.all([first, second])).toEqual(["shared", "shared"]);
    expect(computations).toBe(1);
  });

  it("keeps no failure: the next request computes again", async () => {
    const cache = answerCache(1024 * 1024);
    await expect(cache.answer("k", () => Promise.reject(new Error("database down")))).rejects.toThrow(
      "database down",
    );
    expect(await cache.answer("k", async () => "fine")).toBe("fine");
    expect(cache.stats.entries).toBe(1);
  });

  it("drops the least recently used answers once full, never going over its size", async () => {
    const body = "x".repeat(1000);
    // Room for two entries of this size, not three.
    const cache = answerCache(2 * (2 * (1 + body.length) + 96) + 10);
    await cache.answer("a", async () => body);
    await cache.answer("b", async () => body);
    await cache.answer("a", async () => "recomputed"); // a is now the most recently used
    await cache.answer("c", async () => body); // evicts b
    expect(cache.stats.entries).toBe(2);
    expect(cache.stats.bytes).toBeLessThanOrEqual(2 * (2 * (1 + body.length) + 96) + 10);
    expect(await cache.answer("a", async () => "recomputed")).toBe(body);
    expect(await cache.answer("b", async () => "recomputed")).toBe("recomputed");
  });

  it("does not keep an answer larger than the whole cache", async () => {
    const cache = answerCache(100);
    expect(await cache.answer("k", async () => "y".repeat(500))).toHaveLength(500);
    expect(cache.stats).toMatchObject({ entries: 0, bytes: 0 });
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
