import type { Locale } from "../platform/locale.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * When a closed shop opens again, as a shopper reads it, in the shop's own time zone and the
 * shopper's language: "Wednesday, March 11 at 9:00 AM". The weekday and the date together, as the
 * next opening may be up to a week away. The `{{opens}}` of the shop-closed message.
 */
export function openingText(opensAt: string | Date, locale: Locale, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof opensAt === "string" ? new Date(opensAt) : opensAt);
}
