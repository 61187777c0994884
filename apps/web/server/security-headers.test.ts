import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers.ts";

describe("contentSecurityPolicy", () => {
  it("lets scripts run only from this origin or with the response's nonce", () => {
    const policy = contentSecurityPolicy("abc123", false);
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("allows Vite's module reloading only in development", () => {
    expect(contentSecurityPolicy("n", true)).toContain("connect-src 'self' ws: wss:");
    expect(contentSecurityPolicy("n", false)).toContain("connect-src 'self';");
  });
});
