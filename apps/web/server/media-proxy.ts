import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ERRORS } from "@stoa/contract";
import type { RequestHandler } from "express";
import { isMediaPath } from "./media-path.ts";

const FORWARDED_REQUEST_HEADERS = ["if-none-match", "if-modified-since", "accept"];
const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "cache-control",
  "etag",
  "last-modified",
];

/**
 * Serves `/media/*` from the store API so that shared links (og:image) and images stay on the
 * shop's own origin. Only plain media paths are forwarded; nothing else of the API is reachable.
 */
export function mediaProxy(apiUrl: string): RequestHandler {
  return async (req, res) => {
    const path = `/media${req.path}`;
    if ((req.method !== "GET" && req.method !== "HEAD") || !isMediaPath(path)) {
      res.status(404).json({ code: ERRORS.NOT_FOUND.code, msg: "not found", data: null });
      return;
    }
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    // The shopper's address (as server.ts names it to the store API): the API believes X-Forwarded-For from the
    // storefront only, and would otherwise count every shopper's media as the storefront's own.
    const clientIp = req.ip ?? req.socket.remoteAddress;
    if (clientIp) headers.set("x-forwarded-for", clientIp);
    let upstream: Response;
    try {
      upstream = await fetch(new URL(path, apiUrl), {
        method: req.method,
        headers,
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      res.status(502).json({ code: ERRORS.INTERNAL.code, msg: "media unavailable", data: null });
      return;
    }
    res.status(upstream.status);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) res.set(name, value);
    }
    if (!upstream.body || req.method === "HEAD") {
      res.end();
      return;
    }
    Readable.fromWeb(upstream.body as WebReadableStream<Uint8Array>).pipe(res);
  };
}
