import {
  normaliseReferralCode,
  REFERRAL_CODE_PATTERN,
  REFERRAL_COOKIE_MAX_AGE_SECONDS,
  REFERRAL_LINK_PARAM,
} from "@stoa/contract";
import { preferenceCookie, readCookie } from "../platform/session/cookies.ts";

/*
 * A share link (`/?ref=CODE`, issue 36) leaves its code in this cookie for a day (spec §9), set by
 * the server on whatever storefront page the link opens, so it works before any script runs; the
 * checkout takes it as its `refer_code` when none is set yet (spec §4). Scripts may read it (it is
 * no secret: the friend was given it) to mirror it under the storage key.
 */
export const REFERRAL_COOKIE = "refcode";

/** A code as a link or a form gives it, upper-case and without spaces; null when it cannot be a code. */
export function cleanReferralCode(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const code = normaliseReferralCode(value);
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** The code a share link carries in its address, or null (none, or one that cannot be a code). */
export function referralCodeOfLink(url: URL): string | null {
  return cleanReferralCode(url.searchParams.get(REFERRAL_LINK_PARAM));
}

/** The code a share link left in the request's cookies, or null. */
export function referralCodeOfCookies(cookieHeader: string | null | undefined): string | null {
  return cleanReferralCode(readCookie(cookieHeader, REFERRAL_COOKIE));
}

/** The cookie that keeps a followed link's code for REFERRAL_COOKIE_MAX_AGE_SECONDS. */
export function referralCookie(code: string): string {
  return preferenceCookie(REFERRAL_COOKIE, code, { maxAgeSeconds: REFERRAL_COOKIE_MAX_AGE_SECONDS });
}

/** The cookie that forgets it (the code was removed at checkout, or an order took it). */
export function clearedReferralCookie(): string {
  return preferenceCookie(REFERRAL_COOKIE, "", { maxAgeSeconds: 0 });
}

/**
 * The referral code an order carries (decision 067): the one the shopper typed at checkout wins;
 * without one, the code a share link left (spec §4: "a referral code found in a cookie becomes the
 * applied code if none is set yet"); else none.
 */
export function appliedReferralCode(typed: string | null | undefined, linked: string | null): string | null {
  return cleanReferralCode(typed) ?? linked;
}

/** The share link of a code on this shop's domain, from the API's path and query (`/?ref=CODE`). */
export function shareLinkOf(origin: string, link: string | null, code: string | null): string | null {
  if (!code) return null;
  const url = new URL(link ?? "/", origin);
  if (url.origin !== new URL(origin).origin) return null;
  if (!url.searchParams.has(REFERRAL_LINK_PARAM)) url.searchParams.set(REFERRAL_LINK_PARAM, code);
  return url.href;
}
