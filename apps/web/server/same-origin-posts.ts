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
          `<title>403</title><h1>${message}</h1><p><a href="/">${texts["404-back-home"]}</a></p>`,
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
