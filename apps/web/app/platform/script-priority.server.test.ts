import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./script-priority.server.ts";

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityScripts());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const PAGE =
  '<html><head><link rel="stylesheet" href="/a.css"/></head><body><p>مرحبا</p>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
  '<script type="module" async="">import("/assets/entry.js");</script></body></html>';
const EXPECTED = PAGE.replaceAll(
  '<link rel="modulepreload"',
  '<link rel="modulepreload" fetchpriority="low"',
);

describe("lowPriorityScripts", () => {
  it("marks every module preload low priority and changes nothing else", async () => {
    expect(await through([PAGE])).toBe(EXPECTED);
  });

  it("finds a preload cut across chunks at any point, with text of several bytes a character", async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out: Buffer[] = [];
      const stream = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(lowPriorityScripts());
      for await (const chunk of stream) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString("utf8"), `cut at ${cut}`).toBe(EXPECTED);
    }
  });

  it("passes a page without preloads as it is, and a tail that only looks like the start of one", async () => {
    expect(await through(["<p>plain</p>", "<link rel=", '"icon"/>'])).toBe('<p>plain</p><link rel="icon"/>');
    expect(await through(["<p>end</p><link rel"])).toBe("<p>end</p><link rel");
  });
});
