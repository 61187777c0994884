import type { ProductChange, StoreVersion } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { storeVersions } from "./store-versions.ts";

function api(answers: Record<string, string | null>) {
  const asked: string[] = [];
  return {
    asked,
    ask: async (domain: string) => {
      asked.push(domain);
      const answer = answers[domain];
      if (answer === undefined) throw new Error("unreachable");
      return answer === null ? null : { version: answer, changesSeq: 0 };
    },
  };
}

describe("storeVersions", () => {
  it("asks once per freshness window per shop, concurrent askers sharing the call", async () => {
    let clock = 0;
    const store = api({ localhost: "v1", "catering.localhost": "c1" });
    const versions = storeVersions(store.ask, { freshMs: 1000, now: () => clock });
    const [a, b] = await Promise.all([versions.of("localhost"), versions.of("localhost")]);
    expect(a).toEqual({ version: "v1", since: 0, changesSeq: 0 });
    expect(b).toBe(a);
    expect((await versions.of("catering.localhost"))?.version).toBe("c1");
    clock = 999;
    await versions.of("localhost");
    expect(store.asked).toEqual(["localhost", "catering.localhost"]);
    clock = 1000;
    await versions.of("localhost");
    expect(store.asked).toEqual(["localhost", "catering.localhost", "localhost"]);
  });

  it("remembers since when it knows a version, and starts again when it changes", async () => {
    let clock = 0;
    const answers: Record<string, string | null> = { localhost: "v1" };
    const store = api(answers);
    const versions = storeVersions(store.ask, { freshMs: 1000, now: () => clock });
    await versions.of("localhost");
    clock = 1500;
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0, changesSeq: 0 });
    answers.localhost = "v2";
    clock = 2600;
    // Asked again in the background: this request and those during the call get the known one.
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0, changesSeq: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await versions.of("localhost")).toEqual({ version: "v2", since: 2600, changesSeq: 0 });
    expect(store.asked).toHaveLength(3);
  });

  it("never keeps a request waiting on the API once a version is known", async () => {
    let clock = 0;
    let answer: (version: StoreVersion) => void = () => {};
    let calls = 0;
    const versions = storeVersions(
      (_domain) => {
        calls++;
        return calls === 1
          ? Promise.resolve({ version: "v1", changesSeq: 0 })
          : new Promise<StoreVersion>((resolve) => (answer = resolve));
      },
      { freshMs: 1000, now: () => clock },
    );
    await versions.of("localhost");
    clock = 5000;
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0, changesSeq: 0 });
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0, changesSeq: 0 });
    answer({ version: "v2", changesSeq: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await versions.of("localhost")).toEqual({ version: "v2", since: 5000, changesSeq: 0 });
    expect(calls).toBe(2);
  });

  it("knows no version for an address without a shop or when the API cannot be reached", async () => {
    const store = api({ "nowhere.example": null });
    const versions = storeVersions(store.ask, { freshMs: 1000, now: () => 0 });
    expect(await versions.of("nowhere.example")).toBeNull();
    expect(await versions.of("down.example")).toBeNull();
  });

  it("asks for the product changes after those it knows, and tells them on once", async () => {
    let clock = 0;
    const changes: ProductChange[] = [];
    const asked: Array<number | undefined> = [];
    const told: Array<readonly ProductChange[] | null> = [];
    let swept = false;
    const versions = storeVersions(
      async (_domain, after) => {
        asked.push(after);
        return {
          version: "v1",
          changesSeq: changes.length,
          changes: after === undefined ? undefined : swept ? null : changes.slice(after),
        };
      },
      { freshMs: 1000, now: () => clock, onChanges: (_shop, list) => told.push(list) },
    );
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    await versions.of("localhost");
    changes.push(
      { productId: 4, categoryIds: [2], aspects: 1 },
      { productId: 5, categoryIds: [], aspects: 0 },
    );
    clock = 1000;
    await versions.of("localhost");
    await tick();
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0, changesSeq: 2 });
    expect(told).toEqual([changes]);
    expect(versions.learnt("localhost").map(({ seq, at, change }) => [seq, at, change?.productId])).toEqual([
      [2, 1000, 4],
      [2, 1000, 5],
    ]);
    // Nothing new: nothing told. Changes no longer kept: the shop's pages all go (null).
    clock = 2000;
    await versions.of("localhost");
    await tick();
    changes.push({ productId: 6, categoryIds: [], aspects: 0 });
    swept = true;
    clock = 3000;
    await versions.of("localhost");
    await tick();
    expect(asked).toEqual([undefined, 0, 2, 2]);
    expect(told).toEqual([changes.slice(0, 2), null]);
  });
});
