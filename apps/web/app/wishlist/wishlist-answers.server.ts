import { type EndpointInput, type EndpointName, ERRORS } from "@stoa/contract";
import { type ActionFailure, failureOf } from "../platform/api/form-answer.ts";
import { type CallOutcome, callAccount, type ShopperArgs } from "../platform/session/session.server.ts";

/** A wishlist call that ended the session: what the browser is told, and the cookie that drops it. */
export type EndedSession = { ended: true; failure: ActionFailure; setCookie: string | null };

/**
 * A wishlist call as this shopper. The hearts ask with `fetch`, not as a navigation, so the
 * redirect home that an ended session throws (spec §8) is answered as a failure carrying the
 * cookie that drops the token; the browser then goes home itself.
 */
export async function callWishlist<N extends EndpointName>(
  args: ShopperArgs,
  name: N,
  input: EndpointInput<N>,
): Promise<CallOutcome<N> | EndedSession> {
  try {
    return await callAccount(args, name, input);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return {
        ended: true,
        failure: failureOf({ code: ERRORS.INVALID_SESSION.code, msg: "", data: null }),
        setCookie: thrown.headers.get("Set-Cookie"),
      };
    }
    throw thrown;
  }
}

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The JSON answer of a wishlist route for a failed call. */
export function wishlistFailure(
  outcome: { failure: ActionFailure; status: number } | EndedSession,
): Response {
  if ("ended" in outcome) {
    const headers = new Headers(PRIVATE);
    if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
    return Response.json(outcome.failure, { status: ERRORS.INVALID_SESSION.status, headers });
  }
  return Response.json(outcome.failure, { status: outcome.status, headers: PRIVATE });
}

export function wishlistAnswer(body: unknown): Response {
  return Response.json(body, { headers: PRIVATE });
}
