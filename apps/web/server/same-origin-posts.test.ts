import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOriginPosts, senderOrigin } from "./same-origin-posts.ts";
import { listen, send } from "./test-http.ts";

/** An app that answers 200 to anything the middleware lets through, as server.ts mounts it. */
function appWith(trustProxy: boolean | string) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(sameOriginPosts());
  app.all("*splat", (_req, res) => {
    res.status(200).send("handled");
  });
  return app;
}

const SHOP = "localhost:3100";
const OWN = `http://${SHOP}`;

let direct: Awaited<ReturnType<typeof listen>>;
let proxied: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  direct = await listen(appWith(false));
  proxied = await listen(appWith("loopback"));
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

function post(path: string, headers: Record<string, string>, method = "POST") {
  return send(direct.port, { method, path, headers: { host: SHOP, ...headers } });
}

describe("sameOriginPosts", () => {
  it.each(["/auth/login", "/account/address", "/wishlist/items", "/auth/guest", "/locale", "/auth/log"])(
    "refuses a post to %s from another site",
    async (path) => {
      expect((await post(path, { origin: "https://evil.example" })).status).toBe(403);
    },
  );

  // The console's forms (decision 053) rely on this check as their CSRF defence: every one of them
  // posts from its own origin, and nothing else reaches them.
  it.each([
    "/staff/login",
    "/staff/logout",
    "/staff/orders/12",
    "/staff/orders/12.data",
    "/staff/refunds",
    "/staff/gift-cards",
    "/staff/coupons/new",
    "/staff/coupons/7",
    "/staff/settings/hours",
  ])("refuses a post to the console's %s from another site, a sibling shop or nowhere", async (path) => {
    expect((await post(path, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(path, { origin: "http://catering.localhost:3100" })).status).toBe(403);
    expect((await post(path, { origin: "null" })).status).toBe(403);
    expect((await post(path, {})).status).toBe(403);
    expect((await post(path, { origin: OWN })).status).toBe(200);
  });

  it("refuses React Router's single-fetch action calls from another site", async () => {
    expect((await post("/locale.data", { origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/_root.data", { origin: "https://evil.example" })).status).toBe(403);
  });

  it.each(["PUT", "PATCH", "DELETE"])("checks %s as it checks POST", async (method) => {
    expect((await post("/wishlist/items", { origin: "https://evil.example" }, method)).status).toBe(403);
    expect((await post("/wishlist/items", { origin: OWN }, method)).status).toBe(200);
  });

  it("lets a post from this very origin through", async () => {
    const answer = await post("/auth/login", { origin: OWN });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("handled");
  });

  it("refuses a sibling shop's subdomain, another port and another scheme", async () => {
    expect((await post("/locale", { origin: "http://catering.localhost:3100" })).status).toBe(403);
    expect((await post("/locale", { origin: "http://localhost:3101" })).status).toBe(403);
    expect((await post("/locale", { origin: "https://localhost:3100" })).status).toBe(403);
    expect((await post("/locale", { origin: "http://localhost" })).status).toBe(403);
  });

  it("falls back to the Referer's origin when Origin is absent", async () => {
    expect((await post("/locale", { referer: `${OWN}/products?page=2` })).status).toBe(200);
    expect((await post("/locale", { referer: "https://evil.example/localhost:3100/" })).status).toBe(403);
    expect((await post("/locale", { referer: "http://catering.localhost:3100/" })).status).toBe(403);
  });

  it("refuses when neither Origin nor Referer says where the post came from, or Origin is null", async () => {
    expect((await post("/auth/log", {})).status).toBe(403);
    expect((await post("/auth/log", { origin: "null" })).status).toBe(403);
    expect((await post("/auth/log", { origin: "null", referer: `${OWN}/` })).status).toBe(403);
    expect((await post("/auth/log", { origin: "" })).status).toBe(403);
    expect((await post("/auth/log", { origin: "not a url" })).status).toBe(403);
  });

  it("leaves GET, HEAD and OPTIONS alone", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect((await post("/locale", { origin: "https://evil.example" }, method)).status).toBe(200);
    }
    expect((await post("/products", {}, "GET")).status).toBe(200);
  });

  it("answers a form navigation with a short page and other callers with the API's envelope", async () => {
    const page = await post("/locale", {
      origin: "https://evil.example",
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    });
    expect(page.status).toBe(403);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("another site");

    for (const accept of ["*/*", "application/json", ""]) {
      const call = await post("/wishlist/items", { origin: "https://evil.example", accept });
      expect(call.status).toBe(403);
      expect(call.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(call.body)).toEqual({ code: "403", msg: expect.any(String), data: null });
    }
  });

  it("reads this origin's scheme from a TLS proxy's X-Forwarded-Proto, even without TRUST_PROXY", async () => {
    const behindTls = { "x-forwarded-proto": "https" };
    expect((await post("/locale", { ...behindTls, origin: "https://localhost:3100" })).status).toBe(200);
    expect((await post("/locale", { ...behindTls, origin: OWN })).status).toBe(403);
    const defaultPort = {
      host: "shop.example:443",
      "x-forwarded-proto": "https",
      origin: "https://shop.example",
    };
    expect((await post("/locale", defaultPort)).status).toBe(200);
  });

  it("takes the host from X-Forwarded-Host only under TRUST_PROXY, as Express and React Router do", async () => {
    const viaProxy = {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "shop.example",
      "x-forwarded-proto": "https",
      origin: "https://shop.example",
    };
    const trusted = await send(proxied.port, { method: "POST", path: "/locale", headers: viaProxy });
    expect(trusted.status).toBe(200);
    expect((await post("/locale", viaProxy)).status).toBe(403);
    const spoofed = { ...viaProxy, origin: "https://evil.example", "x-forwarded-host": "shop.example" };
    expect((await send(proxied.port, { method: "POST", path: "/locale", headers: spoofed })).status).toBe(
      403,
    );
  });
});

describe("senderOrigin", () => {
  it("prefers Origin, normalised, and falls back to the Referer's origin", () => {
    expect(senderOrigin("HTTP://LocalHost:80", "https://evil.example/")).toBe("http://localhost");
    expect(senderOrigin(undefined, "http://localhost:3100/a/b?c#d")).toBe("http://localhost:3100");
  });

  it("finds no sender in null, opaque or missing values", () => {
    expect(senderOrigin("null", undefined)).toBeNull();
    expect(senderOrigin(undefined, undefined)).toBeNull();
    expect(senderOrigin(undefined, "file:///tmp/form.html")).toBeNull();
    expect(senderOrigin(undefined, "data:text/html,x")).toBeNull();
  });
});
