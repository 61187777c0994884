import { endpoints, messageText } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import { createLogger } from "../logger.ts";
import { call, testHarness } from "../test/harness.ts";

describe("service endpoints", () => {
  it("reports health with the database reachable", async () => {
    const { status, json } = await call("GET", "/health", { domain: null });
    expect(status).toBe(200);
    expect(json.data.status).toBe("ok");
  });

  it("serves an OpenAPI 3.1 document with every contract endpoint", async () => {
    const { status, json } = await call("GET", "/api/openapi.json", { domain: null });
    expect(status).toBe(200);
    const doc = json as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    for (const def of Object.values(endpoints)) expect(doc.paths[def.path]?.[def.method]).toBeDefined();
  });

  it("serves a readable docs page", async () => {
    const { app } = await testHarness();
    const response = await app.request("/api/docs");
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("/api/storeProduct/search");
    expect(html).not.toContain("<script");
  });

  it("answers an unknown path with a not-found envelope", async () => {
    const { status, json } = await call("GET", "/no/such/path", { domain: null });
    expect(status).toBe(404);
    expect(json.code).toBe("404");
  });

  it("answers a known path asked with the wrong method with 405 and the methods it takes", async () => {
    const wrong = await call("GET", "/api/storeProduct/search", { locale: "ar" });
    expect(wrong.status).toBe(405);
    expect(wrong.json.code).toBe("405");
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(wrong.json.msg).toBe(messageText("error-method-not-allowed", "ar"));
    const withParam = await call("DELETE", "/api/storeProduct/productInfo/12");
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get("allow")).toBe("GET");
    const wishlist = await call("PUT", "/api/wishlist");
    expect(wishlist.headers.get("allow")).toBe("GET, POST, DELETE");
  });

  it("echoes a well-formed request id and makes one up otherwise", async () => {
    const kept = await call("GET", "/health", { headers: { "x-request-id": "abc-12345678" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-12345678");
    const made = await call("GET", "/health", { headers: { "x-request-id": "<script>" } });
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never leaks a stack trace: an unexpected failure is a 500 envelope with a request id", async () => {
    const failing = new Proxy({} as Database, {
      get: () => () => {
        throw new Error("database exploded at /secret/path.ts:12");
      },
    });
    const app = createApp({ db: failing, logger: createLogger("silent") });
    const response = await app.request("/api/store/getByDomain", {
      headers: { "store-domain": "localhost" },
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; data: { requestId: string } };
    expect(body.code).toBe("500");
    expect(body.data.requestId).toBe(response.headers.get("x-request-id"));
    expect(JSON.stringify(body)).not.toContain("secret");
  });
});
