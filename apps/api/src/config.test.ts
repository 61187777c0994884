import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("uses defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.API_PORT).toBe(4000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\.data$/);
    expect(config.SEED_ON_EMPTY).toBe(true);
  });

  it("names every bad variable with what is wrong", () => {
    try {
      loadConfig({ API_PORT: "70000", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('API_PORT="70000"');
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("postgres://");
      expect(message).toContain("LOG_LEVEL");
    }
  });
});
