import { ERRORS } from "@stoa/contract";
import { type FieldErrors, type FormFailure, invalidFields } from "../platform/api/form-answer.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The JSON answers of the checkout's own routes, which the page asks with `fetch` (a price, an
 * order, delivery times) rather than as navigations. A shopper's checkout is never kept by a cache.
 */
export function checkoutAnswer(body: unknown): Response {
  return Response.json(body, { headers: PRIVATE });
}

/** A refused call; an ended session (spec §8) also drops the token, and the page goes home. */
export function checkoutFailure(storeApi: StoreApi, outcome: FormFailure): Response {
  const headers = new Headers(PRIVATE);
  if (outcome.sessionEnded) {
    headers.append("Set-Cookie", storeApi.endedSessionCookie());
    return Response.json(outcome.failure, { status: ERRORS.INVALID_SESSION.status, headers });
  }
  return Response.json(outcome.failure, { status: outcome.status, headers });
}

/** A request the storefront could not send as it came. */
export function checkoutInvalid(fields: FieldErrors): Response {
  return Response.json(invalidFields(fields), { status: 400, headers: PRIVATE });
}

/** The JSON body of a request, or null when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}
