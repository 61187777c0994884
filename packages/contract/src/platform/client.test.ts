import { describe, expect, it } from "vitest";
import { createStoreClient, StoreApiUnavailable, type StoreRequest } from "./client.ts";

describe("store client", () => {
  it("sends the store, locale and bearer headers and the parts of the call", async () => {
    let seen: Request | undefined;
    const client = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "localhost",
      locale: "ar",
      token: "t0k",
      fetch: async (request) => {
        seen = request;
        return Response.json({ code: "0", msg: "success", data: { records: [] } });
      },
    });
    const result = await client.call("productSearch", { query: { limit: 8 }, body: { keyword: "milk" } });
    expect(result.code).toBe("0");
    expect(result.status).toBe(200);
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("http://api.test/api/storeProduct/search?limit=8");
    expect(seen?.headers.get("store-domain")).toBe("localhost");
    expect(seen?.headers.get("locale")).toBe("ar");
    expect(seen?.headers.get("authorization")).toBe("Bearer t0k");
    expect(await seen?.json()).toEqual({ keyword: "milk" });
  });

  it("adds a call's own headers without letting them replace the store's", async () => {
    let seen: Request | undefined;
    const client = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "localhost",
      fetch: async (request) => {
        seen = request;
        return Response.json({ code: "0", msg: "success", data: null });
      },
    });
    await client.call(
      "storeGetByDomain",
      {},
      { headers: { "Idempotency-Key": "k1", "store-domain": "evil" } },
    );
    expect(seen?.headers.get("idempotency-key")).toBe("k1");
    expect(seen?.headers.get("store-domain")).toBe("localhost");
  });

  it("raises StoreApiUnavailable when the API is down or answers no envelope", async () => {
    const down = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "x",
      fetch: () => Promise.reject(new Error("ECONNREFUSED")),
    });
    await expect(down.call("storeGetByDomain", {})).rejects.toBeInstanceOf(StoreApiUnavailable);
    const html = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "x",
      fetch: async () => new Response("<html>", { status: 502 }),
    });
    await expect(html.call("storeGetByDomain", {})).rejects.toMatchObject({ status: 502 });
  });

  it("fetches a file with the same headers and hands the answer back as it is", async () => {
    let seen: Request | undefined;
    const client = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "localhost",
      locale: "he",
      token: "t0k",
      fetch: async (request) => {
        seen = request;
        return new Response("%PDF-1.4", { headers: { "content-type": "application/pdf" } });
      },
    });
    const response = await client.file("/api/storeOrder/download/7", { expires: 99, signature: "s" });
    expect(await response.text()).toBe("%PDF-1.4");
    expect(seen?.method).toBe("GET");
    expect(seen?.url).toBe("http://api.test/api/storeOrder/download/7?expires=99&signature=s");
    expect(seen?.headers.get("store-domain")).toBe("localhost");
    expect(seen?.headers.get("locale")).toBe("he");
    expect(seen?.headers.get("authorization")).toBe("Bearer t0k");
    const down = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "x",
      fetch: () => Promise.reject(new Error("ECONNREFUSED")),
    });
    await expect(down.file("/api/storeOrder/download/7", {})).rejects.toBeInstanceOf(StoreApiUnavailable);
  });
});

describe("store client over an exchange of its own", () => {
  it("hands the exchange the call with lower-case header names and reads the envelope from its text", async () => {
    const seen: StoreRequest[] = [];
    const client = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "localhost",
      locale: "ar",
      token: "t0k",
      exchange: async (request) => {
        seen.push(request);
        return { status: 200, body: JSON.stringify({ code: "0", msg: "success", data: { records: [] } }) };
      },
    });
    const result = await client.call(
      "productSearch",
      { query: { limit: 8 }, body: { keyword: "milk" } },
      { headers: { "Idempotency-Key": "k1", "Store-Domain": "evil" } },
    );
    expect(result).toEqual({ code: "0", msg: "success", data: { records: [] }, status: 200 });
    expect(seen).toEqual([
      {
        method: "POST",
        url: "http://api.test/api/storeProduct/search?limit=8",
        headers: {
          accept: "application/json",
          "store-domain": "localhost",
          locale: "ar",
          authorization: "Bearer t0k",
          "idempotency-key": "k1",
          "content-type": "application/json",
        },
        body: JSON.stringify({ keyword: "milk" }),
      },
    ]);
  });

  it("raises StoreApiUnavailable when the exchange fails or the answer is no envelope", async () => {
    const down = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "x",
      exchange: () => Promise.reject(new Error("socket hang up")),
    });
    await expect(down.call("storeGetByDomain", {})).rejects.toBeInstanceOf(StoreApiUnavailable);
    const proxy = createStoreClient({
      baseUrl: "http://api.test",
      storeDomain: "x",
      exchange: async () => ({ status: 502, body: "<html>Bad gateway</html>" }),
    });
    await expect(proxy.call("storeGetByDomain", {})).rejects.toMatchObject({ status: 502 });
  });
});
