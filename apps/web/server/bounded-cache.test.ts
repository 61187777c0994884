import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache.ts";

describe("BoundedCache", () => {
  it("drops the least recently used entry when over the entry limit", () => {
    const cache = new BoundedCache<string>(2, 1000);
    cache.set("a", "A", 1);
    cache.set("b", "B", 1);
    cache.get("a");
    cache.set("c", "C", 1);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    expect(cache.get("c")).toBe("C");
  });

  it("keeps total bytes under the limit and skips entries bigger than it", () => {
    const cache = new BoundedCache<string>(10, 10);
    cache.set("a", "A", 6);
    cache.set("b", "B", 6);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(6);
    cache.set("huge", "H", 11);
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("b")).toBe("B");
  });
});
