import type { Database } from "../platform/db/database.ts";

/** Reservable services of the demo shops (issue 35): the restaurant takes dinner and lunch reservations. */
export async function seedReservations(_db: Database): Promise<void> {}
