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

  it("creates no demo stores in production unless told to", () => {
    expect(loadConfig({ NODE_ENV: "production" }).SEED_ON_EMPTY).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_ON_EMPTY: "true" }).SEED_ON_EMPTY).toBe(true);
    expect(loadConfig({ SEED_ON_EMPTY: "false" }).SEED_ON_EMPTY).toBe(false);
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

  it("listens on loopback, trusts only loopback proxies and keeps the dev mailbox off by default", () => {
    const config = loadConfig({});
    expect(config.API_HOST).toBe("127.0.0.1");
    expect(config.DEV_MAILBOX).toBe(false);
    expect(config.TRUSTED_PROXIES.trusts("127.0.0.1")).toBe(true);
    expect(config.TRUSTED_PROXIES.trusts("203.0.113.1")).toBe(false);
  });

  it("serves the dev mailbox only on loopback and never in production", () => {
    expect(loadConfig({ DEV_MAILBOX: "true" }).DEV_MAILBOX).toBe(true);
    expect(() => loadConfig({ DEV_MAILBOX: "true", API_HOST: "0.0.0.0" })).toThrow(/API_HOST.*loopback/);
    expect(() => loadConfig({ DEV_MAILBOX: "true", NODE_ENV: "production" })).toThrow(/DEV_MAILBOX/);
    expect(loadConfig({ API_HOST: "0.0.0.0" }).API_HOST).toBe("0.0.0.0");
  });

  it("serves the dev clock only when asked, only on loopback and never in production", () => {
    expect(loadConfig({}).DEV_CLOCK).toBe(false);
    expect(loadConfig({ DEV_CLOCK: "true" }).DEV_CLOCK).toBe(true);
    expect(loadConfig({ DEV_CLOCK: "true", API_HOST: "::1" }).DEV_CLOCK).toBe(true);
    expect(() => loadConfig({ DEV_CLOCK: "true", API_HOST: "0.0.0.0" })).toThrow(/API_HOST.*DEV_CLOCK/);
    expect(() => loadConfig({ DEV_CLOCK: "true", NODE_ENV: "production" })).toThrow(/DEV_CLOCK/);
    expect(() => loadConfig({ DEV_CLOCK: "yes" })).toThrow(/DEV_CLOCK/);
  });

  it("offers demo card gateways only when asked, and never in production", () => {
    expect(loadConfig({}).DEMO_CARD_PROVIDERS).toBeUndefined();
    expect(loadConfig({ DEMO_CARD_PROVIDERS: "bambora,stripe,bambora" }).DEMO_CARD_PROVIDERS).toEqual([
      "bambora",
      "stripe",
    ]);
    expect(() => loadConfig({ DEMO_CARD_PROVIDERS: "paypal" })).toThrow(/DEMO_CARD_PROVIDERS/);
    expect(() => loadConfig({ DEMO_CARD_PROVIDERS: "stripe", NODE_ENV: "production" })).toThrow(
      /DEMO_CARD_PROVIDERS/,
    );
  });

  it("names a bad proxy entry", () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8,proxy.internal" })).toThrow(
      /TRUSTED_PROXIES.*proxy\.internal/,
    );
  });
});
