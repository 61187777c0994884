/** What server.ts hands every loader and the document render. */
declare module "react-router" {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router streams. */
    cspNonce: string;
    /**
     * The shopper's address: the socket's peer, or the client a trusted proxy names in
     * X-Forwarded-For (TRUST_PROXY). Forwarded to the API, which throttles sign-ins per address.
     */
    clientIp: string;
  }
}

export {};
