import { ERRORS } from "@stoa/contract";
import type { FormFailure } from "../platform/api/form-answer.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The JSON answer of a wishlist route for a failed call. The hearts ask with `fetch`, not as a
 * navigation, so an ended session (spec §8) is answered as a failure carrying the cookie that
 * drops the token; the browser then goes home itself.
 */
export function wishlistFailure(storeApi: StoreApi, outcome: FormFailure): Response {
  if (outcome.sessionEnded) {
    const headers = new Headers(PRIVATE);
    headers.append("Set-Cookie", storeApi.endedSessionCookie());
    return Response.json(outcome.failure, { status: ERRORS.INVALID_SESSION.status, headers });
  }
  return Response.json(outcome.failure, { status: outcome.status, headers: PRIVATE });
}

export function wishlistAnswer(body: unknown): Response {
  return Response.json(body, { headers: PRIVATE });
}
