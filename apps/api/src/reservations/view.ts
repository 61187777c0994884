import { type Locale, localized, type Reservation } from "@stoa/contract";
import type { BookingRules } from "../bookings/settings.ts";
import type { StoreRow } from "../stores/tables.ts";
import { localTimeOf, MINUTE } from "./calendar.ts";
import type { ReservationRow, ReservationServiceRow } from "./tables.ts";

/** Until when a reservation can be cancelled online: the shop's window before its start. */
export const cancelUntil = (
  row: Pick<ReservationRow, "startsAt">,
  rules: Pick<BookingRules, "cancelWindowMinutes">,
) => new Date(row.startsAt.getTime() - rules.cancelWindowMinutes * MINUTE);

/** A reservation as its guest sees it, in their language, its times on the shop's clock. */
export function reservationAnswer(
  row: ReservationRow,
  service: Pick<ReservationServiceRow, "nameLocalizations">,
  store: Pick<StoreRow, "nameLocalizations">,
  rules: BookingRules,
  locale: Locale,
  now: Date,
): Reservation {
  const until = cancelUntil(row, rules);
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    source: row.source,
    serviceId: row.serviceId,
    serviceName: localized(service.nameLocalizations, locale),
    storeName: localized(store.nameLocalizations, locale),
    partySize: row.partySize,
    date: row.day,
    localTime: localTimeOf(row.startsAt, rules.timezone),
    timezone: rules.timezone,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    name: row.name,
    phone: row.phone,
    email: row.email,
    note: row.note,
    cancellable: row.status === "confirmed" && now.getTime() < until.getTime(),
    cancelUntil: until.toISOString(),
  };
}
