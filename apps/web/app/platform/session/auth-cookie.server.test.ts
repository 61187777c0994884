import { AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS, STORAGE_KEYS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { AUTH_COOKIE, authCookie, authTokenOf, clearedAuthCookie, isHttps } from "./auth-cookie.server.ts";

const TOKEN = "aG9wZWZ1bGx5LW9wYXF1ZS10b2tlbi12YWx1ZQ";

function attributes(cookie: string): string[] {
  return cookie.split("; ").slice(1);
}

describe("authCookie", () => {
  it("is named after the spec's auth-token storage key", () => {
    expect(AUTH_COOKIE).toBe(STORAGE_KEYS.authToken);
    expect(authCookie(TOKEN, { secure: false }).startsWith(`${STORAGE_KEYS.authToken}=${TOKEN};`)).toBe(true);
  });

  it("is httpOnly, SameSite=Lax, site-wide and lives as long as the session", () => {
    expect(attributes(authCookie(TOKEN, { secure: false }))).toEqual([
      "Path=/",
      "HttpOnly",
      "SameSite=Lax",
      `Max-Age=${AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS}`,
    ]);
  });

  it("is Secure exactly when the shop is served over https", () => {
    expect(authCookie(TOKEN, { secure: true })).toContain("; Secure");
    expect(authCookie(TOKEN, { secure: false })).not.toContain("Secure");
    expect(isHttps(new Request("https://shop.example/profile"))).toBe(true);
    expect(isHttps(new Request("http://localhost:3000/profile"))).toBe(false);
  });

  it("counts the first hop of a proxy's X-Forwarded-Proto as https, whatever TRUST_PROXY says", () => {
    const behindProxy = (proto: string) =>
      new Request("http://127.0.0.1:3000/profile", { headers: { "x-forwarded-proto": proto } });
    expect(isHttps(behindProxy("https"))).toBe(true);
    expect(isHttps(behindProxy("HTTPS "))).toBe(true);
    expect(isHttps(behindProxy("https, http"))).toBe(true);
    expect(isHttps(behindProxy("http, https"))).toBe(false);
    expect(isHttps(behindProxy("http"))).toBe(false);
  });

  it("is cleared with the same attributes and no lifetime left", () => {
    const cleared = clearedAuthCookie({ secure: true });
    expect(cleared.startsWith(`${AUTH_COOKIE}=;`)).toBe(true);
    expect(attributes(cleared)).toEqual(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", "Secure"]);
  });
});

describe("authTokenOf", () => {
  const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

  it("reads the token among other cookies", () => {
    expect(authTokenOf(withCookie(`lang=ar; ${AUTH_COOKIE}=${TOKEN}; table=4`))).toBe(TOKEN);
  });

  it("ignores a missing, empty or malformed token", () => {
    expect(authTokenOf(new Request("http://localhost/"))).toBeNull();
    expect(authTokenOf(withCookie(`${AUTH_COOKIE}=`))).toBeNull();
    expect(authTokenOf(withCookie(`${AUTH_COOKIE}=abc`))).toBeNull();
    expect(authTokenOf(withCookie(`${AUTH_COOKIE}=${TOKEN}%0d%0aX-Evil:%201`))).toBeNull();
  });
});
