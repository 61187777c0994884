import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the repository's scripts, without types.
import { currentRelease, ensureRelease, holdRelease, ROOT } from "../../../scripts/releases.mjs";

/*
 * The release rules every `npm start` relies on: a build only when sources changed, a release
 * never changed or removed under a running server, a failed build leaving the last one current.
 */

let appDir: string;
let source: string;
let builds: number;

const build = async (folder: string) => {
  builds += 1;
  writeFileSync(join(folder, "main.js"), readFileSync(join(appDir, "src", "main.txt")));
};
const release = (options: { force?: boolean; build?: (folder: string) => Promise<void> } = {}) =>
  ensureRelease({
    appDir,
    sources: [relative(ROOT, join(appDir, "src"))],
    entry: "main.js",
    label: "test",
    build: options.build ?? build,
    force: options.force ?? false,
  }) as Promise<string>;

beforeEach(() => {
  appDir = join(ROOT, ".data", "test-releases", `${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(appDir, "src"), { recursive: true });
  source = join(appDir, "src", "main.txt");
  writeFileSync(source, "one");
  builds = 0;
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

describe("releases", () => {
  it("builds once per set of sources and names the newest complete one current", async () => {
    const first = await release();
    expect(builds).toBe(1);
    expect(await release()).toBe(first);
    expect(builds).toBe(1);

    writeFileSync(source, "two");
    const second = await release();
    expect(builds).toBe(2);
    expect(second).not.toBe(first);
    expect(currentRelease(appDir, "main.js")).toBe(second);
    // The release a running server may still load is untouched.
    expect(readFileSync(join(first, "main.js"), "utf8")).toBe("one");
    expect(readFileSync(join(second, "main.js"), "utf8")).toBe("two");

    // Back to the first sources: the first release serves again, without a build.
    writeFileSync(source, "one");
    expect(await release()).toBe(first);
    expect(builds).toBe(2);
  });

  it("leaves the last release current when a build fails", async () => {
    const good = await release();
    writeFileSync(source, "broken");
    await expect(
      release({
        build: async () => {
          throw new Error("build failed");
        },
      }),
    ).rejects.toThrow("build failed");
    expect(currentRelease(appDir, "main.js")).toBe(good);
    expect(readFileSync(join(good, "main.js"), "utf8")).toBe("one");
    expect(readdirSync(join(appDir, "build", "releases"))).toEqual([good.split("/").at(-1)]);
  });

  it("removes old releases beyond the newest three, never one a running server holds", async () => {
    const made: string[] = [];
    for (const [i, text] of ["a", "b", "c", "d", "e"].entries()) {
      writeFileSync(source, text);
      const dir = await release();
      made.push(dir);
      if (i === 0) holdRelease(dir);
      // Older releases look older, whatever the clock's resolution.
      const at = new Date(Date.now() - (10 - i) * 60_000);
      utimesSync(join(dir, "main.js"), at, at);
    }
    writeFileSync(source, "f");
    await release();
    const left = readdirSync(join(appDir, "build", "releases"));
    expect(existsSync(made[0] as string)).toBe(true); // held by this process
    expect(existsSync(made[1] as string)).toBe(false);
    expect(left.length).toBe(4);
  });
});
