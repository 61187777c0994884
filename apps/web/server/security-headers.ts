import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { servedOverHttps } from "../app/platform/session/https.ts";

/** Origins of the card providers the page talks to from the browser (config.server.ts). */
export type ProviderOrigins = {
  connect: readonly string[];
  script?: readonly string[];
  frame?: readonly string[];
};

const NO_PROVIDERS: ProviderOrigins = { connect: [] };

/**
 * The policy lets only our own origin load scripts, and inline scripts only with this response's
 * nonce (React Router streams its hydration data inline) — or, for a page shared by many shoppers,
 * only the inline scripts it holds, named by their hashes: a nonce sent to everyone is no secret. Styles allow inline attributes because
 * the shop's brand colour and drawer timings are set as CSS variables on elements. The page may
 * send to a card provider's tokenization address, and nowhere else beyond its own origin.
 */
export function contentSecurityPolicy(
  inline: string | { hashes: readonly string[] },
  dev: boolean,
  providers: ProviderOrigins = NO_PROVIDERS,
): string {
  const connect = ["'self'", ...providers.connect, ...(dev ? ["ws:", "wss:"] : [])].join(" ");
  const scripts = [
    "'self'",
    ...(typeof inline === "string" ? [`'nonce-${inline}'`] : inline.hashes.map((hash) => `'${hash}'`)),
    ...(providers.script ?? []),
    ...(dev ? ["'unsafe-eval'"] : []),
  ];
  const frames = providers.frame?.length ? [`frame-src ${providers.frame.join(" ")}`] : [];
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    ...frames,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Vite's dev server pushes module updates over a websocket.
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export type SecurityLocals = { cspNonce: string };

/** An inline script: no `src`, its text as the browser hashes it (script text is never unescaped). */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hashes (`sha256-…`) of every inline script of a page, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT))
    if (text) hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  return [...hashes];
}

/**
 * A year of https-only for this host. Without includeSubDomains: sibling shop domains
 * (`catering.localhost` beside `localhost`) belong to other shops, which are not ours to pin.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

export function securityHeaders({
  dev,
  providers = NO_PROVIDERS,
}: {
  dev: boolean;
  providers?: ProviderOrigins;
}): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    (res.locals as SecurityLocals).cspNonce = nonce;
    res.set({
      "Content-Security-Policy": contentSecurityPolicy(nonce, dev, providers),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
      // Only over https (directly or behind a TLS proxy): over plain http it would mean nothing.
      ...(servedOverHttps(req.protocol, req.get("x-forwarded-proto"))
        ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY }
        : {}),
    });
    next();
  };
}
