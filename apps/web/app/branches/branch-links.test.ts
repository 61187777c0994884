import { describe, expect, it } from "vitest";
import { branchesNearHref, branchHref } from "./branch-links.ts";

describe("branchHref", () => {
  it("keeps the scheme and port of the page and opens the branch's home", () => {
    expect(branchHref("http://localhost:3000/branches?postcode=10025", "grocery2.localhost")).toBe(
      "http://grocery2.localhost:3000/",
    );
    expect(branchHref("https://shop.example/branches#x", "riverside.example")).toBe(
      "https://riverside.example/",
    );
  });
});

describe("branchesNearHref", () => {
  it("rounds the coordinates to four places", () => {
    expect(branchesNearHref(40.801234567, -73.97123)).toBe("/branches?latitude=40.8012&longitude=-73.9712");
  });
});
