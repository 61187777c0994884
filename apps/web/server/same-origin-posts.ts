import { direction, ERRORS } from "@stoa/contract";
import type { Request, RequestHandler, Response } from "express";
import { negotiateLocale } from "../app/platform/i18n/locale.ts";
import { translationsFor } from "../app/platform/i18n/translations.server.ts";
import { servedOverHttps } from "../app/platform/session/https.ts";

/** Methods that change nothing; every other one (form posts, `.data` actions, beacons) is checked. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin of a URL or serialised origin, normalised (case, default port); null when unusable. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    // Opaque origins (`null`, `file:`, `data:`) name no site at all.
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * This request's own origin as Express sees it: `req.host` is the Host header, or the proxy's
 * X-Forwarded-Host under TRUST_PROXY (the same host React Router builds `request.url` from), and the
 * scheme is https when the request or the TLS proxy in front says so, as for the session cookie.
 */
export function ownOrigin(req: Request): string | null {
  const host = req.host;
  if (!host) return null;
  const scheme = servedOverHttps(req.protocol, req.get("x-forwarded-proto")) ? "https" : "http";
  return originOf(`${scheme}://${host}`);
}

/**
 * Where the request was sent from: the Origin header, or the origin of the Referer when a browser
 * left Origin out. `Origin: null` (sandboxed frames, some redirects) is refused outright: it is
 * what a page that hides where it is gets.
 */
export function senderOrigin(origin: string | undefined, referer: string | undefined): string | null {
  if (origin !== undefined) return origin.trim() === "null" ? null : originOf(origin.trim());
  return referer ? originOf(referer) : null;
}

/** The refusal is a page of its own (no shop data to render it with), so it carries its own few styles. */
const REFUSAL_STYLE =
  "<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fafaf9;color:#1c1917;" +
  "font:16px/1.6 system-ui,sans-serif}main{max-width:32rem;margin:1.5rem;padding:2.5rem 2rem;background:#fff;" +
  "border:1px solid #e7e5e4;border-radius:1.5rem;text-align:center}h1{font-size:1.25rem;margin:0 0 1.5rem}" +
  "a{display:inline-block;padding:.75rem 1.5rem;border-radius:999px;background:#1c1917;color:#fff;" +
  "text-decoration:none}a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style>";

function refuse(req: Request, res: Response) {
  res.status(ERRORS.FORBIDDEN.status).set({ "Cache-Control": "no-store", Vary: "Accept" });
  const locale = negotiateLocale(req.get("cookie"), req.get("accept-language"));
  const texts = translationsFor(locale);
  const message = String(texts["form-from-another-site"]);
  // A form navigation shows the shopper a page; fetches, beacons and `.data` calls get the envelope.
  if (req.accepts(["json", "html"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="${locale}" dir="${direction(locale)}"><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width,initial-scale=1"><title>403</title>${REFUSAL_STYLE}` +
          `<main><h1>${message}</h1><p><a href="/">${texts["404-back-home"]}</a></p></main>`,
      );
    return;
  }
  res.json({ code: ERRORS.FORBIDDEN.code, msg: message, data: null });
}

/**
 * Refuses state-changing requests sent from another site (CSRF). SameSite=Lax keeps the session
 * cookie off cross-site posts, but not every form needs a session (sign-in, language, guest
 * checkout), and sibling shop subdomains are same-site to the browser though they are other shops;
 * so the sender's origin must be exactly ours: scheme, host and port.
 */
export function sameOriginPosts(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const own = ownOrigin(req);
    const sender = senderOrigin(req.get("origin"), req.get("referer"));
    if (own !== null && sender === own) return next();
    refuse(req, res);
  };
}
