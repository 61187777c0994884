import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { staffMembers } from "./tables.ts";

/** Enough for a shop's team; a shop with a hundred accounts does not send a hundred emails a message. */
const NOTIFIED_STAFF_LIMIT = 10;

/**
 * Where the shop hears what shoppers send it (contact messages): its staff's email addresses,
 * longest-standing accounts first. A store has no address of its own; its staff are who read its mail.
 */
export async function staffAddresses(db: Database, storeId: number): Promise<string[]> {
  const rows = await db
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(eq(staffMembers.storeId, storeId))
    .orderBy(asc(staffMembers.id))
    .limit(NOTIFIED_STAFF_LIMIT);
  return rows.map((row) => row.email);
}

/** Members' names by id, for lists that say who did something. */
export async function staffNames(db: Database, storeId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: staffMembers.id, name: staffMembers.name })
    .from(staffMembers)
    .where(and(eq(staffMembers.storeId, storeId), inArray(staffMembers.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
