import type { DeliveryWindowRef, Locale } from "@stoa/contract";

/**
 * Dates in the shopper's language. An order's are said in the shop's time zone (the order answer's
 * `timezone`), as its delivery window was offered at checkout: the server and the browser then write
 * the same text, wherever the shopper is. Dates with no shop to go by (a download link's expiry, a
 * refund asked) are the shopper's own once the page runs in the browser; the server, which cannot
 * know that zone, writes UTC first (see useTimeZone).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * ICU versions space dates differently: Node's writes "6:00\u2009–\u20098:00\u202fPM" where
 * Chromium writes plain spaces. Plain spaces everywhere keep the server's text and the browser's
 * the same, so a page hydrates without mending its dates.
 */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u2009\u202f]/g, " ");
}

function formatter(locale: Locale, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone ?? ""}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

/** "May 14, 2025": when an order was placed. */
export function formatDay(iso: string, locale: Locale, timeZone?: string): string {
  return plainSpaces(formatter(locale, timeZone, { dateStyle: "medium" }).format(new Date(iso)));
}

/** "May 14, 2025, 9:30 AM": a step of the status timeline. */
export function formatMoment(iso: string, locale: Locale, timeZone?: string): string {
  return plainSpaces(
    formatter(locale, timeZone, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
  );
}

/** "Wed, May 14, 9:30 – 11:30 AM": a delivery window, its day said once, in the shop's time zone. */
export function formatWindow(window: DeliveryWindowRef, locale: Locale, timeZone: string): string {
  const range = formatter(locale, timeZone, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  }).formatRange(new Date(window.start), new Date(window.end));
  return plainSpaces(range);
}

/** Whether a signed link has run out, at `now`. */
export function hasExpired(iso: string, now: number): boolean {
  return new Date(iso).getTime() <= now;
}
