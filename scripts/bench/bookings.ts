// Bookings at `/appointment` (issue 35): the bench store gets a one-hour service performed by 20
// resources open round the clock, and each request books a guest into one hour of one resource.
// `oneSlot`: 20 shoppers in a row ask for the same hour of the same resource, so one is booked and
// the others are told it was just taken (the exclusion constraint's refusal and the next free times
// it answers). `manySlots`: every request asks for an hour no other asks for.
import type { BookingCreateBody } from "@stoa/contract";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";

const RESOURCES = 20;
/** Shoppers asking for each contested hour. */
export const SHOPPERS_PER_SLOT = 20;
/** Days ahead the hours are spread over (the store books a year ahead). */
const DAYS = 300;
const HOUR = 60 * 60_000;

export type BookingLoad = { oneSlot: string[]; manySlots: string[] };

const names = (en: string) => JSON.stringify({ en, ar: en, he: en });

function bookingBody(serviceId: number, resourceId: number, startsAt: Date, n: number): string {
  const body: BookingCreateBody = {
    serviceId,
    resourceId,
    startsAt: startsAt.toISOString(),
    name: `Bench Shopper ${n}`,
    phone: "555 0100",
    email: `bench.booker${n}@example.com`,
  };
  return JSON.stringify(body);
}

/** The service and resources (made once, kept across runs), every booking of earlier runs cancelled. */
export async function prepareBookings(
  handle: DatabaseHandle,
  storeId: number,
  note: (line: string) => void,
): Promise<BookingLoad> {
  await handle.query(
    `INSERT INTO booking_settings (store_id, lead_minutes, horizon_days, slot_step_minutes)
     VALUES ($1, 0, 365, 60) ON CONFLICT (store_id) DO UPDATE SET lead_minutes = 0, horizon_days = 365, slot_step_minutes = 60`,
    [storeId],
  );
  let [service] = await handle.query<{ id: number }>(
    `SELECT id FROM booking_services WHERE store_id = $1 AND name_localizations->>'en' = 'Bench fitting'`,
    [storeId],
  );
  if (!service) {
    [service] = await handle.query<{ id: number }>(
      `INSERT INTO booking_services (store_id, name_localizations, duration_minutes) VALUES ($1, $2, 60) RETURNING id`,
      [storeId, names("Bench fitting")],
    );
  }
  const serviceId = (service as { id: number }).id;
  const hours = JSON.stringify(
    Array.from({ length: 7 }, (_, weekday) => ({ weekday, opens: 0, closes: 24 * 60 })),
  );
  await handle.query(
    `INSERT INTO booking_resources (store_id, name_localizations, hours)
     SELECT $1::int, jsonb_build_object('en', 'Bench bay ' || g, 'ar', 'Bench bay ' || g, 'he', 'Bench bay ' || g), $2::jsonb
       FROM generate_series(
         (SELECT count(*) FROM booking_resources WHERE store_id = $1::int)::int + 1, $3::int) g`,
    [storeId, hours, RESOURCES],
  );
  const resources = (
    await handle.query<{ id: number }>(
      "SELECT id FROM booking_resources WHERE store_id = $1 ORDER BY id LIMIT $2",
      [storeId, RESOURCES],
    )
  ).map((r) => r.id);
  await handle.query(
    `INSERT INTO booking_resource_services (store_id, resource_id, service_id)
     SELECT $1::int, r, $2::int FROM unnest($3::int[]) r ON CONFLICT DO NOTHING`,
    [storeId, serviceId, resources],
  );
  await handle.query(
    `UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'staff', cancel_reason = 'bench'
      WHERE store_id = $1 AND status IN ('pending', 'confirmed', 'arrived')`,
    [storeId],
  );
  // Whole hours from tomorrow on, as the resources' hours lay them out (UTC or not, a whole hour is one).
  const first = Math.ceil((Date.now() + 24 * HOUR) / HOUR) * HOUR;
  const slots = DAYS * 24;
  const oneSlot = Array.from({ length: slots * SHOPPERS_PER_SLOT }, (_, n) =>
    bookingBody(
      serviceId,
      resources[0] as number,
      new Date(first + Math.floor(n / SHOPPERS_PER_SLOT) * HOUR),
      n,
    ),
  );
  const manySlots = Array.from({ length: slots * (RESOURCES - 1) }, (_, n) =>
    bookingBody(
      serviceId,
      resources[1 + (n % (RESOURCES - 1))] as number,
      new Date(first + Math.floor(n / (RESOURCES - 1)) * HOUR),
      n,
    ),
  );
  note(`bookings: ${resources.length} resources, ${slots} hours each over ${DAYS} days`);
  return { oneSlot, manySlots };
}
