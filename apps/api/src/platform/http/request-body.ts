import { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "./errors.ts";

/** Bodies of store calls are small JSON documents; anything bigger is refused. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Refuses a request whose declared length is over the limit before anything reads it. A body sent
 * without a length (chunked) is held to the same limit while it is read (`requestText`).
 */
export function declaredBodyLimit(
  maxBytes: number = MAX_BODY_BYTES,
  /** Paths whose calls take more (an endpoint's `maxBodyBytes`), by exact path. */
  larger: ReadonlyMap<string, number> = new Map(),
): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header("content-length");
    const limit = larger.get(c.req.path) ?? maxBytes;
    if (declared !== undefined && Number(declared) > limit) throw new ApiError("PAYLOAD_TOO_LARGE");
    await next();
  };
}

const readBodies = new WeakMap<IncomingMessage, Promise<string>>();

/**
 * The request's body as text, refused past `maxBytes`. Under Node's server it is read straight
 * from the incoming message: asking Hono for it makes @hono/node-server build a whole web
 * `Request` (abort signal, headers copy, a web stream over the socket) just to hand the bytes
 * over, which was a tenth of an order create's CPU in a profile. Elsewhere (`app.request` in
 * tests, another runtime) Hono reads it. Read once per request; a second call gets the same text.
 */
export function requestText(c: Context, maxBytes: number = MAX_BODY_BYTES): Promise<string> {
  const given = (c.env as { incoming?: unknown } | undefined)?.incoming;
  // Tests hand `app.request` an incoming of their own making for its socket's address only.
  const incoming = given instanceof IncomingMessage ? given : null;
  if (!incoming || (incoming.readableEnded && !readBodies.has(incoming)))
    return c.req.text().then((text) => withinLimit(text, maxBytes));
  let read = readBodies.get(incoming);
  if (!read) {
    read = readIncoming(incoming, maxBytes);
    readBodies.set(incoming, read);
  }
  return read;
}

function withinLimit(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) > maxBytes) throw new ApiError("PAYLOAD_TOO_LARGE");
  return text;
}

function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        // The rest is left to Node, which discards what is unread once the answer is sent.
        reject(new ApiError("PAYLOAD_TOO_LARGE"));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      const text = Buffer.concat(chunks, size).toString("utf8");
      // As the Fetch standard's text() does, a byte order mark is not part of the text.
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // The caller went away before sending it all: nothing is answered, but nothing waits forever.
    const onClose = () => {
      stop();
      reject(new Error("the request's body ended before it was complete"));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}
