import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** Test helper: an Express app on a free loopback port. */
export async function listen(app: Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type Sent = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * Test helper: one raw HTTP request. node:http rather than fetch because fetch will not send a
 * Host header of our choosing, and tests may stub the global fetch.
 */
export function send(
  port: number,
  {
    method = "GET",
    path = "/",
    headers = {},
  }: { method?: string; path?: string; headers?: Record<string, string> },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
