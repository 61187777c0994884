import { describe, expect, it } from "vitest";
import { RenderQueue } from "./render-queue.ts";

describe("RenderQueue", () => {
  it("runs up to its slots, queues up to its places, and refuses the rest at once", async () => {
    const queue = new RenderQueue(1, 1);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queue.run(() => gate.then(() => "a"));
    const second = queue.run(async () => "b");
    expect(await queue.run(async () => "c")).toEqual({ admitted: false });
    release();
    expect(await first).toEqual({ admitted: true, value: "a" });
    expect(await second).toEqual({ admitted: true, value: "b" });
    expect(queue).toMatchObject({ running: 0, waiting: 0 });
  });

  it("lets one client hold no more than its share, and gives a freed slot to the clients in turn", async () => {
    const queue = new RenderQueue(1, 10, 3);
    const order: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = (name: string) => async () => {
      order.push(name);
      await gate;
    };
    const flood = [
      queue.run(job("f1"), "flood"),
      queue.run(job("f2"), "flood"),
      queue.run(job("f3"), "flood"),
    ];
    expect(await queue.run(job("f4"), "flood")).toEqual({ admitted: false });
    const shopper = queue.run(job("s1"), "shopper");
    expect(queue.waiting).toBe(3);
    release();
    await Promise.all([...flood, shopper]);
    // f1 was running; then the flood and the shopper take turns: f2, s1, f3.
    expect(order).toEqual(["f1", "f2", "s1", "f3"]);
    expect(queue).toMatchObject({ running: 0, waiting: 0 });
  });
});
