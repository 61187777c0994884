import { branchListSchema } from "@stoa/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { call, testHarness } from "../test/harness.ts";

// Building the seeded database is the slow part; a hook may take longer than a test.
beforeAll(async () => {
  await testHarness();
});

const branchesOf = async (options: Parameters<typeof call>[2] = {}) => {
  const { status, json } = await call("GET", "/api/store/branches", options);
  return { status, json, branches: status === 200 ? branchListSchema.parse(json.data).branches : [] };
};

describe("GET /api/store/branches", () => {
  it("lists the group's branches with what the picker shows, the asking one marked", async () => {
    const { status, branches } = await branchesOf({ locale: "ar" });
    expect(status).toBe(200);
    expect(branches.map((b) => [b.storeId, b.domain, b.current])).toEqual([
      [41, "localhost", true],
      [46, "grocery2.localhost", false],
    ]);
    for (const branch of branches) {
      expect(branch.area).toMatch(/[\u0600-\u06FF]/);
      expect(branch.address).toBeTruthy();
      expect(branch.postcodeAreas.length).toBeGreaterThan(0);
      expect(branch.distanceKm).toBeNull();
      expect(branch.servesPostcode).toBeNull();
    }
    const fromRiverside = await branchesOf({ domain: "grocery2.localhost" });
    expect(fromRiverside.branches.map((b) => [b.storeId, b.current])).toEqual([
      [41, false],
      [46, true],
    ]);
  });

  it("puts the nearest first by coordinates, and the one serving a postcode first", async () => {
    const near = await branchesOf({ query: { latitude: 40.8, longitude: -73.97 } });
    expect(near.branches.map((b) => b.storeId)).toEqual([46, 41]);
    expect(near.branches[0]?.distanceKm).toBeLessThan(1);
    expect(near.branches[1]?.distanceKm).toBeGreaterThan(5);
    const byPostcode = await branchesOf({ query: { postcode: "10025" } });
    expect(byPostcode.branches.map((b) => [b.storeId, b.servesPostcode])).toEqual([
      [46, true],
      [41, false],
    ]);
    const downtown = await branchesOf({ domain: "grocery2.localhost", query: { postcode: "10007" } });
    expect(downtown.branches[0]?.storeId).toBe(41);
  });

  it("offers none in a shop without branches, and never another owner's", async () => {
    const { status, branches } = await branchesOf({
      domain: "furniture.localhost",
      query: { postcode: "10025" },
    });
    expect(status).toBe(200);
    expect(branches).toEqual([]);
  });

  it("answers an unknown shop as not found", async () => {
    const { status, json } = await branchesOf({ domain: "nowhere.example" });
    expect(status).toBe(404);
    expect(json.code).toBe("4041");
  });

  it("refuses a postcode of other characters, a coordinate alone or out of range", async () => {
    const refused: Record<string, string | number>[] = [
      { postcode: "<b>1</b>" },
      { latitude: 40.8 },
      { latitude: 91, longitude: 0 },
      { latitude: "north", longitude: 0 },
    ];
    for (const query of refused) {
      const { status, json } = await branchesOf({ query });
      expect(status, JSON.stringify(query)).toBe(400);
      expect(json.code).not.toBe("0");
    }
  });
});
