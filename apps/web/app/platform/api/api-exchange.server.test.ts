import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiExchange } from "./api-exchange.server.ts";

type Seen = { method?: string; url?: string; headers: IncomingMessage["headers"]; body: string };

describe("calls to the store API over Node's HTTP client", () => {
  const seen: Seen[] = [];
  const sockets = new Set<unknown>();
  const server = createServer((request, response) => {
    sockets.add(request.socket);
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(request.url === "/missing" ? 404 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: "0", msg: "مرحبا", data: { echoed: body } }));
    });
  });
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  it("sends the method, path, headers and body, and answers the status and the whole text", async () => {
    const answer = await apiExchange({
      method: "POST",
      url: `${origin}/api/storeProduct/search?limit=8`,
      headers: { "store-domain": "localhost", "content-type": "application/json" },
      body: JSON.stringify({ keyword: "zaatar" }),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      code: "0",
      msg: "مرحبا",
      data: { echoed: '{"keyword":"zaatar"}' },
    });
    expect(seen.at(-1)).toMatchObject({
      method: "POST",
      url: "/api/storeProduct/search?limit=8",
      headers: { "store-domain": "localhost", "content-type": "application/json", "content-length": "20" },
      body: '{"keyword":"zaatar"}',
    });
    expect(seen.at(-1)?.headers["transfer-encoding"]).toBeUndefined();
  });

  it("answers other statuses as they come", async () => {
    const answer = await apiExchange({ method: "GET", url: `${origin}/missing`, headers: {} });
    expect(answer.status).toBe(404);
  });

  it("keeps the connection for the next calls", async () => {
    sockets.clear();
    for (let i = 0; i < 5; i++) await apiExchange({ method: "GET", url: `${origin}/again`, headers: {} });
    expect(sockets.size).toBe(1);
  });

  it("rejects when the API cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      apiExchange({ method: "GET", url: `http://127.0.0.1:${port}/`, headers: {} }),
    ).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
