import { describe, expect, it } from "vitest";
import { COMMIT_LAG_MS, FULL_SCAN_MS, ScanStart } from "./worker.ts";

function clock() {
  let now = 0;
  return {
    now: () => now,
    pass: (ms: number) => {
      now += ms;
    },
  };
}

describe("where the outbox worker starts looking", () => {
  it("looks through the whole outbox first", () => {
    expect(new ScanStart(clock().now).next()).toBe(0);
  });

  it("moves past what it saw only once a transaction still writing then has had time to commit", () => {
    const time = clock();
    const start = new ScanStart(time.now);
    start.next();
    start.saw(40);
    time.pass(1000);
    start.saw(90);
    time.pass(COMMIT_LAG_MS - 1000 - 1);
    expect(start.next()).toBe(0);
    time.pass(1);
    expect(start.next()).toBe(40);
    time.pass(1000);
    expect(start.next()).toBe(90);
    // No mark ever moves it back.
    start.saw(70);
    time.pass(COMMIT_LAG_MS);
    expect(start.next()).toBe(90);
  });

  it("looks through the whole outbox again every so often, for late commits and retries", () => {
    const time = clock();
    const start = new ScanStart(time.now);
    start.next();
    start.saw(500);
    time.pass(COMMIT_LAG_MS);
    expect(start.next()).toBe(500);
    time.pass(FULL_SCAN_MS - COMMIT_LAG_MS);
    expect(start.next()).toBe(0);
    expect(start.next()).toBe(500);
  });
});
