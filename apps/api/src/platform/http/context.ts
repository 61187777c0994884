import {
  FIELD_ERROR_KEYS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  LOCALE_HEADER,
  type Locale,
  REQUEST_ID_HEADER,
  STORE_DOMAIN_HEADER,
  toLocale,
} from "@stoa/contract";
import type { Context, MiddlewareHandler } from "hono";
import type { StoreRow } from "../../stores/tables.ts";
import type { Logger } from "../logger.ts";
import { ApiError } from "./errors.ts";
import { normalizeDomain } from "./host.ts";
import { clientAddress, type TrustedProxies } from "./trusted-proxies.ts";

/** Who is calling: the bearer token as sent, and the client address for throttling. */
export type Caller = { bearerToken: string | null; ip: string };

/**
 * Everything a handler may know about a request; handlers never read headers themselves.
 * `storefrontOrigin` is where links in emails point: the shop origin the storefront server
 * forwarded, else the store's canonical URL. `idempotencyKey` is the `Idempotency-Key` header, the
 * promise that repeats of this request are the same request (order create honours it).
 */
export type RequestContext = {
  store: StoreRow;
  locale: Locale;
  caller: Caller;
  storefrontOrigin: string;
  idempotencyKey: string | null;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    locale: Locale;
    log: Logger;
    ctx: RequestContext;
  };
};

const REQUEST_ID = /^[\w-]{8,64}$/;

/** The `Idempotency-Key` header: absent is null; one not of the documented form is a 400 naming it. */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined || header.trim() === "") return null;
  const key = header.trim();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new ApiError("INVALID_INPUT", { [IDEMPOTENCY_KEY_HEADER]: FIELD_ERROR_KEYS.invalid });
  return key;
}

/** Request id (kept from the caller when well-formed), locale and a child logger for every request. */
export function requestBasics(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("locale", toLocale(c.req.header(LOCALE_HEADER) ?? c.req.header("accept-language")));
    const log = logger.child({ requestId });
    c.set("log", log);
    c.header(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    await next();
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}

/** `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerTokenOf(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/** Resolves the store of the `store-domain` header; an unknown domain is a 404 envelope, not a crash. */
export function storeContext(
  findStore: (domain: string) => Promise<StoreRow | null>,
  proxies: TrustedProxies,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const domain = normalizeDomain(c.req.header(STORE_DOMAIN_HEADER));
    if (!domain) throw new ApiError("STORE_NOT_FOUND", { [STORE_DOMAIN_HEADER]: "error-field-required" });
    const store = await findStore(domain);
    if (!store) throw new ApiError("STORE_NOT_FOUND");
    const peer = peerAddressOf(c);
    const viaProxy = proxies.trusts(peer);
    c.set("ctx", {
      store,
      locale: c.get("locale"),
      caller: {
        bearerToken: bearerTokenOf(c.req.header("authorization")),
        ip: clientAddress(peer, c.req.header("x-forwarded-for"), proxies),
      },
      storefrontOrigin: storefrontOriginOf(c, store, viaProxy),
      idempotencyKey: idempotencyKeyOf(c.req.header(IDEMPOTENCY_KEY_HEADER)),
    });
    await next();
  };
}

/** The socket's peer: the storefront server, a trusted proxy, or a client calling directly. */
function peerAddressOf(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/** Where emailed links point: the shop origin a trusted proxy forwarded, else the store's own URL. */
function storefrontOriginOf(c: Context<AppEnv>, store: StoreRow, viaProxy: boolean): string {
  const host = viaProxy ? c.req.header("x-forwarded-host") : undefined;
  const proto = c.req.header("x-forwarded-proto") === "https" ? "https" : "http";
  if (host && normalizeDomain(host) === store.domain) return `${proto}://${host}`;
  return storeOwnOrigin(store);
}

/**
 * Origins already worked out, by store row: a row is read once per freshness window and serves
 * every request meanwhile, which would each parse the same URL again.
 */
const ownOrigins = new WeakMap<object, string>();

/** The store's own URL, for links made without a request (a webhook, the sweeper). */
export function storeOwnOrigin(store: Pick<StoreRow, "seo" | "domain">): string {
  const known = ownOrigins.get(store);
  if (known !== undefined) return known;
  let origin: string;
  try {
    origin = new URL(store.seo.canonicalUrl).origin;
  } catch {
    origin = `https://${store.domain}`;
  }
  ownOrigins.set(store, origin);
  return origin;
}
