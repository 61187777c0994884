import type { StoreApi } from "./api/store-api.server.ts";

/** What server.ts hands every loader, action and the document render. */
declare module "react-router" {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router streams. */
    cspNonce: string;
    /** This request's store API: the storefront's one way to call the API (platform/api). */
    storeApi: StoreApi;
    /**
     * Render the whole document before sending any of it, as for crawlers: a page kept for every
     * shopper is read to the end anyway, and must read complete without its scripts.
     */
    wholeDocument?: boolean;
    /**
     * A form was posted to a page that takes none: the page answers 405 with the problem page in
     * the shopper's language (the server renders it as a GET so the shop and its texts load).
     */
    methodNotAllowed?: boolean;
  }
}
