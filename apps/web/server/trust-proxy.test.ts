import { describe, expect, it } from "vitest";
import { trustProxySetting } from "./trust-proxy.ts";

describe("trustProxySetting", () => {
  it("trusts nobody unless told to", () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting("")).toBe(false);
    expect(trustProxySetting("false")).toBe(false);
  });

  it("takes true, a hop count or a list of addresses", () => {
    expect(trustProxySetting("true")).toBe(true);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
  });
});
