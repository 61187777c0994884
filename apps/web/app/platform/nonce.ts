import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current server render. In the browser it is "": browsers blank the nonce
 * attribute once the page has loaded, so "" is what hydration finds in the DOM.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
