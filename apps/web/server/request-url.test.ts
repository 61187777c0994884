import express from "express";
import { describe, expect, it } from "vitest";
import { requestUrlOf } from "./request-url.ts";
import { listen, send } from "./test-http.ts";

async function urlSeen(trustProxy: boolean, headers: Record<string, string>): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.get("/*splat", (req, res) => {
    res.send(requestUrlOf(req));
  });
  const server = await listen(app);
  try {
    return (await send(server.port, { path: "/products?page=2", headers })).body;
  } finally {
    await server.close();
  }
}

describe("requestUrlOf", () => {
  it("is the shop's host, port and path as the shopper asked", async () => {
    expect(await urlSeen(false, { host: "catering.localhost:3100" })).toBe(
      "http://catering.localhost:3100/products?page=2",
    );
  });

  it("believes a proxy's forwarded host and scheme only when the proxy is trusted", async () => {
    const forwarded = {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "shop.example",
      "x-forwarded-proto": "https",
    };
    expect(await urlSeen(true, forwarded)).toBe("https://shop.example:3000/products?page=2");
    expect(await urlSeen(false, forwarded)).toBe("http://127.0.0.1:3000/products?page=2");
  });
});
