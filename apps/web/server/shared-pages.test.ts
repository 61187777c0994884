import { describe, expect, it } from "vitest";
import { AUTH_COOKIE } from "../app/platform/session/auth-cookie.server.ts";
import {
  isNotModified,
  isShareable,
  isSharedPath,
  keptHeaders,
  mayShare,
  sharedCacheControl,
  sharedPageKey,
} from "./shared-pages.ts";

const ask = (path: string, cookies?: string, method = "GET") =>
  mayShare({ method, url: new URL(path, "http://localhost:3000"), cookies });

describe("which requests get the shared page", () => {
  it("shares the catalogue's pages, their data for client navigations, and their later parts", () => {
    for (const path of [
      "/",
      "/home/rails",
      "/products",
      "/products?categories=fruit&page=2",
      "/products/12",
      "/products/12/related",
      "/search?q=olive",
      "/menu",
      "/instoremenu",
      "/instoreflyer",
      "/offers",
      "/offers.data",
      "/_root.data",
      "/products/12.data",
    ])
      expect(ask(path), path).toBe(true);
  });

  it("shares the shop's information pages, the contact page's form included, but not its posts", () => {
    for (const path of [
      "/aboutus",
      "/contact",
      "/faq",
      "/help",
      "/privacy",
      "/terms/",
      "/returnexchange",
      "/reseller",
      "/faq.data",
      "/?newsletter=subscribed",
    ])
      expect(ask(path), path).toBe(true);
    expect(ask("/contact", undefined, "POST")).toBe(false);
    expect(ask("/contact", `${AUTH_COOKIE}=abcdefghijklmnopqrstuvwxyz`)).toBe(false);
    expect(ask("/newsletter", undefined, "POST")).toBe(false);
  });

  it("never shares cart, checkout, account, order or wishlist pages", () => {
    for (const path of [
      "/checkout",
      "/checkout/guest",
      "/cart/saved",
      "/profile",
      "/change-password",
      "/verify-email",
      "/orders",
      "/orders/5",
      "/order-received",
      "/refunds",
      "/downloads",
      "/wishlist",
      "/wishlist/items",
      "/search/suggest",
      "/products/12/reviews",
      "/products/12/related/more",
      "/home/rails/1",
      "/logout",
      "/locale",
      "/newsletter",
      "/aboutus/team",
      "/faqs",
      "/privacy-policy",
      "/offers/WELCOME10",
    ])
      expect(isSharedPath(new URL(path, "http://x").pathname), path).toBe(false);
  });

  it("never shares with a session cookie, whatever its value, nor a form post", () => {
    expect(ask("/", `${AUTH_COOKIE}=abcdefghijklmnopqrstuvwxyz`)).toBe(false);
    expect(ask("/", `lang=ar; ${AUTH_COOKIE}=`)).toBe(false);
    expect(ask("/", undefined, "POST")).toBe(false);
    expect(ask("/", undefined, "HEAD")).toBe(true);
  });

  it("leaves dine-in shoppers out: a table in the address or a cookie changes the page", () => {
    expect(ask("/menu?table=7")).toBe(false);
    expect(ask("/menu", "table=7")).toBe(false);
    expect(ask("/menu", "lang=he; other=1")).toBe(true);
  });

  it("leaves a share link out: its page sets the referral cookie", () => {
    expect(ask("/?ref=ABCD2345")).toBe(false);
    expect(ask("/products/7?ref=ABCD2345")).toBe(false);
    // The cookie it left changes nothing on the page: the checkout reads it.
    expect(ask("/", "refcode=ABCD2345")).toBe(true);
  });
});

describe("sharedPageKey", () => {
  const key = (cookies?: string, acceptLanguage?: string, href = "http://localhost:3000/products/1") =>
    sharedPageKey("v1", href, cookies, acceptLanguage);

  it("tells apart store versions, addresses and queries", () => {
    expect(sharedPageKey("v2", "http://localhost:3000/products/1", undefined, undefined)).not.toBe(key());
    expect(key(undefined, undefined, "http://localhost:3000/products/2")).not.toBe(key());
    expect(key(undefined, undefined, "http://localhost:3000/products/1?variation=3")).not.toBe(key());
    expect(key(undefined, undefined, "http://catering.localhost:3000/products/1")).not.toBe(key());
    expect(key(undefined, undefined, "https://localhost:3000/products/1")).not.toBe(key());
  });

  it("follows what picks the language: the chosen one, then the browser's, in order", () => {
    expect(key("lang=ar")).not.toBe(key("lang=he"));
    expect(key(undefined, "he,ar;q=0.5")).not.toBe(key(undefined, "he,en;q=0.5"));
    // Written differently, accepted the same: one page.
    expect(key(undefined, "ar-EG, en;q=0.8")).toBe(key(undefined, "ar;q=1,en;q=0.8, fr;q=0.9"));
  });

  it("ignores cookies that do not change the page", () => {
    expect(key("lang=ar; _ga=123")).toBe(key("_ga=456; lang=ar"));
  });
});

describe("isShareable", () => {
  const html = (init: ResponseInit = {}) => new Response("<html></html>", init);

  it("shares a plain 200 page", () => {
    expect(isShareable(html())).toBe(true);
  });

  it("keeps to its shopper anything that is not a plain 200, sets a cookie, or is marked private", () => {
    expect(isShareable(html({ status: 404 }))).toBe(false);
    expect(isShareable(html({ status: 302, headers: { location: "/" } }))).toBe(false);
    expect(isShareable(html({ headers: { "set-cookie": "table=3; Path=/" } }))).toBe(false);
    expect(isShareable(html({ headers: { "cache-control": "private, no-store" } }))).toBe(false);
    expect(isShareable(html({ headers: { "cache-control": "no-store" } }))).toBe(false);
  });

  it("keeps the page's own headers, not those each response sets", () => {
    const response = html({
      headers: { "content-type": "text/html", "cache-control": "max-age=5", vary: "Cookie", etag: "x" },
    });
    expect(keptHeaders(response)).toEqual([["content-type", "text/html"]]);
  });
});

describe("cache headers", () => {
  it("lets any cache keep a shared page for the freshness window and revalidate it in the background", () => {
    expect(sharedCacheControl(1000)).toBe("public, max-age=1, stale-while-revalidate=10");
    expect(sharedCacheControl(0)).toBe("public, max-age=0, stale-while-revalidate=1");
  });

  it("answers 304 when the client names the page's tag, weak or strong, or any", () => {
    expect(isNotModified('W/"abc"', 'W/"abc"')).toBe(true);
    expect(isNotModified('"abc"', 'W/"abc"')).toBe(true);
    expect(isNotModified('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(isNotModified("*", 'W/"abc"')).toBe(true);
    expect(isNotModified('W/"abd"', 'W/"abc"')).toBe(false);
    expect(isNotModified(undefined, 'W/"abc"')).toBe(false);
  });
});
