import { DEFAULT_BOOKING_SETTINGS } from "@stoa/contract";
import { eq } from "drizzle-orm";
import { deliverySettingsOf } from "../delivery/service.ts";
import type { Database } from "../platform/db/database.ts";
import { bookingSettings } from "./tables.ts";

/** The shop's rules for reservations and bookings, with the IANA zone its hours are kept in. */
export type BookingRules = {
  leadMinutes: number;
  horizonDays: number;
  cancelWindowMinutes: number;
  reminders: boolean;
  waitlistHoldMinutes: number;
  slotStepMinutes: number;
  /** The shop's own zone (its delivery settings'), where every weekday, hour and local date is read. */
  timezone: string;
};

/** A store without a settings row books by DEFAULT_BOOKING_SETTINGS: a lead time of hours, never none. */
export async function bookingRulesOf(db: Database, storeId: number): Promise<BookingRules> {
  const [[row], { timezone }] = await Promise.all([
    db.select().from(bookingSettings).where(eq(bookingSettings.storeId, storeId)),
    deliverySettingsOf(db, storeId),
  ]);
  return {
    leadMinutes: row?.leadMinutes ?? DEFAULT_BOOKING_SETTINGS.leadMinutes,
    horizonDays: row?.horizonDays ?? DEFAULT_BOOKING_SETTINGS.horizonDays,
    cancelWindowMinutes: row?.cancelWindowMinutes ?? DEFAULT_BOOKING_SETTINGS.cancelWindowMinutes,
    reminders: row?.reminders ?? DEFAULT_BOOKING_SETTINGS.reminders,
    waitlistHoldMinutes: row?.waitlistHoldMinutes ?? DEFAULT_BOOKING_SETTINGS.waitlistHoldMinutes,
    slotStepMinutes: row?.slotStepMinutes ?? DEFAULT_BOOKING_SETTINGS.slotStepMinutes,
    timezone,
  };
}
