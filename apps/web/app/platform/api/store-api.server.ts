import {
  createStoreClient,
  type EndpointData,
  type EndpointInput,
  type EndpointName,
  ERRORS,
  endpoints,
  type Locale,
  type StaffMember,
  type StaffSession,
  StoreApiUnavailable,
  type StoreCallResult,
  type StoreClient,
  type StoreExchange,
  SUCCESS_CODE,
} from "@stoa/contract";
import { redirect } from "react-router";
import { staffLoginHref } from "../../staff/staff-paths.ts";
import { negotiateLocale } from "../i18n/locale.ts";
import {
  authCookie,
  authTokenOf,
  clearedAuthCookie,
  isHttps,
  type RequestLine,
} from "../session/auth-cookie.server.ts";
import { SESSION_ENDED_CODES, type SessionCheck, sessionCheckOf } from "../session/auth-state.ts";
import { clearedInStoreCookie, inStoreCookie, inStoreTokenOf } from "../session/in-store-cookie.server.ts";
import { clearedStaffCookie, staffCookie, staffSessionOf } from "../session/staff-cookie.server.ts";
import { apiExchange } from "./api-exchange.server.ts";
import { type FormAnswer, failureOf, unavailableFailure } from "./form-answer.ts";
import { type PageAnswer, pageAnswerOf, pageProblem } from "./page-answer.server.ts";
import type { PageProblem } from "./page-problem.ts";

/** The data a page gets from a store call: never null, or the page would have thrown. */
export type PageData<N extends EndpointName> = NonNullable<EndpointData<N>>;

export type PageCallOptions = {
  /** The language of this one call, when the page negotiated it otherwise (default: `locale`). */
  locale?: Locale;
  /** The problem a 404 stands for on this page (default "not-found"). */
  notFound?: PageProblem;
};

export type FormCallOptions = {
  /** Dropped from the API's field paths, so `shipping.address.city` lands on the form's `address.city`. */
  fieldPrefix?: string;
  /**
   * What an ended session (spec §8) does: "go-home" throws the redirect home that drops the cookie
   * (a navigation); "answer" returns it as a failure carrying `sessionEnded`, for the endpoints the
   * browser asks with `fetch`, which go home themselves.
   */
  endedSession?: "go-home" | "answer";
  /** Headers of this one call, e.g. the `Idempotency-Key` that makes placing an order safe to retry. */
  headers?: Record<string, string>;
};

/**
 * The store API as one request of one shopper sees it, made by server.ts for every request and
 * handed to loaders and actions as `context.storeApi` (the model is Hydrogen's
 * `context.storefront`). It is the storefront's only way to call the API: it knows the shop (the
 * host), the language, the shopper's token (the httpOnly cookie), address and request id, and how
 * the shop was reached (host and https behind a proxy) so emailed links come back here.
 */
export interface StoreApi {
  /** The shop: the request's host name without the port (`catering.localhost`). */
  readonly shop: string;
  /** The language from the shopper's cookie and Accept-Language, among every storefront language. */
  readonly locale: Locale;
  /** The same choice among the languages one shop offers. */
  localeAmong(offered: readonly Locale[]): Locale;
  /** Whether the request carries a session token (someone may be signed in). */
  readonly hasSession: boolean;

