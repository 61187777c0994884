import { STORAGE_KEYS } from "@stoa/contract";
import { isMessageKey, type MessageKey } from "../platform/api/form-answer.ts";
import { applyStorageChanges, readStorage } from "../platform/browser-storage.ts";

/** Where the newsletter form posts; it answers a fetcher with data and a plain post with a redirect. */
export const NEWSLETTER_ACTION = "/newsletter";

/**
 * Set on the page a plain (script-less) sign-up comes back to: "subscribed", or the translation key
 * of what went wrong. The footer's form shows it.
 */
export const NEWSLETTER_PARAM = "newsletter";
const SUBSCRIBED = "subscribed";

/** The footer form's id: a plain post comes back scrolled to it. */
export const NEWSLETTER_ANCHOR = "newsletter";

export type NewsletterOutcome = { ok: true } | { ok: false; key: MessageKey };

/** The value of NEWSLETTER_PARAM for an outcome. */
export function newsletterParamOf(outcome: NewsletterOutcome): string {
  return outcome.ok ? SUBSCRIBED : outcome.key;
}

/** What a plain post led to, from the address it came back to; anything else in the parameter is ignored. */
export function newsletterOutcomeOf(search: URLSearchParams): NewsletterOutcome | null {
  const value = search.get(NEWSLETTER_PARAM);
  if (value === SUBSCRIBED) return { ok: true };
  return isMessageKey(value) ? { ok: false, key: value } : null;
}

/**
 * Whether this browser has subscribed (spec §9 storage key "newsletter"), so the footer says so
 * instead of asking again. It keeps the day it did, not the address: nobody's email needs to stay
 * on a shared computer for this.
 */
export function hasSubscribed(): boolean {
  return Boolean(readStorage(STORAGE_KEYS.newsletter));
}

export function rememberSubscribed(now = new Date()): void {
  applyStorageChanges({ set: { [STORAGE_KEYS.newsletter]: now.toISOString() }, remove: [] });
}
