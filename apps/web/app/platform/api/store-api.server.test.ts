import type { AppLoadContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeClientFor } from "./store-api.server.ts";

afterEach(() => vi.unstubAllGlobals());

describe("storeClientFor", () => {
  it("names the shopper's address to the API on catalogue calls, with this shop and language", async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json({ code: "0", msg: "", data: { records: [], total: 0 } }),
    );
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://catering.localhost:3100/products", {
      headers: { "x-request-id": "req-1" },
    });
    const context: AppLoadContext = { cspNonce: "n", clientIp: "203.0.113.9" };
    await storeClientFor({ request, context }, "ar").call("productSearch", { query: {}, body: {} });
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(sent.headers.get("store-domain")).toBe("catering.localhost");
    expect(sent.headers.get("x-request-id")).toBe("req-1");
  });

  it("sends no X-Forwarded-For when the address is unknown, rather than an empty one", async () => {
    const fetch = vi.fn(async (_request: Request) => Response.json({ code: "0", msg: "", data: null }));
    vi.stubGlobal("fetch", fetch);
    const request = new Request("http://localhost:3100/");
    await storeClientFor({ request, context: { cspNonce: "n", clientIp: "" } }, "en").call(
      "storeGetByDomain",
      {},
    );
    const sent = fetch.mock.calls[0]?.[0] as Request;
    expect(sent.headers.has("x-forwarded-for")).toBe(false);
  });
});