  /**
   * The answer for pages: the call's data, or a thrown problem page (404 for an unknown shop or a
   * missing record, 503 when the API fails or cannot be reached), or, on a call that needs the
   * session and finds it ended (spec §8), a thrown redirect home that drops the cookie.
   */
  page<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    options?: PageCallOptions,
  ): Promise<PageData<N>>;
  /** The same answer without throwing, for the parts of a page that may be missing. */
  pageAnswer<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    options?: PageCallOptions,
  ): Promise<PageAnswer<PageData<N>>>;

  /**
   * The answer for forms (actions, and the endpoints the browser asks with `fetch`): the data, or
   * the failure with the API's field errors on the form's fields. An unreachable API is a 503
   * "something went wrong"; an ended session on a call that needs it goes home (see `endedSession`).
   */
  form<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    options?: FormCallOptions,
  ): Promise<FormAnswer<EndpointData<N>>>;

  /**
   * A file the API serves with the shopper's token (a bought download, decision 018): its response
   * to pass on, or the failure's catalogue code and status (503 when the API cannot be reached).
   */
  file(path: string, query: Record<string, string | number>): Promise<FileAnswer>;

  /** A call whose answer does not matter (signing out, a log line): never throws. */
  send<N extends EndpointName>(name: N, input: EndpointInput<N>): Promise<void>;

  /** Who is signed in, asked of the API once per request (and not at all without a session cookie). */
  session(): Promise<SessionCheck>;
  /** The cookie that keeps a new session's token (Secure when the shop is served over https). */
  sessionCookie(token: string): string;
  /** The cookie that drops the token. */
  endedSessionCookie(): string;

  /**
   * The member of staff whose session cookie the request carries (decision 053), as the sign-in
   * named them; null without one. Only console pages (`/staff`) ever receive that cookie. Staff
   * calls (`staff: true` in the contract) carry the staff token and never the shopper's; every
   * other call carries the shopper's and never the staff token. A staff call that finds the staff
   * session ended (401, 403, 104) throws the redirect to the console's sign-in that drops its cookie.
   */
  readonly staffMember: StaffMember | null;
  /** The cookie that keeps a new staff session. */
  staffSessionCookie(session: StaffSession): string;
  /** The cookie that drops the staff session. */
  endedStaffSessionCookie(): string;

  /**
   * Whether the request carries a diner's in-store token (spec §6). Table calls (`inStore` in the
   * contract) carry that token and never the shopper's; the scan carries the shopper's, so a paid
   * bill lands in their orders. An ended in-store token is answered as a failure, never a redirect.
   */
  readonly atTable: boolean;
  /** The cookie that keeps the in-store token a scan answered. */
  inStoreCookie(token: string): string;
  /** The cookie that drops it. */
  endedInStoreCookie(): string;
}

export type FileAnswer = { ok: true; response: Response } | { ok: false; code: string; status: number };

/**
 * What a store API needs to know of its request: the address the shopper asked for, as the
 * storefront understood it (host and scheme), and the headers. A Fetch `Request` has both.
 */
export type StoreApiRequest = RequestLine;

export type StoreApiOptions = {
  /** Where the store API answers (config.server.ts). */
  apiUrl: string;
  /**
   * The shopper's address: the socket's peer, or the client a trusted proxy names. The API believes
   * X-Forwarded-For only from the storefront; without it every shopper would count as one address.
   */
  clientIp: string;
  /** How calls reach the API: Node's HTTP client unless told otherwise. */
  exchange?: StoreExchange;
};

/** The shop is the request's host name without the port: `catering.localhost:3000` → `catering.localhost`. */
export function shopOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

function needsSession(name: EndpointName): boolean {
  return (endpoints[name] as { auth?: boolean }).auth === true;
}

/** A call of the shop's staff: it carries the staff token, never the shopper's. */
export function isStaffCall(name: EndpointName): boolean {
  return (endpoints[name] as { staff?: boolean }).staff === true;
}

/** A table call: it carries the diner's in-store token, never the shopper's. */
export function isInStoreCall(name: EndpointName): boolean {
  return (endpoints[name] as { inStore?: boolean }).inStore === true;
}

type CallerKind = "shop" | "staff" | "inStore";

function callerOf(name: EndpointName): CallerKind {
  if (isStaffCall(name)) return "staff";
  return isInStoreCall(name) ? "inStore" : "shop";
}

