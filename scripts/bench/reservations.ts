// Reservations at the bench store (issue 35): a dinner service is opened for every half hour of the
// day, and each reserve request is a party of its own. One load contests a single slot (every
// request takes the same day's lock); the other spreads over 30 days' slots.
import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";

/** Distinct reservations per load: a party is made once per request, never answered again. */
const RESERVATIONS_PER_LOAD = 20_000;
/** Days the many-slots load spreads over. */
export const SLOT_DAYS = 30;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type ReservationLoad = { oneSlot: string[]; manySlots: string[] };

/** The local date of an instant in a zone. */
function localDate(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/**
 * Opens the bench service (every day, a slot each half hour, a 30-minute stay, a capacity no run
 * fills: the load measures taking seats under the lock, not refusals) and writes the loads' bodies.
 */
export async function prepareReservations(
  handle: DatabaseHandle,
  storeId: number,
  note: (line: string) => void,
): Promise<ReservationLoad> {
  await handle.query(
    `INSERT INTO booking_settings (store_id, lead_minutes, horizon_days) VALUES ($1, 0, 365)
     ON CONFLICT (store_id) DO UPDATE SET lead_minutes = 0, horizon_days = 365`,
    [storeId],
  );
  const [existing] = await handle.query<{ id: number }>(
    `SELECT id FROM reservation_services WHERE store_id = $1 AND name_localizations->>'en' = 'Bench dinner'`,
    [storeId],
  );
  const serviceId =
    existing?.id ??
    (
      await handle.query<{ id: number }>(
        `INSERT INTO reservation_services (store_id, name_localizations, weekdays, first_slot, last_slot,
           slot_every_minutes, stay_minutes, capacity, party_min, party_max)
         VALUES ($1, '{"en":"Bench dinner"}', '{0,1,2,3,4,5,6}', 0, 1410, 30, 30, 1000000000, 1, 10)
         RETURNING id`,
        [storeId],
      )
    )[0]?.id;
  const [zone] = await handle.query<{ timezone: string }>(
    "SELECT timezone FROM delivery_settings WHERE store_id = $1",
    [storeId],
  );
  const timezone = zone?.timezone ?? "UTC";
  // Slots fall on the half hours of every zone with whole- or half-hour offsets.
  const firstSlot = new Date(Math.ceil((Date.now() + 2 * DAY) / (30 * MINUTE)) * 30 * MINUTE);
  const run = randomBytes(6).toString("base64url");
  const body = (n: number, start: Date, load: string) =>
    JSON.stringify({
      serviceId,
      date: localDate(start, timezone),
      start: start.toISOString(),
      partySize: (n % 4) + 1,
      name: `Bench party ${n}`,
      phone: "5550100",
      email: `bench-${run}-${load}-${n}@example.com`,
    });
  const oneSlot = Array.from({ length: RESERVATIONS_PER_LOAD }, (_, n) => body(n, firstSlot, "one"));
  const manySlots = Array.from({ length: RESERVATIONS_PER_LOAD }, (_, n) =>
    body(n, new Date(firstSlot.getTime() + (n % (SLOT_DAYS * 48)) * 30 * MINUTE), "many"),
  );
  note(`reservations: service ${serviceId} in ${timezone}, ${RESERVATIONS_PER_LOAD} parties per load`);
  return { oneSlot, manySlots };
}
