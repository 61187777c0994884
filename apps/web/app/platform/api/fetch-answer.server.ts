import { ERRORS } from "@stoa/contract";
import type { FormFailure } from "./form-answer.ts";
import type { StoreApi } from "./store-api.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The JSON answer of a route the browser asks with `fetch` (wishlist hearts, the saved cart) for a
 * failed call. Not being a navigation, an ended session (spec §8) is answered as a failure
 * carrying the cookie that drops the token; the page decides what to do next.
 */
export function fetchFailure(storeApi: StoreApi, outcome: FormFailure): Response {
  if (outcome.sessionEnded) {
    const headers = new Headers(PRIVATE);
    headers.append("Set-Cookie", storeApi.endedSessionCookie());
    return Response.json(outcome.failure, { status: ERRORS.INVALID_SESSION.status, headers });
  }
  return Response.json(outcome.failure, { status: outcome.status, headers: PRIVATE });
}

/** A shopper's own data: never kept by a cache on the way. */
export function fetchAnswer(body: unknown): Response {
  return Response.json(body, { headers: PRIVATE });
}
