import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mediaProxy } from "./media-proxy.ts";
import { listen, send } from "./test-http.ts";

afterEach(() => vi.unstubAllGlobals());

/** What the API is asked when a shopper loads `/media/art/logo.svg` through the proxy. */
async function upstreamHeaders(trustProxy: boolean | string, headers: Record<string, string> = {}) {
  const upstream = vi.fn(async (_url: URL, _init?: RequestInit) => new Response("<svg/>"));
  vi.stubGlobal("fetch", upstream);
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use("/media", mediaProxy("http://api.invalid"));
  const server = await listen(app);
  try {
    const answer = await send(server.port, { path: "/media/art/logo.svg", headers });
    expect(answer.status).toBe(200);
  } finally {
    await server.close();
  }
  expect(upstream).toHaveBeenCalledTimes(1);
  return new Headers(upstream.mock.calls[0]?.[1]?.headers);
}

describe("mediaProxy", () => {
  it("names the shopper's address to the API", async () => {
    expect((await upstreamHeaders(false)).get("x-forwarded-for")).toBe("127.0.0.1");
  });

  it("names the client a trusted proxy reports, and not what an untrusted caller claims", async () => {
    const claimed = { "x-forwarded-for": "203.0.113.9" };
    expect((await upstreamHeaders("loopback", claimed)).get("x-forwarded-for")).toBe("203.0.113.9");
    expect((await upstreamHeaders(false, claimed)).get("x-forwarded-for")).toBe("127.0.0.1");
  });
});
