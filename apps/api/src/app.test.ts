import { endpoints, messageText } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import type { Database } from "./platform/db/database.ts";
import { createLogger } from "./platform/logger.ts";
import { freshEmail, inbox } from "./test/accounts.ts";
import { call, testHarness } from "./test/harness.ts";

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

describe("hostile bodies", () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

  it("refuses a body nested deeper than any form with a 400 envelope, before walking it", async () => {
    for (const levels of [3_000, 10_000]) {
      const { status, json } = await call("POST", "/api/storeProduct/search", {
        rawBody: nested(levels),
        locale: "he",
      });
      expect(status).toBe(400);
      expect(json.data.errors).toEqual({ _: "error-body-too-deep" });
      expect(json.msg).toBe(messageText("error-invalid-input", "he"));
    }
    const arrays = await call("POST", "/api/storeProduct/search", { rawBody: "[".repeat(60_000) });
    expect(arrays.status).toBe(400);
  });

  it("still reads brackets inside texts as text, not nesting", async () => {
    const { status } = await call("POST", "/api/storeProduct/search", {
      body: { keyword: `${"[{".repeat(20)}\\"` },
    });
    expect(status).toBe(200);
  });
});

describe("forwarded headers", () => {
  it("believe X-Forwarded-For only from a trusted proxy: a direct caller cannot rotate addresses", async () => {
    const email = freshEmail();
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { json } = await call("POST", "/api/auth/getEmailCaptcha/register", {
        peer: "203.0.113.9",
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        body: { email: `${i}.${email}` },
      });
      codes.push(json.code);
    }
    expect(codes.every((code) => code === "0")).toBe(true);
    // Eight different claimed addresses, one real one: the per-address limit counted them all.
    const { handle } = await testHarness();
    const [row] = await handle.query<{ hits: number }>("SELECT hits FROM throttles WHERE key = $1", [
      "code:ip:203.0.113.9",
    ]);
    expect(row?.hits).toBe(8);
    const spoofed = await handle.query("SELECT 1 FROM throttles WHERE key LIKE 'code:ip:198.51.100.%'");
    expect(spoofed).toHaveLength(0);
  });

  it("take the shopper's address from the storefront on loopback", async () => {
    const email = freshEmail();
    await call("POST", "/api/auth/getEmailCaptcha/register", {
      headers: { "x-forwarded-for": "192.0.2.77" },
      body: { email },
    });
    const { handle } = await testHarness();
    const rows = await handle.query("SELECT 1 FROM throttles WHERE key = 'code:ip:192.0.2.77'");
    expect(rows).toHaveLength(1);
  });

  it("ignore a forwarded shop host from an untrusted peer in emailed links", async () => {
    const email = freshEmail();
    await call("POST", "/api/auth/register/store-customer/email", {
      peer: "203.0.113.10",
      headers: { "x-forwarded-host": "localhost:6666", "x-forwarded-for": "192.0.2.1" },
      body: { email, password: "correct horse 1", firstName: "Ada" },
    });
    const [mail] = await inbox(email);
    expect(mail?.body).toContain("http://localhost:3000/verify-email?token=");
    expect(mail?.body).not.toContain("6666");
  });
});

describe("a client that goes away mid-request", () => {
  it("is logged as a closed request, not as an unhandled error", async () => {
    const { serve } = await import("@hono/node-server");
    const { connect } = await import("node:net");
    const { pino } = await import("pino");
    const { handle } = await testHarness();
    const lines: { msg: string; level: number }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = createApp({ db: handle.db, logger });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    try {
      const socket = connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write(
        'POST /api/auth/log HTTP/1.1\r\nHost: x\r\nstore-domain: localhost\r\ncontent-type: application/json\r\ncontent-length: 5000\r\n\r\n{"level":',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await expect.poll(() => lines.some((l) => l.msg === "client closed the request")).toBe(true);
      expect(lines.filter((l) => l.msg === "unhandled error")).toEqual([]);
    } finally {
      server.close();
    }
  });
});
