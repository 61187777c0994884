import type { Locale } from "@stoa/contract";
import type { OutboxMessage } from "../notifications/outbox.ts";

/*
 * The guest's confirmation and cancellation emails of a reservation (issue 35), in the language it
 * was made in: the code to read out, the time on the shop's clock with its zone named, the manage
 * link and the calendar file's link.
 */

export type ReservationMessage = {
  kind: "confirmed" | "cancelled";
  storeName: string;
  serviceName: string;
  code: string;
  partySize: number;
  startsAt: Date;
  timezone: string;
  manageLink: string;
  calendarLink: string;
};

type Texts = {
  subject: (kind: ReservationMessage["kind"], store: string, code: string) => string;
  intro: (kind: ReservationMessage["kind"], service: string, party: number) => string;
  when: (time: string) => string;
  code: (code: string) => string;
  manage: (link: string) => string;
  calendar: (link: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (kind, store, code) =>
      kind === "confirmed"
        ? `${store}: your table is reserved (${code})`
        : `${store}: reservation ${code} cancelled`,
    intro: (kind, service, party) =>
      kind === "confirmed"
        ? `Your reservation for ${service}, ${party} ${party === 1 ? "guest" : "guests"}, is confirmed.`
        : `Your reservation for ${service}, ${party} ${party === 1 ? "guest" : "guests"}, is cancelled.`,
    when: (time) => `When: ${time}`,
    code: (code) => `Reservation code: ${code}`,
    manage: (link) => `See or cancel it: ${link}`,
    calendar: (link) => `Add to your calendar: ${link}`,
  },
  ar: {
    subject: (kind, store, code) =>
      kind === "confirmed" ? `${store}: تم حجز طاولتك (${code})` : `${store}: أُلغي الحجز ${code}`,
    intro: (kind, service, party) =>
      kind === "confirmed"
        ? `تم تأكيد حجزك لـ${service}، عدد الضيوف: ${party}.`
        : `أُلغي حجزك لـ${service}، عدد الضيوف: ${party}.`,
    when: (time) => `الموعد: ${time}`,
    code: (code) => `رمز الحجز: ${code}`,
    manage: (link) => `لعرض الحجز أو إلغائه: ${link}`,
    calendar: (link) => `أضفه إلى تقويمك: ${link}`,
  },
  he: {
    subject: (kind, store, code) =>
      kind === "confirmed" ? `${store}: השולחן שלך שמור (${code})` : `${store}: ההזמנה ${code} בוטלה`,
    intro: (kind, service, party) =>
      kind === "confirmed"
        ? `ההזמנה שלך ל${service}, מספר סועדים: ${party}, אושרה.`
        : `ההזמנה שלך ל${service}, מספר סועדים: ${party}, בוטלה.`,
    when: (time) => `מתי: ${time}`,
    code: (code) => `קוד הזמנה: ${code}`,
    manage: (link) => `לצפייה או לביטול: ${link}`,
    calendar: (link) => `הוספה ליומן: ${link}`,
  },
};

/** The start on the shop's clock in the guest's language, the zone named ("Friday, December 4 at 7:00 PM EST"). */
export function shopTime(startsAt: Date, timezone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    dateStyle: "full",
    timeStyle: "short",
  })
    .format(startsAt)
    .concat(` (${timezone})`);
}

/** The email of a reservation made or cancelled, to the address typed (not proved: the outbox caps those). */
export function reservationEmail(to: string, message: ReservationMessage, locale: Locale): OutboxMessage {
  const t = TEXTS[locale];
  const lines = [
    t.intro(message.kind, message.serviceName, message.partySize),
    t.when(shopTime(message.startsAt, message.timezone, locale)),
    t.code(message.code),
    ...(message.kind === "confirmed" ? [t.manage(message.manageLink), t.calendar(message.calendarLink)] : []),
  ];
  return {
    channel: "email",
    recipient: to,
    subject: t.subject(message.kind, message.storeName, message.code),
    body: lines.join("\n"),
    unverifiedRecipient: true,
  };
}
