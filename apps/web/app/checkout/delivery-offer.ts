import type {
  DeliveryOptions,
  DeliverySchedule,
  DeliveryType,
  DeliveryWindowRef,
  Locale,
} from "@stoa/contract";

/**
 * What the delivery step of a shop offers: its delivery types, postal options and pickup points,
 * its delivery windows (or the times a delivery may be asked for) and its pickup times.
 */
export type DeliveryOffering = {
  options: DeliveryOptions;
  schedule: DeliverySchedule;
  pickupTimes: DeliverySchedule;
};

/** The times the shopper may choose from for this way of getting the order; none for a parcel or a download. */
export function timesFor(offering: DeliveryOffering, type: DeliveryType): DeliverySchedule | null {
  if (type === "delivery") return offering.schedule;
  if (type === "pickup") return offering.pickupTimes;
  return null;
}

/** The delivery types a standard checkout shows, in the shop's order; digital goods have their own checkout. */
/** The ways a checkout's goods leave the shop: not downloads, and never `table` (a tab's bill). */
export type ShippedType = Exclude<DeliveryType, "digital" | "table">;

export function shippedTypesOf(options: Pick<DeliveryOptions, "deliveryTypes">): ShippedType[] {
  return options.deliveryTypes.filter((type): type is ShippedType => type !== "digital" && type !== "table");
}

/** A calendar day of the shop ("2030-01-14", the shop's own date) as the shopper reads it: "Mon, 14 Jan". */
export function dayLabel(date: string, locale: Locale): string {
  // Noon UTC of that date is the same calendar day in every time zone a shop may be in.
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A window's times in the shop's time zone, as the language writes a range: "10:00 – 11:00 AM". */
export function windowTimes(window: DeliveryWindowRef, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone }).formatRange(
    new Date(window.start),
    new Date(window.end),
  );
}

/** A chosen window with its day: "Mon, Jan 14, 10:00 – 11:00 AM", all in the shop's time zone. */
export function windowLabel(window: DeliveryWindowRef, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).formatRange(new Date(window.start), new Date(window.end));
}

/** Whether the chosen window is still one the shop offers and can take. */
export function windowStillOpen(schedule: DeliverySchedule, chosen: DeliveryWindowRef): boolean {
  return schedule.days.some((day) =>
    day.windows.some(
      (w) =>
        w.available &&
        Date.parse(w.start) === Date.parse(chosen.start) &&
        Date.parse(w.end) === Date.parse(chosen.end),
    ),
  );
}
