import { roleMay, STAFF_SESSION_SECONDS, type StaffPermission, type StaffSession } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { newToken, sha256 } from "../auth/crypto.ts";
import { checkPassword } from "../auth/passwords.ts";
import { giveBack, guardedSignIn, THROTTLES, throttle } from "../auth/throttle.ts";
import { DELETE_BATCH, deleteInBatches, secondsAgo } from "../platform/db/batches.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type StaffMemberRow, type StaffSessionRow, staffMembers, staffSessions } from "./tables.ts";

export type StaffAccount = { member: StaffMemberRow; session: StaffSessionRow };

export function staffMemberOf(member: StaffMemberRow) {
  return { id: member.id, email: member.email, name: member.name, role: member.role };
}

/** Opens a session for a member who proved who they are (a password, or an invitation link followed). */
export async function openStaffSession(db: Database, member: StaffMemberRow): Promise<StaffSession> {
  const token = newToken();
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    storeId: member.storeId,
    staffId: member.id,
    expiresAt: sql`now() + make_interval(secs => ${STAFF_SESSION_SECONDS})`,
  });
  await db
    .update(staffMembers)
    .set({ lastSignInAt: sql`now()` })
    .where(and(eq(staffMembers.storeId, member.storeId), eq(staffMembers.id, member.id)));
  return { token, staff: staffMemberOf(member) };
}

/** Ends every session of a member: signed out everywhere, disabled, or their password reset. */
export async function endStaffSessions(db: Database, storeId: number, staffId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.storeId, storeId),
        eq(staffSessions.staffId, staffId),
        sql`${staffSessions.revokedAt} IS NULL`,
      ),
    );
}

/**
 * Signs a member of the store's staff in. Throttled and backed off per address and account as
 * customers' sign-ins are (decision 014); an unknown email costs as long as a wrong password.
 */
export async function staffLogin(
  db: Database,
  ctx: RequestContext,
  email: string,
  password: string,
): Promise<StaffSession> {
  await throttle(db, `staff-login:ip:${ctx.caller.ip}`, THROTTLES.loginPerIp);
  const member = await guardedSignIn(db, `staff-login:${ctx.store.id}:${email}`, ctx.caller.ip, async () => {
    const [found] = await db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.storeId, ctx.store.id), eq(staffMembers.email, email)));
    // A disabled account answers as a wrong password does: the address learns nothing more.
    return (await checkPassword(found?.passwordHash, password)) && found && !found.disabledAt ? found : null;
  });
  if (!member) throw new ApiError("INVALID_CREDENTIALS");
  await giveBack(db, `staff-login:ip:${ctx.caller.ip}`);
  return openStaffSession(db, member);
}

/**
 * The staff member behind the bearer token: 401 without a token, 403 for another store's, 104 for
 * an unknown, expired or revoked one (a shopper's token is unknown here) or a disabled member's,
 * and 3001 when the call needs a permission the member's role does not give.
 */
export async function authenticateStaff(
  db: Database,
  ctx: RequestContext,
  permission?: StaffPermission,
): Promise<StaffAccount> {
  const token = ctx.caller.bearerToken;
  if (!token) throw new ApiError("UNAUTHORIZED");
  const [found] = await db
    .select({
      session: staffSessions,
      member: staffMembers,
      live: sql<boolean>`${staffSessions.expiresAt} > now()`,
    })
    .from(staffSessions)
    .innerJoin(
      staffMembers,
      and(eq(staffMembers.storeId, staffSessions.storeId), eq(staffMembers.id, staffSessions.staffId)),
    )
    .where(eq(staffSessions.tokenHash, sha256(token)))
    .limit(1);
  if (!found || found.session.revokedAt || !found.live || found.member.disabledAt)
    throw new ApiError("INVALID_SESSION");
  if (found.session.storeId !== ctx.store.id) throw new ApiError("FORBIDDEN");
  if (permission && !roleMay(found.member.role, permission)) throw new ApiError("STAFF_ROLE_FORBIDDEN");
  return { member: found.member, session: found.session };
}

export async function staffLogout(db: Database, { session }: StaffAccount): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(staffSessions.tokenHash, session.tokenHash));
}

/** Removes staff sessions that expired or were revoked more than `keptSeconds` ago. */
export function sweepEndedStaffSessions(db: Database, keptSeconds: number): Promise<number> {
  const ended = secondsAgo(keptSeconds);
  return deleteInBatches(
    db,
    () => sql`DELETE FROM staff_sessions WHERE token_hash IN (
      SELECT token_hash FROM staff_sessions WHERE expires_at <= ${ended}
      UNION
      SELECT token_hash FROM staff_sessions WHERE revoked_at IS NOT NULL AND revoked_at <= ${ended}
      LIMIT ${DELETE_BATCH}) RETURNING 1`,
  );
}
