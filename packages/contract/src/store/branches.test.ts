import { describe, expect, it } from "vitest";
import {
  branchQuerySchema,
  distanceKm,
  nearestBranches,
  normalizePostcode,
  postcodeMatch,
} from "./branches.ts";

const centre = { name: "centre", latitude: 40.7128, longitude: -74.006, postcodeAreas: ["100", "101"] };
const riverside = {
  name: "riverside",
  latitude: 40.8075,
  longitude: -73.9626,
  postcodeAreas: ["1002", "102"],
};

describe("distanceKm", () => {
  it("is zero at the same place, symmetric, and right for a known distance", () => {
    expect(distanceKm(centre, centre)).toBe(0);
    expect(distanceKm(centre, riverside)).toBeCloseTo(distanceKm(riverside, centre), 9);
    // London to Paris is about 344 km as the crow flies.
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(distanceKm(london, paris)).toBeGreaterThan(340);
    expect(distanceKm(london, paris)).toBeLessThan(348);
  });

  it("crosses the date line the short way", () => {
    expect(distanceKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeLessThan(
      112,
    );
  });
});

describe("postcodeMatch", () => {
  it("counts the longest area the postcode begins with, ignoring case, spaces and hyphens", () => {
    expect(postcodeMatch(["100", "1002"], "10025")).toBe(4);
    expect(postcodeMatch(["SW1"], "sw1a 1aa")).toBe(3);
    expect(postcodeMatch(["100"], "200 01")).toBe(0);
    expect(normalizePostcode(" 100-25 ")).toBe("10025");
  });
});

describe("nearestBranches", () => {
  it("orders by distance from the shopper's coordinates", () => {
    const near = nearestBranches([centre, riverside], { point: { latitude: 40.8, longitude: -73.96 } });
    expect(near.map((b) => b.name)).toEqual(["riverside", "centre"]);
    expect(near[0]?.distanceKm).toBeLessThan(1);
    expect(near[0]?.servesPostcode).toBeNull();
  });

  it("puts the branch serving the postcode most closely first", () => {
    expect(nearestBranches([centre, riverside], { postcode: "10025" }).map((b) => b.name)).toEqual([
      "riverside",
      "centre",
    ]);
    const other = nearestBranches([centre, riverside], { postcode: "10110" });
    expect(other.map((b) => [b.name, b.servesPostcode])).toEqual([
      ["centre", true],
      ["riverside", false],
    ]);
  });

  it("keeps the given order when nothing tells them apart", () => {
    const none = nearestBranches([centre, riverside], { postcode: "99999" });
    expect(none.map((b) => [b.name, b.servesPostcode, b.distanceKm])).toEqual([
      ["centre", false, null],
      ["riverside", false, null],
    ]);
  });
});

describe("branchQuerySchema", () => {
  it("takes a postcode or both coordinates, and refuses the rest", () => {
    expect(branchQuerySchema.parse({ postcode: " 10025 " })).toEqual({ postcode: "10025" });
    expect(branchQuerySchema.parse({ latitude: "40.7", longitude: "-74" })).toEqual({
      latitude: 40.7,
      longitude: -74,
    });
    for (const bad of [
      { latitude: "40" },
      { latitude: "91", longitude: "0" },
      { postcode: "<script>" },
      { postcode: "1" },
    ]) {
      expect(branchQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
