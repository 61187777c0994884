import { AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS, STORAGE_KEYS, type User } from "@stoa/contract";
import type { AppLoadContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  accountClient,
  callAccount,
  currentSession,
  endedSessionCookie,
  sessionCookie,
} from "./session.server.ts";

const TOKEN = "c2Vzc2lvbi10b2tlbi1mb3ItdGVzdHM";
const user: User = {
  userId: 3,
  firstName: "Anna",
  lastName: "Berg",
  email: "anna@example.com",
  phone: null,
  countryCode: null,
  emailVerified: true,
  isGuest: false,
  shippingAddress: null,
};

function shopper(cookie?: string, extraHeaders: Record<string, string> = {}) {
  const headers = new Headers({ ...extraHeaders, ...(cookie ? { cookie } : {}) });
  const request = new Request("http://catering.localhost:3100/profile", { headers });
  const context: AppLoadContext = { cspNonce: "n", clientIp: "203.0.113.9" };
  return { request, context };
}

function answer(body: unknown, status = 200) {
  return vi.fn(async (_request: Request) => Response.json(body, { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe("currentSession", () => {
  it("does not ask the API without a session cookie", async () => {
    const fetch = answer({ code: "0", msg: "", data: user });
    vi.stubGlobal("fetch", fetch);
    expect((await currentSession(shopper())).auth).toEqual({ status: "signed-out" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks once per request, as this shopper, from this shop", async () => {
    const fetch = answer({ code: "0", msg: "success", data: user });
    vi.stubGlobal("fetch", fetch);
    const args = shopper(`${STORAGE_KEYS.authToken}=${TOKEN}`);
    const [first, second] = await Promise.all([currentSession(args), currentSession(args)]);
    expect(first).toBe(second);
    expect(first.auth).toEqual({ status: "signed-in", user });
    expect(fetch).toHaveBeenCalledTimes(1);
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(new URL(sent.url).pathname).toBe("/api/auth/getUserInfoFromToken");
    expect(sent.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers.get("store-domain")).toBe("catering.localhost");
    expect(sent.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(sent.headers.get("x-forwarded-host")).toBe("catering.localhost:3100");
    expect(sent.headers.get("x-forwarded-proto")).toBe("http");
  });

  it("reads an unreachable API as signed out, keeping the cookie", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new Error("connection refused");
      }),
    );
    expect(await currentSession(shopper(`${STORAGE_KEYS.authToken}=${TOKEN}`))).toEqual({
      auth: { status: "signed-out" },
      dropToken: false,
    });
  });
});

describe("callAccount", () => {
  it("sends the shopper home without the token when a call needing the session answers 401", async () => {
    vi.stubGlobal("fetch", answer({ code: "401", msg: "Please sign in", data: null }, 401));
    const thrown = await callAccount(shopper(`${STORAGE_KEYS.authToken}=${TOKEN}`), "shippingInfo", {}).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toContain(`${STORAGE_KEYS.authToken}=;`);
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("hands a refusal of a public call back to the form (guest checkout switched off)", async () => {
    vi.stubGlobal("fetch", answer({ code: "403", msg: "You are not allowed to do this.", data: null }, 403));
    expect(await callAccount(shopper(), "guestLogin", { body: {} })).toEqual({
      ok: false,
      status: 403,
      failure: {
        ok: false,
        code: "403",
        key: "error-forbidden",
        message: "You are not allowed to do this.",
        fields: {},
      },
    });
  });

  it("reports an unreachable API as something having gone wrong", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new Error("connection refused");
      }),
    );
    expect(
      await callAccount(shopper(), "emailLogin", { body: { userEmail: "a@b.co", password: "x" } }),
    ).toMatchObject({ ok: false, status: 503, failure: { key: "error-something-wrong" } });
  });
});

describe("sessionCookie", () => {
  it("is Secure on https only", () => {
    expect(sessionCookie(new Request("https://shop.example/"), TOKEN)).toMatch(/; Secure$/);
    expect(sessionCookie(new Request("http://localhost/"), TOKEN)).toBe(
      `${STORAGE_KEYS.authToken}=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS}`,
    );
  });

  it("is Secure, and so is its clearing, behind a TLS proxy that says X-Forwarded-Proto: https", () => {
    const behindProxy = new Request("http://127.0.0.1:3000/", { headers: { "x-forwarded-proto": "https" } });
    expect(sessionCookie(behindProxy, TOKEN)).toMatch(/; Secure$/);
    expect(endedSessionCookie(behindProxy)).toMatch(/; Secure$/);
    expect(endedSessionCookie(new Request("http://localhost/"))).not.toContain("Secure");
  });
});

describe("accountClient", () => {
  it("tells the API the shop is on https when the proxy in front says so", async () => {
    const fetch = answer({ code: "0", msg: "", data: user });
    vi.stubGlobal("fetch", fetch);
    await accountClient(shopper(undefined, { "x-forwarded-proto": "https" })).call("currentUser", {});
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("x-forwarded-proto")).toBe("https");
    expect(sent.headers.get("x-forwarded-for")).toBe("203.0.113.9");
  });
});
