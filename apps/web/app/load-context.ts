/** What server.ts hands every loader and the document render. */
declare module "react-router" {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router streams. */
    cspNonce: string;
  }
}

export {};
