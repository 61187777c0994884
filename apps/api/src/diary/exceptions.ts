import { bookingRulesOf } from "../bookings/settings.ts";
import { bookingExceptionsFrom } from "../bookings/staff-diary.ts";
import type { Database } from "../platform/db/database.ts";
import { localDateOf } from "../reservations/calendar.ts";
import { reservationExceptionsFrom } from "../reservations/staff-diary.ts";

/** The exceptions from today on (the shop's today): days services do not run, hours resources are away or open. */
export async function diaryExceptions(db: Database, storeId: number) {
  const { timezone } = await bookingRulesOf(db, storeId);
  const now = new Date();
  const [days, hours] = await Promise.all([
    reservationExceptionsFrom(db, storeId, localDateOf(now, timezone)),
    bookingExceptionsFrom(db, storeId, now),
  ]);
  return {
    timezone,
    exceptions: [
      ...days.map((e) => ({
        kind: "reservation" as const,
        id: e.id,
        serviceId: e.serviceId,
        day: e.day,
        capacity: e.capacity,
        reason: e.reason,
      })),
      ...hours.map((e) => ({
        kind: "booking" as const,
        id: e.id,
        resourceId: e.resourceId,
        type: e.kind,
        startsAt: e.startsAt.toISOString(),
        endsAt: e.endsAt.toISOString(),
        reason: e.reason,
      })),
    ],
  };
}
