import { STORAGE_KEYS } from "@stoa/contract";
import { applyStorageChanges } from "../platform/browser-storage.ts";
import { clearedReferralCookie, referralCodeOfCookies } from "./referral-link.ts";

/**
 * The code a followed share link left, read in the browser: the cookie the server set (it lasts a
 * day, spec §9) is what counts, and the storage key `refcode` mirrors it for the spec's storage.
 */
export function linkedReferralCode(): string | null {
  const code = referralCodeOfCookies(document.cookie);
  applyStorageChanges(
    code
      ? { set: { [STORAGE_KEYS.refcode]: code }, remove: [] }
      : { set: {}, remove: [STORAGE_KEYS.refcode] },
  );
  return code;
}

/** Forgets the link's code: the shopper removed it at checkout, or an order has taken it. */
export function forgetLinkedReferralCode(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the same script-readable cookie the server set.
  document.cookie = clearedReferralCookie();
  applyStorageChanges({ set: {}, remove: [STORAGE_KEYS.refcode] });
}
