import { describe, expect, it } from "vitest";
import { remembered } from "./remembered.ts";

describe("remembered", () => {
  function counting() {
    const asked: string[] = [];
    const load = async (key: string) => {
      asked.push(key);
      return `${key}#${asked.length}`;
    };
    return { asked, load };
  }

  it("answers a key from memory until it is no longer fresh, then reads it again", async () => {
    let clock = 0;
    const { asked, load } = counting();
    const find = remembered(load, 1000, () => clock);
    expect(await find("a")).toBe("a#1");
    clock = 999;
    expect(await find("a")).toBe("a#1");
    clock = 1000;
    expect(await find("a")).toBe("a#2");
    expect(asked).toEqual(["a", "a"]);
  });

  it("shares one read between concurrent calls and keeps keys apart", async () => {
    const { asked, load } = counting();
    const find = remembered(load, 1000, () => 0);
    const [first, second, other] = await Promise.all([find("a"), find("a"), find("b")]);
    expect([first, second, other]).toEqual(["a#1", "a#1", "b#2"]);
    expect(asked).toEqual(["a", "b"]);
  });

  it("forgets a failed read at once, so the next call reads again", async () => {
    let fail = true;
    const find = remembered(
      async (key: string) => {
        if (fail) throw new Error("database away");
        return key;
      },
      1000,
      () => 0,
    );
    await expect(find("a")).rejects.toThrow("database away");
    fail = false;
    expect(await find("a")).toBe("a");
  });

  it("reads on every call when nothing may be remembered", async () => {
    const { asked, load } = counting();
    const find = remembered(load, 0);
    await find("a");
    await find("a");
    expect(asked).toEqual(["a", "a"]);
  });
});
