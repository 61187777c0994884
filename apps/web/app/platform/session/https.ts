/**
 * Whether the shopper reached the shop over https: the request's own scheme (`https` or `https:`),
 * or the first hop of X-Forwarded-Proto, which the TLS-terminating proxy nearest the shopper sets.
 * The header is believed whatever TRUST_PROXY says because believing it only makes the answer
 * stricter (a Secure cookie, HSTS, an https origin); a client that forges it gains nothing, and
 * browsers ignore HSTS that arrives over plain http.
 */
export function servedOverHttps(protocol: string, forwardedProto: string | null | undefined): boolean {
  if (protocol.replace(/:$/, "").toLowerCase() === "https") return true;
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}
