import { exchangeOverFetch } from "@stoa/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStoreApi } from "./store-api.server.ts";

/** Calls go through the global fetch, which each test stubs with the API answer it needs. */
const overStubbedFetch = exchangeOverFetch((request) => fetch(request));

afterEach(() => vi.unstubAllGlobals());

describe("createStoreApi", () => {
  it("names the shopper's address to the API on catalogue calls, with this shop and language", async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json({ code: "0", msg: "", data: { records: [], total: 0 } }),
    );
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://catering.localhost:3100/products", {
      headers: { "x-request-id": "req-1" },
    });
    const storeApi = createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "203.0.113.9",
      exchange: overStubbedFetch,
    });
    await storeApi.page("productSearch", { query: {}, body: {} }, { locale: "ar" });
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(sent.headers.get("store-domain")).toBe("catering.localhost");
    expect(sent.headers.get("x-request-id")).toBe("req-1");
  });

  it("sends no X-Forwarded-For when the address is unknown, rather than an empty one", async () => {
    const fetch = vi.fn(async (_request: Request) => Response.json({ code: "0", msg: "", data: null }));
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://localhost:3100/");
    await createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "",
      exchange: overStubbedFetch,
    }).pageAnswer("storeGetByDomain", {}, { locale: "en" });
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.has("x-forwarded-for")).toBe(false);
  });

  it("sends a form call's own headers, such as the Idempotency-Key of an order", async () => {
    const fetch = vi.fn(async (_request: Request) => Response.json({ code: "0", msg: "", data: null }));
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://localhost:3100/checkout/place", { method: "POST" });
    await createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "",
      exchange: overStubbedFetch,
    }).form("storeGetByDomain", {}, { headers: { "Idempotency-Key": "attempt-1" } });
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("idempotency-key")).toBe("attempt-1");
  });

  it("passes a bought file on, and says why when the API refuses it", async () => {
    const fetch = vi.fn(async (request: Request) =>
      new URL(request.url).searchParams.get("signature") === "good"
        ? new Response("%PDF", { headers: { "content-type": "application/pdf" } })
        : Response.json({ code: "2017", msg: "expired", data: null }, { status: 410 }),
    );
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://localhost:3100/downloads/7", {
      headers: { cookie: "stoa-auth-token=abcdefghijklmnopqrstuvwxyz" },
    });
    const storeApi = createStoreApi(request, {
      apiUrl: "http://127.0.0.1:4000",
      clientIp: "",
      exchange: overStubbedFetch,
    });
    const file = await storeApi.file("/api/storeOrder/download/7", { expires: 1, signature: "good" });
    expect(file.ok && (await file.response.text())).toBe("%PDF");
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("authorization")).toBe("Bearer abcdefghijklmnopqrstuvwxyz");
    expect(await storeApi.file("/api/storeOrder/download/7", { expires: 1, signature: "old" })).toEqual({
      ok: false,
      code: "2017",
      status: 410,
    });
    vi.stubGlobal("fetch", async () => Promise.reject(new Error("ECONNREFUSED")));
    expect(await storeApi.file("/api/storeOrder/download/7", { expires: 1, signature: "good" })).toEqual({
      ok: false,
      code: "500",
      status: 503,
    });
  });
});
