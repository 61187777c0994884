import {
  AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS,
  exchangeOverFetch,
  STORAGE_KEYS,
  type User,
} from "@stoa/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStoreApi, type StoreApi } from "./store-api.server.ts";

/** Calls go through the global fetch, which each test stubs with the API answer it needs. */
const overStubbedFetch = exchangeOverFetch((request) => fetch(request));

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

function storeApiFor(request: Request): StoreApi {
  return createStoreApi(request, {
    apiUrl: "http://127.0.0.1:4000",
    clientIp: "203.0.113.9",
    exchange: overStubbedFetch,
  });
}

/** The store API of one shopper's request, as server.ts makes it. */
function shopper(cookie?: string, extraHeaders: Record<string, string> = {}): StoreApi {
  const headers = new Headers({ ...extraHeaders, ...(cookie ? { cookie } : {}) });
  return storeApiFor(new Request("http://catering.localhost:3100/profile", { headers }));
}

function answer(body: unknown, status = 200) {
  return vi.fn(async (_request: Request) => Response.json(body, { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe("session", () => {
  it("does not ask the API without a session cookie", async () => {
    const fetch = answer({ code: "0", msg: "", data: user });
    vi.stubGlobal("fetch", fetch);
    expect((await shopper().session()).auth).toEqual({ status: "signed-out" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks once per request, as this shopper, from this shop", async () => {
    const fetch = answer({ code: "0", msg: "success", data: user });
    vi.stubGlobal("fetch", fetch);
    const storeApi = shopper(`${STORAGE_KEYS.authToken}=${TOKEN}`);
    const [first, second] = await Promise.all([storeApi.session(), storeApi.session()]);
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
    expect(await shopper(`${STORAGE_KEYS.authToken}=${TOKEN}`).session()).toEqual({
      auth: { status: "signed-out" },
      dropToken: false,
    });
  });
});

describe("form", () => {
  it("sends the shopper home without the token when a call needing the session answers 401", async () => {
    vi.stubGlobal("fetch", answer({ code: "401", msg: "Please sign in", data: null }, 401));
    const thrown = await shopper(`${STORAGE_KEYS.authToken}=${TOKEN}`)
      .form("shippingInfo", {})
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toContain(`${STORAGE_KEYS.authToken}=;`);
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("hands a refusal of a public call back to the form (guest checkout switched off)", async () => {
    vi.stubGlobal("fetch", answer({ code: "403", msg: "You are not allowed to do this.", data: null }, 403));
    expect(await shopper().form("guestLogin", { body: {} })).toEqual({
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
      await shopper().form("emailLogin", { body: { userEmail: "a@b.co", password: "x" } }),
    ).toMatchObject({ ok: false, status: 503, failure: { key: "error-something-wrong" } });
  });
});

describe("sessionCookie", () => {
  it("is Secure on https only", () => {
    expect(storeApiFor(new Request("https://shop.example/")).sessionCookie(TOKEN)).toMatch(/; Secure$/);
    expect(storeApiFor(new Request("http://localhost/")).sessionCookie(TOKEN)).toBe(
      `${STORAGE_KEYS.authToken}=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS}`,
    );
  });

  it("is Secure, and so is its clearing, behind a TLS proxy that says X-Forwarded-Proto: https", () => {
    const behindProxy = new Request("http://127.0.0.1:3000/", { headers: { "x-forwarded-proto": "https" } });
    expect(storeApiFor(behindProxy).sessionCookie(TOKEN)).toMatch(/; Secure$/);
    expect(storeApiFor(behindProxy).endedSessionCookie()).toMatch(/; Secure$/);
    expect(storeApiFor(new Request("http://localhost/")).endedSessionCookie()).not.toContain("Secure");
  });
});

describe("store calls", () => {
  it("tells the API the shop is on https when the proxy in front says so", async () => {
    const fetch = answer({ code: "0", msg: "", data: user });
    vi.stubGlobal("fetch", fetch);
    await shopper(undefined, { "x-forwarded-proto": "https" }).form("currentUser", {});
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("x-forwarded-proto")).toBe("https");
    expect(sent.headers.get("x-forwarded-for")).toBe("203.0.113.9");
  });
});
