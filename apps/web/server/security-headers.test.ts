import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from "./security-headers.ts";

/** The headers securityHeaders sets on a request with this Express protocol and these headers. */
function headersSent(protocol: string, headers: Record<string, string> = {}): Record<string, string> {
  const sent: Record<string, string> = {};
  const req = { protocol, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
  const res = {
    locals: {},
    set: (fields: Record<string, string>) => Object.assign(sent, fields),
  } as unknown as Response;
  let passedOn = false;
  securityHeaders({ dev: false })(req, res, () => {
    passedOn = true;
  });
  expect(passedOn).toBe(true);
  return sent;
}

describe("contentSecurityPolicy", () => {
  it("lets scripts run only from this origin or with the response's nonce", () => {
    const policy = contentSecurityPolicy("abc123", false);
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("allows Vite's module reloading only in development", () => {
    expect(contentSecurityPolicy("n", true)).toContain("connect-src 'self' ws: wss:");
    expect(contentSecurityPolicy("n", false)).toContain("connect-src 'self';");
  });

  it("lets the page send cards to the card provider's tokenization origin and nowhere else", () => {
    const policy = contentSecurityPolicy("n", false, { connect: ["https://api.na.bambora.com"] });
    expect(policy).toContain("connect-src 'self' https://api.na.bambora.com;");
    expect(policy).toContain("script-src 'self' 'nonce-n';");
    expect(policy).not.toContain("frame-src");
  });

  it("loads Stripe.js and its frames from Stripe's origin only", () => {
    const policy = contentSecurityPolicy("n", false, {
      connect: ["https://js.stripe.com", "https://api.stripe.com"],
      script: ["https://js.stripe.com"],
      frame: ["https://js.stripe.com"],
    });
    expect(policy).toContain("script-src 'self' 'nonce-n' https://js.stripe.com;");
    expect(policy).toContain("frame-src https://js.stripe.com;");
    expect(policy).toContain("connect-src 'self' https://js.stripe.com https://api.stripe.com;");
  });
});

describe("Strict-Transport-Security", () => {
  it("pins this host to https for a year when served over https, without sibling shop domains", () => {
    expect(headersSent("https")["Strict-Transport-Security"]).toBe("max-age=31536000");
  });

  it("is sent behind a TLS proxy that says X-Forwarded-Proto: https, even without TRUST_PROXY", () => {
    expect(headersSent("http", { "x-forwarded-proto": "https" })["Strict-Transport-Security"]).toBe(
      "max-age=31536000",
    );
    expect(headersSent("http", { "x-forwarded-proto": "https, http" })["Strict-Transport-Security"]).toBe(
      "max-age=31536000",
    );
  });

  it("is never sent over plain http", () => {
    expect(headersSent("http")).not.toHaveProperty("Strict-Transport-Security");
    expect(headersSent("http", { "x-forwarded-proto": "http" })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
    expect(headersSent("http", { "x-forwarded-proto": "http, https" })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });
});

describe("inline script hashes of a shared page", () => {
  it("hashes each inline script once, and no script loaded from a file", () => {
    const html =
      '<script nonce="">window.a=1</script><script type="module" async>import "/x.js"</script>' +
      '<script src="/assets/app.js"></script><script>window.a=1</script><script></script>';
    const hash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
    expect(inlineScriptHashes(html)).toEqual([hash("window.a=1"), hash('import "/x.js"')]);
    const policy = contentSecurityPolicy({ hashes: inlineScriptHashes(html) }, false);
    expect(policy).toContain(`script-src 'self' '${hash("window.a=1")}' '${hash('import "/x.js"')}'`);
    expect(policy).not.toContain("nonce");
  });
});
