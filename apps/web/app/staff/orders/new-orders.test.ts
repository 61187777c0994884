import { describe, expect, it } from "vitest";
import { arrivals, highestId, soundOn } from "./new-orders.ts";

describe("new orders on the staff list", () => {
  it("are the ids above the highest seen, and raise it", () => {
    expect(arrivals(10, [12, 11, 10, 9])).toEqual({ fresh: [12, 11], seenMax: 12 });
    expect(arrivals(12, [12, 11])).toEqual({ fresh: [], seenMax: 12 });
    // An order that left the list (moved on, filtered out) lowers nothing.
    expect(arrivals(12, [3])).toEqual({ fresh: [], seenMax: 12 });
  });

  it("start from the highest id of the first list, 0 when it is empty", () => {
    expect(highestId([])).toBe(0);
    expect(highestId([4, 9, 2])).toBe(9);
  });

  it("make a sound unless it was turned off here", () => {
    expect(soundOn(null)).toBe(true);
    expect(soundOn("on")).toBe(true);
    expect(soundOn("off")).toBe(false);
  });
});
