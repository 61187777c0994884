import { type Locale, localized } from "@stoa/contract";
import { enqueueComposed } from "../notifications/outbox.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { BookingRow } from "./tables.ts";

/*
 * What a shopper is told of their booking: made, moved, cancelled. Each message carries the code,
 * the start in the shop's zone with the zone named, the manage link and the calendar file's link,
 * in the language the booking was made in. Composed here, queued through the outbox.
 */

export type BookingNews = "confirmed" | "moved" | "cancelled";

type Texts = {
  subject: Record<BookingNews, (store: string, code: string) => string>;
  intro: Record<BookingNews, (service: string, resource: string) => string>;
  when: (time: string, zone: string) => string;
  code: (code: string) => string;
  manage: (link: string) => string;
  calendar: (link: string) => string;
  refunded: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      confirmed: (store, code) => `${store}: your booking ${code} is confirmed`,
      moved: (store, code) => `${store}: your booking ${code} was moved`,
      cancelled: (store, code) => `${store}: your booking ${code} is cancelled`,
    },
    intro: {
      confirmed: (service, resource) => `Your booking of ${service} with ${resource} is confirmed.`,
      moved: (service, resource) => `Your booking of ${service} is now with ${resource} at a new time.`,
      cancelled: (service) => `Your booking of ${service} is cancelled.`,
    },
    when: (time, zone) => `When: ${time} (${zone} time)`,
    code: (code) => `Booking code: ${code}`,
    manage: (link) => `See, move or cancel it: ${link}`,
    calendar: (link) => `Add it to your calendar: ${link}`,
    refunded: "Your deposit is refunded to your card.",
  },
  ar: {
    subject: {
      confirmed: (store, code) => `${store}: تأكّد حجزك ${code}`,
      moved: (store, code) => `${store}: تغيّر موعد حجزك ${code}`,
      cancelled: (store, code) => `${store}: أُلغي حجزك ${code}`,
    },
    intro: {
      confirmed: (service, resource) => `تأكّد حجزك لـ${service} مع ${resource}.`,
      moved: (service, resource) => `صار حجزك لـ${service} مع ${resource} في موعد جديد.`,
      cancelled: (service) => `أُلغي حجزك لـ${service}.`,
    },
    when: (time, zone) => `الموعد: ${time} (بتوقيت ${zone})`,
    code: (code) => `رمز الحجز: ${code}`,
    manage: (link) => `لعرضه أو تغيير موعده أو إلغائه: ${link}`,
    calendar: (link) => `أضِفه إلى تقويمك: ${link}`,
    refunded: "أُعيد العربون إلى بطاقتك.",
  },
  he: {
    subject: {
      confirmed: (store, code) => `${store}: התור שלך ${code} אושר`,
      moved: (store, code) => `${store}: התור שלך ${code} הועבר`,
      cancelled: (store, code) => `${store}: התור שלך ${code} בוטל`,
    },
    intro: {
      confirmed: (service, resource) => `התור שלך ל${service} עם ${resource} אושר.`,
      moved: (service, resource) => `התור שלך ל${service} עבר ל${resource} בזמן חדש.`,
      cancelled: (service) => `התור שלך ל${service} בוטל.`,
    },
    when: (time, zone) => `מתי: ${time} (לפי שעון ${zone})`,
    code: (code) => `קוד התור: ${code}`,
    manage: (link) => `לצפייה, להעברה או לביטול: ${link}`,
    calendar: (link) => `להוספה ליומן: ${link}`,
    refunded: "המקדמה הוחזרה לכרטיס שלך.",
  },
};

const LOCALES: readonly string[] = ["en", "ar", "he"];
const localeOf = (language: string): Locale => (LOCALES.includes(language) ? (language as Locale) : "en");

/** The start as the shop's clock shows it, in the booking's language. */
export function localTimeText(startsAt: Date, timezone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(startsAt);
}

/** The manage page and the calendar file of a booking, on the storefront's origin. */
export function manageLinks(origin: string, token: string) {
  const manage = `${origin}/appointment/manage/${token}`;
  return { manage, calendar: `${manage}/calendar.ics` };
}

export type BookingNewsInput = {
  store: StoreRow;
  origin: string;
  timezone: string;
  token: string;
  booking: BookingRow;
  serviceName: (locale: Locale) => string;
  resourceName: (locale: Locale) => string;
  refunded?: boolean;
};

/** Queues the news of a booking to the address its shopper gave, inside the transaction that made it. */
export async function tellShopper(
  tx: Database | Tx,
  news: BookingNews,
  input: BookingNewsInput,
): Promise<void> {
  const { booking, store } = input;
  if (!booking.email) return;
  const locale = localeOf(booking.language);
  const t = TEXTS[locale];
  const links = manageLinks(input.origin, input.token);
  const storeName = localized(store.nameLocalizations, locale);
  const body = [
    t.intro[news](input.serviceName(locale), input.resourceName(locale)),
    t.when(localTimeText(booking.startsAt, input.timezone, locale), input.timezone),
    t.code(booking.code),
    ...(news === "cancelled" ? (input.refunded ? [t.refunded] : []) : [t.manage(links.manage)]),
    t.calendar(links.calendar),
  ].join("\n");
  await enqueueComposed(tx, store.id, {
    channel: "email",
    recipient: booking.email,
    subject: t.subject[news](storeName, booking.code),
    body,
    unverifiedRecipient: true,
  });
}