export function createStoreApi(
  request: StoreApiRequest,
  { apiUrl, clientIp, exchange = apiExchange }: StoreApiOptions,
): StoreApi {
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  const acceptLanguage = request.headers.get("accept-language");
  const token = authTokenOf(request);
  const staff = staffSessionOf(request);
  const inStoreToken = inStoreTokenOf(request);
  const https = isHttps(request);
  const shop = shopOf(url);
  const locale = negotiateLocale(cookies, acceptLanguage);
  const clients = new Map<string, StoreClient>();

  const tokens: Record<CallerKind, string | null> = {
    shop: token,
    staff: staff?.token ?? null,
    inStore: inStoreToken,
  };

  /** The client of a language for one kind of caller: shopper, staff or diner at a table. */
  function client(language: Locale, caller: CallerKind = "shop"): StoreClient {
    const key = `${caller}:${language}`;
    let made = clients.get(key);
    if (!made) {
      made = createStoreClient({
        baseUrl: apiUrl,
        storeDomain: shop,
        locale: language,
        token: tokens[caller],
        requestId: request.headers.get("x-request-id") ?? undefined,
        forwardedFor: clientIp || undefined,
        forwardedHost: url.host,
        forwardedProto: https ? "https" : "http",
        exchange,
      });
      clients.set(key, made);
    }
    return made;
  }

  /** The call's envelope, or null when the API could not be reached. */
  async function reach<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    language: Locale,
    headers?: Record<string, string>,
  ): Promise<StoreCallResult<N> | null> {
    try {
      return (await client(language, callerOf(name)).call(name, input, { headers })) as StoreCallResult<N>;
    } catch (error) {
      if (error instanceof StoreApiUnavailable) return null;
      throw error;
    }
  }

  const endedSessionCookie = () => clearedAuthCookie({ secure: https });
  const goHome = () => redirect("/", { headers: { "Set-Cookie": endedSessionCookie() } });
  const endedStaffSessionCookie = () => clearedStaffCookie({ secure: https });
  const staffSignIn = () =>
    redirect(staffLoginHref(`${url.pathname}${url.search}`), {
      headers: { "Set-Cookie": endedStaffSessionCookie() },
    });
  /** Where an ended session leads: a staff call to the console's sign-in, any other home. */
  const leave = (name: EndpointName) => (isStaffCall(name) ? staffSignIn() : goHome());
  // A table call's ended token is the table page's to explain ("scan the code again"), not a sign-out.
  const sessionEnded = (name: EndpointName, result: { code: string } | null) =>
    result !== null && needsSession(name) && !isInStoreCall(name) && SESSION_ENDED_CODES.has(result.code);

  async function pageAnswer<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    options: PageCallOptions = {},
  ): Promise<PageAnswer<PageData<N>>> {
    const result = await reach(name, input, options.locale ?? locale);
    if (sessionEnded(name, result)) throw leave(name);
    return pageAnswerOf(result, options.notFound ?? "not-found") as PageAnswer<PageData<N>>;
  }

  let session: Promise<SessionCheck> | undefined;

  return {
    shop,
    locale,
    hasSession: token !== null,
    localeAmong: (offered) => negotiateLocale(cookies, acceptLanguage, offered),

    pageAnswer,

    async page(name, input, options) {
      const answer = await pageAnswer(name, input, options);
      if (!answer.ok) throw pageProblem(answer.problem, answer.status);
      return answer.data;
    },

    async form(name, input, { fieldPrefix = "", endedSession = "go-home", headers } = {}) {
      const result = await reach(name, input, locale, headers);
      if (!result) return { ok: false, failure: unavailableFailure(), status: 503 };
      if (result.code === SUCCESS_CODE) return { ok: true, data: result.data as EndpointData<typeof name> };
      if (sessionEnded(name, result)) {
        if (endedSession === "go-home") throw leave(name);
        const { code, status } = ERRORS.INVALID_SESSION;
        return { ok: false, failure: failureOf({ code, msg: "", data: null }), status, sessionEnded: true };
      }
      return { ok: false, failure: failureOf(result, fieldPrefix), status: result.status };
    },

    async file(path, query) {
      let response: Response;
      try {
        response = await client(locale).file(path, query);
      } catch (error) {
        if (error instanceof StoreApiUnavailable)
          return { ok: false, code: ERRORS.INTERNAL.code, status: 503 };
        throw error;
      }
      if (response.ok) return { ok: true, response };
      const envelope = (await response.json().catch(() => null)) as { code?: unknown } | null;
      const code = typeof envelope?.code === "string" ? envelope.code : ERRORS.INTERNAL.code;
      return { ok: false, code, status: response.status };
    },

    async send(name, input) {
      await client(locale, callerOf(name))
        .call(name, input)
        .catch(() => undefined);
    },

    session() {
      session ??= token
        ? reach("currentUser", {}, locale).then(sessionCheckOf)
        : Promise.resolve(sessionCheckOf(null));
      return session;
    },

    sessionCookie: (value) => authCookie(value, { secure: https }),
    endedSessionCookie,

    staffMember: staff?.member ?? null,
    staffSessionCookie: (session) => staffCookie(session, { secure: https }),
    endedStaffSessionCookie,

    atTable: inStoreToken !== null,
    inStoreCookie: (value) => inStoreCookie(value, { secure: https }),
    endedInStoreCookie: () => clearedInStoreCookie({ secure: https }),
  };
}
