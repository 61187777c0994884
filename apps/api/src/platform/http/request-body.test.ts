import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { declaredBodyLimit, requestText } from "./request-body.ts";

const LIMIT = 1024;

/** A bare app that answers what it read, twice over, as a route and a webhook would read it. */
function echoApp(): Hono {
  const app = new Hono();
  app.use(declaredBodyLimit(LIMIT));
  app.post("/echo", async (c) => {
    const first = await requestText(c, LIMIT);
    const again = await requestText(c, LIMIT);
    return c.json({ text: first, same: first === again });
  });
  app.onError((error, c) =>
    error instanceof ApiError ? c.json({ kind: error.kind }, 413) : c.json({ kind: "other" }, 500),
  );
  return app;
}

type Sent = { status: number; body: { text?: string; same?: boolean; kind?: string } };

/** Posts the pieces as they are given: with their length up front, or chunked when `chunked`. */
function post(port: number, pieces: Buffer[], { chunked = false } = {}): Promise<Sent> {
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/echo",
        headers: chunked ? { "transfer-encoding": "chunked" } : { "content-length": total },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
        );
      },
    );
    req.on("error", reject);
    // A server refusing a body answers and closes before the rest is sent: a later write then
    // fails on the socket, after the answer, and is nothing this test waits for.
    req.on("socket", (socket) => socket.on("error", () => {}));
    (async () => {
      for (const piece of pieces) {
        if (req.destroyed) return;
        req.write(piece);
        // Separate writes reach the server as separate chunks.
        await new Promise((done) => setTimeout(done, 5));
      }
      if (!req.destroyed) req.end();
    })().catch(() => {});
  });
}

describe("a request's body read under Node's server", () => {
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    await new Promise<void>((ready) => {
      server = serve({ fetch: echoApp().fetch, port: 0, hostname: "127.0.0.1" }, () => ready());
    });
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    (server as import("node:http").Server).closeAllConnections();
    await new Promise((closed) => server.close(closed));
  });

  it("is the text sent, read once however often it is asked for", async () => {
    const sent = await post(port, [Buffer.from('{"keyword":"olive oil"}')]);
    expect(sent).toEqual({ status: 200, body: { text: '{"keyword":"olive oil"}', same: true } });
  });

  it("keeps a character whose bytes arrive in two chunks of a chunked body", async () => {
    const text = '{"name":"زيت زيتون"}';
    const bytes = Buffer.from(text);
    const split = bytes.indexOf(Buffer.from("ز")) + 1;
    const sent = await post(port, [bytes.subarray(0, split), bytes.subarray(split)], { chunked: true });
    expect(sent.body.text).toBe(text);
  });

  it("leaves out a byte order mark, as the Fetch standard's text() does", async () => {
    const sent = await post(port, [Buffer.from("\ufeff{}")]);
    expect(sent.body.text).toBe("{}");
  });

  it("is empty when nothing is sent", async () => {
    const sent = await post(port, []);
    expect(sent).toEqual({ status: 200, body: { text: "", same: true } });
  });

  it("is refused when its declared length is over the limit, before it is read", async () => {
    const sent = await post(port, [Buffer.alloc(LIMIT + 1, 97)]);
    expect(sent).toEqual({ status: 413, body: { kind: "PAYLOAD_TOO_LARGE" } });
  });

  it("is refused when a chunked body grows past the limit, and the server goes on answering", async () => {
    const piece = Buffer.alloc(400, 97);
    const sent = await post(port, [piece, piece, piece, piece], { chunked: true });
    expect(sent).toEqual({ status: 413, body: { kind: "PAYLOAD_TOO_LARGE" } });
    const next = await post(port, [Buffer.from("{}")]);
    expect(next.status).toBe(200);
  });
});

describe("a request's body elsewhere than Node's server", () => {
  it("is read by Hono and held to the same limit", async () => {
    const app = echoApp();
    const small = await app.request("/echo", { method: "POST", body: "{}" });
    expect(await small.json()).toEqual({ text: "{}", same: true });
    const big = await app.request("/echo", { method: "POST", body: "a".repeat(LIMIT + 1) });
    expect(big.status).toBe(413);
  });
});
