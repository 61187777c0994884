import {
  createStoreClient,
  type EndpointData,
  type EndpointInput,
  type EndpointName,
  endpoints,
  type Locale,
  StoreApiUnavailable,
  type StoreClient,
  SUCCESS_CODE,
} from "@stoa/contract";
import { type AppLoadContext, data, redirect } from "react-router";
import {
  type ActionFailure,
  type FieldErrors,
  failureOf,
  invalidFields,
  unavailableFailure,
} from "../api/form-answer.ts";
import { API_URL, requestLocale, storeDomainOf } from "../api/store-api.server.ts";
import { authCookie, authTokenOf, clearedAuthCookie, isHttps } from "./auth-cookie.server.ts";
import { SESSION_ENDED_CODES, type SessionCheck, sessionCheckOf } from "./auth-state.ts";

/** What every loader and action receives; enough to reach the API as this shopper. */
export type ShopperArgs = { request: Request; context: AppLoadContext };

/**
 * The store API client for this shopper: their bearer token from the httpOnly cookie, their address
 * (so the API throttles per shopper) and this shop's host (so emailed links come back here).
 */
export function accountClient({ request, context }: ShopperArgs, locale?: Locale): StoreClient {
  const url = new URL(request.url);
  return createStoreClient({
    baseUrl: API_URL,
    storeDomain: storeDomainOf(request),
    locale: locale ?? requestLocale(request),
    token: authTokenOf(request),
    requestId: request.headers.get("x-request-id") ?? undefined,
    forwardedFor: context.clientIp || undefined,
    forwardedHost: url.host,
    forwardedProto: isHttps(request) ? "https" : "http",
  });
}

export function sessionCookie(request: Request, token: string): string {
  return authCookie(token, { secure: isHttps(request) });
}

export function endedSessionCookie(request: Request): string {
  return clearedAuthCookie({ secure: isHttps(request) });
}

async function readSession(args: ShopperArgs): Promise<SessionCheck> {
  if (!authTokenOf(args.request)) return sessionCheckOf(null);
  try {
    return sessionCheckOf(await accountClient(args).call("currentUser", {}));
  } catch (error) {
    if (error instanceof StoreApiUnavailable) return sessionCheckOf(null);
    throw error;
  }
}

/** One check per request: the root loader and a page's loader run together and share it. */
const checks = new WeakMap<AppLoadContext, Promise<SessionCheck>>();

/** Who is signed in, asked of the API once per request (and not at all without a session cookie). */
export function currentSession(args: ShopperArgs): Promise<SessionCheck> {
  let check = checks.get(args.context);
  if (!check) {
    check = readSession(args);
    checks.set(args.context, check);
  }
  return check;
}

export type CallOutcome<N extends EndpointName> =
  | { ok: true; data: EndpointData<N> }
  | { ok: false; failure: ActionFailure; status: number };

/**
 * One account call as this shopper. Spec §8: when a call that needs the session answers 401, 403
 * or 104, the token is dropped and the shopper goes home (a thrown redirect).
 */
export async function callAccount<N extends EndpointName>(
  args: ShopperArgs,
  name: N,
  input: EndpointInput<N>,
  { fieldPrefix = "" }: { fieldPrefix?: string } = {},
): Promise<CallOutcome<N>> {
  let result: Awaited<ReturnType<StoreClient["call"]>>;
  try {
    result = await accountClient(args).call(name, input);
  } catch (error) {
    if (error instanceof StoreApiUnavailable)
      return { ok: false, failure: unavailableFailure(), status: 503 };
    throw error;
  }
  if (result.code === SUCCESS_CODE) return { ok: true, data: result.data as EndpointData<N> };
  const needsSession = (endpoints[name] as { auth?: boolean }).auth === true;
  if (needsSession && SESSION_ENDED_CODES.has(result.code)) {
    throw redirect("/", { headers: { "Set-Cookie": endedSessionCookie(args.request) } });
  }
  return { ok: false, failure: failureOf(result, fieldPrefix), status: result.status };
}

/** The failure answer of an action, with the API's status so React Router skips revalidating. */
export function failed(outcome: { failure: ActionFailure; status: number }) {
  return data(outcome.failure, { status: outcome.status });
}

export function invalid(fields: FieldErrors) {
  return data(invalidFields(fields), { status: 400 });
}
