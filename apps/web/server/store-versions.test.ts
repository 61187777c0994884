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
      return answer;
    },
  };
}

describe("storeVersions", () => {
  it("asks once per freshness window per shop, concurrent askers sharing the call", async () => {
    let clock = 0;
    const store = api({ localhost: "v1", "catering.localhost": "c1" });
    const versions = storeVersions(store.ask, { freshMs: 1000, now: () => clock });
    const [a, b] = await Promise.all([versions.of("localhost"), versions.of("localhost")]);
    expect(a).toEqual({ version: "v1", since: 0 });
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
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0 });
    answers.localhost = "v2";
    clock = 2600;
    // Asked again in the background: this request and those during the call get the known one.
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await versions.of("localhost")).toEqual({ version: "v2", since: 2600 });
    expect(store.asked).toHaveLength(3);
  });

  it("never keeps a request waiting on the API once a version is known", async () => {
    let clock = 0;
    let answer: (version: string) => void = () => {};
    let calls = 0;
    const versions = storeVersions(
      (_domain) => {
        calls++;
        return calls === 1 ? Promise.resolve("v1") : new Promise((resolve) => (answer = resolve));
      },
      { freshMs: 1000, now: () => clock },
    );
    await versions.of("localhost");
    clock = 5000;
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0 });
    expect(await versions.of("localhost")).toEqual({ version: "v1", since: 0 });
    answer("v2");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await versions.of("localhost")).toEqual({ version: "v2", since: 5000 });
    expect(calls).toBe(2);
  });

  it("knows no version for an address without a shop or when the API cannot be reached", async () => {
    const store = api({ "nowhere.example": null });
    const versions = storeVersions(store.ask, { freshMs: 1000, now: () => 0 });
    expect(await versions.of("nowhere.example")).toBeNull();
    expect(await versions.of("down.example")).toBeNull();
  });
});
