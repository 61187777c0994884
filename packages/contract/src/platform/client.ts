import { type EndpointData, type EndpointInput, type EndpointName, endpoints } from "../endpoints.ts";
import { LOCALE_HEADER, STORE_DOMAIN_HEADER } from "./constants.ts";
import { fillPath } from "./endpoint-definition.ts";
import type { Envelope } from "./envelope.ts";

export type StoreClientOptions = {
  baseUrl: string;
  storeDomain: string;
  locale?: string;
  token?: string | null;
  /** In-process callers pass the API app's own fetch; over the network this is the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * How an envelope call goes out, when not by `fetch`: the storefront's server passes an exchange
   * over Node's own HTTP client (a page makes several calls, and fetch's Request, stream and abort
   * machinery cost more than the answer's JSON). Files always go by `fetch`.
   */
  exchange?: StoreExchange;
  requestId?: string;
  /**
   * The shopper's address and the shop origin, forwarded by the storefront server so the API can
   * throttle per shopper and put the right origin in emailed links.
   */
  forwardedFor?: string;
  forwardedHost?: string;
  forwardedProto?: "http" | "https";
};

/** One call as it goes out: header names in lower case. */
export type StoreRequest = { method: string; url: string; headers: Record<string, string>; body?: string };
/** Its answer: the status and the body as text. A rejection means the API could not be reached. */
export type StoreExchange = (request: StoreRequest) => Promise<{ status: number; body: string }>;

/** Raised when the API could not be reached or answered something that is not an envelope. */
export class StoreApiUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "StoreApiUnavailable";
  }
}

export type StoreCallResult<N extends EndpointName> = Envelope<EndpointData<N> | null> & { status: number };

/** What one call adds to the headers every call carries, e.g. the `Idempotency-Key` of an order. */
export type StoreCallOptions = { headers?: Record<string, string> };

/** The exchange of a call made with `fetch` (the global one, or the API app's own in-process). */
export function exchangeOverFetch(doFetch: (request: Request) => Promise<Response>): StoreExchange {
  return async ({ method, url, headers, body }) => {
    const response = await doFetch(new Request(url, { method, headers, body }));
    return { status: response.status, body: await response.text() };
  };
}

function envelopeOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Typed client of the store API. It sends the store-domain, locale and bearer headers of spec §7 and
 * hands back the envelope with the HTTP status, so callers branch on `code` as the spec does.
 */
export function createStoreClient(options: StoreClientOptions) {
  const doFetch = options.fetch ?? ((request: Request) => fetch(request));
  const exchange = options.exchange ?? exchangeOverFetch(doFetch);

  /** The headers of spec §7 every call sends: store, locale, bearer, and who the shopper is. */
  function headersOf(): Record<string, string> {
    const headers: Record<string, string> = {
      accept: "application/json",
      [STORE_DOMAIN_HEADER]: options.storeDomain,
    };
    if (options.locale) headers[LOCALE_HEADER] = options.locale;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.requestId) headers["x-request-id"] = options.requestId;
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    if (options.forwardedHost) headers["x-forwarded-host"] = options.forwardedHost;
    if (options.forwardedProto) headers["x-forwarded-proto"] = options.forwardedProto;
    return headers;
  }

  /** `what` done, or StoreApiUnavailable when the API could not be reached. */
  async function reaching<T>(what: () => Promise<T>): Promise<T> {
    try {
      return await what();
    } catch (error) {
      throw new StoreApiUnavailable(`Store API unreachable: ${(error as Error).message}`);
    }
  }

  return {
    async call<N extends EndpointName>(
      name: N,
      input: EndpointInput<N>,
      callOptions: StoreCallOptions = {},
    ): Promise<StoreCallResult<N>> {
      const def = endpoints[name];
      const { params, query, body } = input as {
        params?: Record<string, unknown>;
        query?: Record<string, unknown>;
        body?: unknown;
      };
      const url = new URL(fillPath(def.path, params), options.baseUrl);
      for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
      }
      const headers = headersOf();
      // A call's own headers (the Idempotency-Key of an order) never replace the shop's ones.
      for (const [key, value] of Object.entries(callOptions.headers ?? {})) {
        const name = key.toLowerCase();
        if (!(name in headers)) headers[name] = value;
      }
      if (body !== undefined) headers["content-type"] = "application/json";
      const answer = await reaching(() =>
        exchange({
          method: def.method.toUpperCase(),
          url: url.href,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const json = envelopeOf(answer.body) as Envelope<EndpointData<N> | null> | null;
      if (!json || typeof json.code !== "string") {
        throw new StoreApiUnavailable(
          `Store API answered ${answer.status} without an envelope`,
          answer.status,
        );
      }
      return { ...json, status: answer.status };
    },

    /**
     * A GET whose success is a file, not an envelope (a bought download): the API's response as
     * it is, with the same headers as every call. Failures still come as envelopes.
     */
    async file(path: string, query: Record<string, string | number>): Promise<Response> {
      const url = new URL(path, options.baseUrl);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      const headers = headersOf();
      headers.accept = "*/*";
      return reaching(() => doFetch(new Request(url, { method: "GET", headers })));
    },
  };
}
export type StoreClient = ReturnType<typeof createStoreClient>;
