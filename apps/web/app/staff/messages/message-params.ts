import { CONTACT_MESSAGE_STATES, type ContactMessageState, NEWSLETTER_SEARCH_MAX } from "@stoa/contract";

import { STAFF_PATH } from "../staff-paths.ts";

/** The newsletter's subscribers in the console. */
export const NEWSLETTER_PATH = `${STAFF_PATH}/newsletter`;

/** The newsletter's CSV export (`?page=2` for a list longer than one export holds). */
export const NEWSLETTER_EXPORT_PATH = `${STAFF_PATH}/newsletter/export`;

/** The most pages an address may ask for; beyond, the first page (no list of a shop is that long). */
const MOST_PAGES = 10_000;

function pageOf(search: URLSearchParams): number {
  const page = Number(search.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= MOST_PAGES ? page : 1;
}

export type ContactListParams = { state: ContactMessageState | null; page: number };

/** The messages list's state filter and page from its address: anything unknown is all, page one. */
export function contactListParams(search: URLSearchParams): ContactListParams {
  const state = search.get("state") ?? "";
  return {
    state: (CONTACT_MESSAGE_STATES as readonly string[]).includes(state)
      ? (state as ContactMessageState)
      : null,
    page: pageOf(search),
  };
}

/** The messages list's address for these filters (no parameter left at its default). */
export function contactListHref(base: string, { state, page }: ContactListParams): string {
  const search = new URLSearchParams();
  if (state) search.set("state", state);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/** Where a message stands, from its two marks. */
export function contactStateOf(message: {
  readAt: string | null;
  answeredAt: string | null;
}): ContactMessageState {
  if (message.answeredAt) return "answered";
  return message.readAt ? "read" : "unread";
}

export type NewsletterListParams = { q: string; page: number };

/** The subscribers list's search and page from its address. */
export function newsletterListParams(search: URLSearchParams): NewsletterListParams {
  return { q: (search.get("q") ?? "").trim().slice(0, NEWSLETTER_SEARCH_MAX), page: pageOf(search) };
}

export function newsletterListHref(base: string, { q, page }: NewsletterListParams): string {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/**
 * A `mailto:` link that answers a message: to the shopper, with the subject given. Its parts are
 * percent-encoded as RFC 6068 has it (a space is %20, never `+`, which mail programs keep as is).
 */
export function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replaceAll("%40", "@")}?subject=${encodeURIComponent(subject)}`;
}

/**
 * An address (or any left-to-right text) set inside a translated sentence, isolated by Unicode's
 * first-strong and pop marks so that in Arabic or Hebrew its dots and dashes do not jump sides.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
