import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { drainWaiters } from "./drain-waiters.ts";

/** A response whose `on("drain")` goes elsewhere, as `compression` makes it. */
function compressedResponse() {
  const zlib = new EventEmitter();
  const res = new EventEmitter() as unknown as Response;
  const on = res.on.bind(res);
  res.on = ((event: string, listener: (...args: unknown[]) => void) =>
    event === "drain" ? zlib.on(event, listener) : on(event, listener)) as Response["on"];
  drainWaiters()({} as Request, res, () => {});
  return { res, zlib };
}

describe("drain waiters behind compression", () => {
  it("keeps one listener however often a writer waits, and calls each waiter once", () => {
    const { res, zlib } = compressedResponse();
    const calls: string[] = [];
    for (let n = 0; n < 20; n++) {
      res.once("drain", () => calls.push(`first ${n}`));
      zlib.emit("drain");
    }
    expect(zlib.listenerCount("drain")).toBe(1);
    expect(calls).toHaveLength(20);
    zlib.emit("drain");
    expect(calls).toHaveLength(20);
  });

  it("forgets a waiter taken back with off, as a writer does when the stream fails", () => {
    const { res, zlib } = compressedResponse();
    let called = false;
    const waiter = () => {
      called = true;
    };
    res.once("drain", waiter);
    res.off("drain", waiter);
    zlib.emit("drain");
    expect(called).toBe(false);
  });

  it("leaves other events alone", () => {
    const { res } = compressedResponse();
    let closed = 0;
    res.once("close", () => closed++);
    res.emit("close");
    res.emit("close");
    expect(closed).toBe(1);
  });
});
