import { isLocale, type Locale, localized } from "@stoa/contract";
import { enqueueComposed } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";

/*
 * What a shopper is told about a reservation or booking staff handled, the reminder the day before,
 * and a waitlist's offer: by email when they left one, else by SMS. Times are written in the shop's
 * zone, named, since the shopper may read it elsewhere.
 */

export type AppointmentNotice =
  | { kind: "reminder"; code: string; what: string; startsAt: Date; link: string | null }
  | { kind: "moved"; code: string; what: string; startsAt: Date }
  | { kind: "cancelled"; code: string; what: string; startsAt: Date; reason: string }
  | { kind: "waitlistOffer"; what: string; startsAt: Date; party: number; link: string; holdMinutes: number }
  | { kind: "waitlistBooked"; code: string; what: string; startsAt: Date; link: string };

type Texts = {
  reminderSubject: (store: string) => string;
  reminder: (what: string, when: string, code: string) => string;
  manage: (link: string) => string;
  movedSubject: (store: string, code: string) => string;
  moved: (what: string, when: string, code: string) => string;
  cancelledSubject: (store: string, code: string) => string;
  cancelled: (what: string, when: string, code: string, reason: string) => string;
  offerSubject: (store: string) => string;
  offer: (what: string, when: string, party: number, minutes: number, link: string) => string;
  bookedSubject: (store: string, code: string) => string;
  booked: (what: string, when: string, code: string, link: string) => string;
  call: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    reminderSubject: (store) => `${store}: see you tomorrow`,
    reminder: (what, when, code) => `A reminder of your ${what} on ${when} (code ${code}).`,
    manage: (link) => `To see or cancel it: ${link}`,
    movedSubject: (store, code) => `${store}: ${code} was moved`,
    moved: (what, when, code) => `The shop moved your ${what} (code ${code}) to ${when}.`,
    cancelledSubject: (store, code) => `${store}: ${code} was cancelled`,
    cancelled: (what, when, code, reason) =>
      `The shop cancelled your ${what} on ${when} (code ${code}). Reason: ${reason}`,
    offerSubject: (store) => `${store}: a place is free for you`,
    offer: (what, when, party, minutes, link) =>
      `A place for ${party} freed up at ${what} on ${when}. It is held for you for ${minutes} minutes: ${link}`,
    bookedSubject: (store, code) => `${store}: your reservation ${code}`,
    booked: (what, when, code, link) =>
      `Your ${what} on ${when} is confirmed (code ${code}). To see or cancel it: ${link}`,
    call: "Questions? Call the shop.",
  },
  ar: {
    reminderSubject: (store) => `${store}: نراك غدًا`,
    reminder: (what, when, code) => `تذكير بموعد ${what} في ${when} (الرمز ${code}).`,
    manage: (link) => `لعرضه أو إلغائه: ${link}`,
    movedSubject: (store, code) => `${store}: نُقل ${code}`,
    moved: (what, when, code) => `نقل المتجر موعد ${what} (الرمز ${code}) إلى ${when}.`,
    cancelledSubject: (store, code) => `${store}: أُلغي ${code}`,
    cancelled: (what, when, code, reason) =>
      `ألغى المتجر موعد ${what} في ${when} (الرمز ${code}). السبب: ${reason}`,
    offerSubject: (store) => `${store}: تحرّر مكان لك`,
    offer: (what, when, party, minutes, link) =>
      `تحرّر مكان لـ ${party} في ${what} يوم ${when}. نحجزه لك ${minutes} دقيقة: ${link}`,
    bookedSubject: (store, code) => `${store}: حجزك ${code}`,
    booked: (what, when, code, link) =>
      `تأكّد حجز ${what} في ${when} (الرمز ${code}). لعرضه أو إلغائه: ${link}`,
    call: "أسئلة؟ اتصل بالمتجر.",
  },
  he: {
    reminderSubject: (store) => `${store}: נתראה מחר`,
    reminder: (what, when, code) => `תזכורת: ${what} ב-${when} (קוד ${code}).`,
    manage: (link) => `לצפייה או לביטול: ${link}`,
    movedSubject: (store, code) => `${store}: ${code} הועבר`,
    moved: (what, when, code) => `החנות העבירה את ${what} (קוד ${code}) ל-${when}.`,
    cancelledSubject: (store, code) => `${store}: ${code} בוטל`,
    cancelled: (what, when, code, reason) =>
      `החנות ביטלה את ${what} ב-${when} (קוד ${code}). הסיבה: ${reason}`,
    offerSubject: (store) => `${store}: התפנה לך מקום`,
    offer: (what, when, party, minutes, link) =>
      `התפנה מקום ל-${party} ב-${what} ב-${when}. הוא שמור לך ${minutes} דקות: ${link}`,
    bookedSubject: (store, code) => `${store}: ההזמנה שלך ${code}`,
    booked: (what, when, code, link) => `${what} ב-${when} אושר (קוד ${code}). לצפייה או לביטול: ${link}`,
    call: "שאלות? התקשרו לחנות.",
  },
};

/** A start written on the shop's clock, its zone named. */
export function shopTime(instant: Date, locale: Locale, timezone: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    dateStyle: "full",
    timeStyle: "short",
  })
    .format(instant)
    .concat(` (${timezone})`);
}

function compose(notice: AppointmentNotice, locale: Locale, storeName: string, timezone: string) {
  const t = TEXTS[locale];
  const when = shopTime(notice.startsAt, locale, timezone);
  switch (notice.kind) {
    case "reminder":
      return {
        subject: t.reminderSubject(storeName),
        body: [
          t.reminder(notice.what, when, notice.code),
          ...(notice.link ? [t.manage(notice.link)] : []),
          t.call,
        ].join("\n"),
      };
    case "moved":
      return {
        subject: t.movedSubject(storeName, notice.code),
        body: `${t.moved(notice.what, when, notice.code)}\n${t.call}`,
      };
    case "cancelled":
      return {
        subject: t.cancelledSubject(storeName, notice.code),
        body: `${t.cancelled(notice.what, when, notice.code, notice.reason)}\n${t.call}`,
      };
    case "waitlistOffer":
      return {
        subject: t.offerSubject(storeName),
        body: t.offer(notice.what, when, notice.party, notice.holdMinutes, notice.link),
      };
    case "waitlistBooked":
      return {
        subject: t.bookedSubject(storeName, notice.code),
        body: t.booked(notice.what, when, notice.code, notice.link),
      };
  }
}

/** Who a notice goes to: an email when they left one, else their phone. */
export type NoticeRecipient = { email: string; phone: string; language: string };

/** Queues the notice in the transaction that caused it; nothing when the shopper left no address. */
export async function tellShopper(
  db: Database,
  store: StoreRow,
  timezone: string,
  to: NoticeRecipient,
  notice: AppointmentNotice,
): Promise<void> {
  const channel = to.email ? "email" : to.phone ? "sms" : null;
  if (!channel) return;
  const locale: Locale = isLocale(to.language) ? to.language : "en";
  const { subject, body } = compose(notice, locale, localized(store.nameLocalizations, locale), timezone);
  await enqueueComposed(db, store.id, {
    channel,
    recipient: channel === "email" ? to.email : to.phone,
    subject: channel === "sms" ? "" : subject,
    body,
    // Typed by the shopper and never proved theirs: the outbox's hourly allowance guards it.
    unverifiedRecipient: true,
  });
}
