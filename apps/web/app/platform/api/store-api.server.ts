import { createStoreClient, type Locale, type StoreClient } from "@stoa/contract";
import type { AppLoadContext } from "react-router";
import { negotiateLocale } from "../i18n/locale.ts";

export const API_URL = process.env.API_URL ?? "http://127.0.0.1:4000";

/** The shop is the request's host name without the port: `catering.localhost:3000` → `catering.localhost`. */
export function storeDomainOf(request: Request): string {
  return new URL(request.url).hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

export function requestLocale(request: Request, offered?: readonly Locale[]): Locale {
  return negotiateLocale(request.headers.get("cookie"), request.headers.get("accept-language"), offered);
}

/**
 * The typed store API client for this request's shop and language. Server loaders only. It names
 * the shopper's address (server.ts's load context) because the API believes X-Forwarded-For only
 * from the storefront: without it every shopper would count as the storefront's own address.
 */
export function storeClientFor(
  { request, context }: { request: Request; context: AppLoadContext },
  locale: Locale,
): StoreClient {
  return createStoreClient({
    baseUrl: API_URL,
    storeDomain: storeDomainOf(request),
    locale,
    requestId: request.headers.get("x-request-id") ?? undefined,
    forwardedFor: context.clientIp || undefined,
  });
}
