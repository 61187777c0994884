import type { Database } from "../platform/db/database.ts";

/**
 * Bookable services and their resources in the demo shops (issue 35): tyre and part fitting on two
 * bays at the car-parts shop, design consultations with two designers at the furniture shop,
 * tastings at the caterer.
 */
export async function seedBookings(_db: Database): Promise<void> {}
