import { hashPassword } from "../auth/passwords.ts";
import type { Database } from "../platform/db/database.ts";
import { staffMembers } from "../staff/tables.ts";
import { CATALOGUES } from "./catalogues/index.ts";

/**
 * The demo stores' staff account, one per store, documented in the README and on the API's docs
 * page: every demo store answers the same email and password, each with an account of its own.
 */
export const DEMO_STAFF = {
  email: "staff@stoa.test",
  password: "stoa-staff-demo",
  name: "Demo staff",
} as const;

/** Creates each demo store's staff account once; an existing one (and its password) is left as it is. */
export async function seedDemoStaff(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF.password);
  await db
    .insert(staffMembers)
    .values(
      CATALOGUES.map((catalogue) => ({
        storeId: catalogue.store.id,
        email: DEMO_STAFF.email,
        name: DEMO_STAFF.name,
        // The newcomer who opens the console after `npm start` may see and try everything.
        role: "owner" as const,
        passwordHash,
      })),
    )
    .onConflictDoNothing({ target: [staffMembers.storeId, staffMembers.email] });
}
