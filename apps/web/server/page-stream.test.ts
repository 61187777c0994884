import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { writePageStream } from "./page-stream.ts";

/** A response that records what was written and flushed, taking `capacity` bytes before it pushes back. */
function response(capacity = 1 << 30) {
  const log: string[] = [];
  const res = new Writable({
    highWaterMark: capacity,
    write(chunk: Buffer, _encoding, done) {
      log.push(`write ${chunk.toString()}`);
      setImmediate(done);
    },
  }) as Writable & { flush: () => void };
  res.flush = () => log.push("flush");
  return { res, log };
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** A page stream: `parts` are given at once; each later one after a pause, as a deferred part is. */
function page(...parts: string[][]) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 5));
        for (const piece of part) controller.enqueue(bytes(piece));
      }
      controller.close();
    },
  });
}

describe("writing a rendered page to the response", () => {
  it("sends what the render has ready at once in one write", async () => {
    const { res, log } = response();
    await writePageStream(page(["<html>", "<body>", "</body></html>"]), res);
    expect(log).toEqual(["write <html><body></body></html>"]);
    expect(res.writableEnded).toBe(true);
  });

  it("flushes what it holds when the render pauses, so a deferred part does not hold back the rest", async () => {
    const { res, log } = response();
    await writePageStream(page(["<html>", "<main>"], ["<section>late</section>", "</main></html>"]), res);
    expect(log).toEqual(["write <html><main>", "flush", "write <section>late</section></main></html>"]);
  });

  it("writes a large page in parts of at most 64 KB, waiting for the response to take each", async () => {
    const { res, log } = response(16);
    const piece = "x".repeat(16 * 1024);
    await writePageStream(page(Array.from({ length: 8 }, () => piece)), res);
    expect(log.map((line) => line.length - "write ".length)).toEqual([64 * 1024, 64 * 1024]);
  });

  it("stops the render when the shopper leaves", async () => {
    const { res } = response();
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.enqueue(bytes("<p>more</p>"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const writing = writePageStream(endless, res);
    setTimeout(() => res.destroy(), 20);
    await expect(writing).rejects.toThrow("the shopper left");
    expect(cancelled).toBe(true);
  });
});
