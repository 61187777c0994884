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
  requestId?: string;
  /**
   * The shopper's address and the shop origin, forwarded by the storefront server so the API can
   * throttle per shopper and put the right origin in emailed links.
   */
  forwardedFor?: string;
  forwardedHost?: string;
  forwardedProto?: "http" | "https";
};

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

/**
 * Typed client of the store API. It sends the store-domain, locale and bearer headers of spec §7 and
 * hands back the envelope with the HTTP status, so callers branch on `code` as the spec does.
 */
export function createStoreClient(options: StoreClientOptions) {
  const doFetch = options.fetch ?? ((request: Request) => fetch(request));

  /** The headers of spec §7 every call sends: store, locale, bearer, and who the shopper is. */
  function headersOf(): Headers {
    const headers = new Headers({ accept: "application/json", [STORE_DOMAIN_HEADER]: options.storeDomain });
    if (options.locale) headers.set(LOCALE_HEADER, options.locale);
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    if (options.requestId) headers.set("x-request-id", options.requestId);
    if (options.forwardedFor) headers.set("x-forwarded-for", options.forwardedFor);
    if (options.forwardedHost) headers.set("x-forwarded-host", options.forwardedHost);
    if (options.forwardedProto) headers.set("x-forwarded-proto", options.forwardedProto);
    return headers;
  }

  async function send(request: Request): Promise<Response> {
    try {
      return await doFetch(request);
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
      for (const [key, value] of new Headers(callOptions.headers))
        if (!headers.has(key)) headers.set(key, value);
      if (body !== undefined) headers.set("content-type", "application/json");
      const response = await send(
        new Request(url, {
          method: def.method.toUpperCase(),
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const json = (await response.json().catch(() => null)) as Envelope<EndpointData<N> | null> | null;
      if (!json || typeof json.code !== "string") {
        throw new StoreApiUnavailable(
          `Store API answered ${response.status} without an envelope`,
          response.status,
        );
      }
      return { ...json, status: response.status };
    },

    /**
     * A GET whose success is a file, not an envelope (a bought download): the API's response as
     * it is, with the same headers as every call. Failures still come as envelopes.
     */
    async file(path: string, query: Record<string, string | number>): Promise<Response> {
      const url = new URL(path, options.baseUrl);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      const headers = headersOf();
      headers.set("accept", "*/*");
      return send(new Request(url, { method: "GET", headers }));
    },
  };
}
export type StoreClient = ReturnType<typeof createStoreClient>;
