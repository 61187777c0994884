/**
 * Behind a TLS-terminating proxy, TRUST_PROXY lets Express take the client address, the protocol
 * (so the session cookie is Secure) and the host from X-Forwarded-* ("true", a hop count, or
 * addresses). Off by default, so a shopper cannot claim another address.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
