import { AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS, STORAGE_KEYS } from "@stoa/contract";
import { VERIFY_RETURN_COOKIE, VERIFY_RETURN_MAX_AGE_SECONDS } from "../../account/account-paths.ts";
import { readCookie } from "./cookies.ts";
import { servedOverHttps } from "./https.ts";

/** The parts of a request these read; a Fetch `Request` has them. */
export type RequestLine = { url: string; headers: { get(name: string): string | null } };

/** The session cookie carries the spec's auth-token storage key as its name. */
export const AUTH_COOKIE = STORAGE_KEYS.authToken;

/** Opaque tokens are base64url (docs/decisions/004-tokens.md); anything else in the cookie is ignored. */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * Served over https, by the request URL or the proxy's X-Forwarded-Proto: the URL alone says http
 * behind a TLS proxy unless TRUST_PROXY is set, which would leave the session cookie without Secure.
 */
export function isHttps(request: RequestLine): boolean {
  return servedOverHttps(new URL(request.url).protocol, request.headers.get("x-forwarded-proto"));
}

/**
 * The bearer token cookie (DESIGN §4, decision 004): httpOnly so page scripts never see it,
 * SameSite=Lax so other sites cannot post with it, Secure whenever the shop is served over https.
 */
export function authCookie(token: string, { secure }: { secure: boolean }): string {
  const parts = [
    `${AUTH_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedAuthCookie({ secure }: { secure: boolean }): string {
  const parts = [`${AUTH_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function authTokenOf(request: Pick<RequestLine, "headers">): string | null {
  const token = readCookie(request.headers.get("cookie"), AUTH_COOKIE);
  return token && TOKEN.test(token) ? token : null;
}

/** The checkout to lead back to after verifying the email; `null` clears it. */
export function verifyReturnCookie(path: string | null, secure: boolean): string {
  const parts = [
    `${VERIFY_RETURN_COOKIE}=${path === null ? "" : encodeURIComponent(path)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${path === null ? 0 : VERIFY_RETURN_MAX_AGE_SECONDS}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
