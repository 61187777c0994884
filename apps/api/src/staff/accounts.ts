import {
  type Locale,
  localized,
  messageText,
  permissionsOf,
  STAFF_INVITATION_DAYS,
  STAFF_INVITATION_PATH,
  type StaffAccountList,
  type StaffInvitation,
  type StaffInviteBody,
  type StaffMe,
  type StaffRole,
  type StaffSession,
  SUCCESS_KEYS,
} from "@stoa/contract";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { newToken, sha256 } from "../auth/crypto.ts";
import { hashPassword } from "../auth/passwords.ts";
import { THROTTLES, throttle } from "../auth/throttle.ts";
import { enqueueMessage } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { recordChange } from "./audit.ts";
import { endStaffSessions, openStaffSession, type StaffAccount } from "./sessions.ts";
import { type StaffMemberRow, staffInvitations, staffMembers } from "./tables.ts";

/** Who acts on the staff's accounts: a signed-in owner, or a command of the project (null). */
type Actor = StaffAccount | null;

/** Where the emailed link goes: the shop's own storefront, in the language the inviter used. */
export type ShopAddress = { store: StoreRow; storefrontOrigin: string; locale: Locale };

export function staffMe({ member }: StaffAccount): StaffMe {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    permissions: permissionsOf(member.role),
  };
}

const memberKey = (storeId: number, staffId: number) =>
  and(eq(staffMembers.storeId, storeId), eq(staffMembers.id, staffId));

export async function staffAccountList(db: Database, storeId: number): Promise<StaffAccountList> {
  const [members, invitations] = await Promise.all([
    db.select().from(staffMembers).where(eq(staffMembers.storeId, storeId)).orderBy(asc(staffMembers.id)),
    db
      .select()
      .from(staffInvitations)
      .where(
        and(
          eq(staffInvitations.storeId, storeId),
          eq(staffInvitations.kind, "invite"),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, sql`now()`),
        ),
      )
      .orderBy(asc(staffInvitations.createdAt)),
  ]);
  return {
    members: members.map((member) => ({
      id: member.id,
      email: member.email,
      name: member.name,
      role: member.role,
      disabled: member.disabledAt !== null,
      lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
      createdAt: member.createdAt.toISOString(),
    })),
    invitations: invitations.map((invitation) => ({
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}

/** Writes a link's hashed token and queues its email, in the caller's transaction; answers the link. */
async function sendLink(
  tx: Database,
  shop: ShopAddress,
  link: { kind: "invite" | "reset"; email: string; name: string; role: StaffRole; invitedBy: number | null },
): Promise<string> {
  const token = newToken();
  // A new link replaces any earlier one to the same address: only the latest works.
  await tx
    .update(staffInvitations)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.storeId, shop.store.id),
        eq(staffInvitations.email, link.email),
        isNull(staffInvitations.usedAt),
      ),
    );
  await tx.insert(staffInvitations).values({
    tokenHash: sha256(token),
    storeId: shop.store.id,
    ...link,
    expiresAt: sql`now() + make_interval(days => ${STAFF_INVITATION_DAYS})`,
  });
  const url = `${shop.storefrontOrigin}${STAFF_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
  await enqueueMessage(
    tx,
    shop.store,
    "email",
    link.email,
    { kind: "staffAccess", purpose: link.kind, name: link.name, role: link.role, link: url },
    shop.locale,
  );
  return url;
}

/**
 * Invites someone to the staff: an emailed link that sets their password and makes the account.
 * An address that already has an account is refused; inviting it again replaces the earlier link.
 * Answers the link as well, for the command that adds a shop to print.
 */
export async function inviteStaff(
  db: Database,
  shop: ShopAddress,
  actor: Actor,
  body: StaffInviteBody,
): Promise<string> {
  const email = body.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.storeId, shop.store.id), eq(staffMembers.email, email)));
    if (existing) throw new ApiError("STAFF_EMAIL_TAKEN", { email: "error-staff-email-taken" });
    const link = await sendLink(tx, shop, {
      kind: "invite",
      email,
      name: body.name,
      role: body.role,
      invitedBy: actor?.member.id ?? null,
    });
    await recordChange(tx, {
      storeId: shop.store.id,
      staffId: actor?.member.id ?? null,
      action: "staff.invite",
      subject: `invitation:${email}`,
      after: { email, name: body.name, role: body.role },
    });
    return link;
  });
}

/** The owners able to sign in, locked until the transaction ends so two changes cannot both remove the last. */
async function lockedActiveOwners(tx: Database, storeId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(
      and(eq(staffMembers.storeId, storeId), eq(staffMembers.role, "owner"), isNull(staffMembers.disabledAt)),
    )
    .for("update");
  return rows.map((row) => row.id);
}

/**
 * Changes a member's role, or disables (ending their sessions) or enables them. The shop always
 * keeps an owner who can sign in: a change that would leave none is refused.
 */
export async function updateStaffAccount(
  db: Database,
  storeId: number,
  actor: StaffAccount,
  change: { staffId: number; role?: StaffRole | undefined; disabled?: boolean | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await lockedActiveOwners(tx, storeId);
    const [member] = await tx
      .select()
      .from(staffMembers)
      .where(memberKey(storeId, change.staffId))
      .for("update");
    if (!member) throw new ApiError("NOT_FOUND");
    const role = change.role ?? member.role;
    const disabled = change.disabled ?? member.disabledAt !== null;
    const staysOwner = role === "owner" && !disabled;
    if (owners.includes(member.id) && !staysOwner && owners.length <= 1)
      throw new ApiError("STAFF_LAST_OWNER");
    const before = { role: member.role, disabled: member.disabledAt !== null };
    const after = { role, disabled };
    if (before.role === after.role && before.disabled === after.disabled) return;
    await tx
      .update(staffMembers)
      .set({
        role,
        disabledAt: disabled ? (member.disabledAt ?? sql`now()`) : null,
        updatedAt: sql`now()`,
      })
      .where(memberKey(storeId, member.id));
    if (disabled && !before.disabled) await endStaffSessions(tx, storeId, member.id);
    await recordChange(tx, {
      storeId,
      staffId: actor.member.id,
      action: "staff.update",
      subject: `staff:${member.id}`,
      before,
      after,
    });
  });
}

/** Emails a member a link that sets a new password, and ends their sessions everywhere. */
export async function resetStaffPassword(
  db: Database,
  shop: ShopAddress,
  actor: StaffAccount,
  staffId: number,
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(memberKey(shop.store.id, staffId));
    if (!member) throw new ApiError("NOT_FOUND");
    await sendLink(tx, shop, {
      kind: "reset",
      email: member.email,
      name: member.name,
      role: member.role,
      invitedBy: actor.member.id,
    });
    await endStaffSessions(tx, shop.store.id, member.id);
    await recordChange(tx, {
      storeId: shop.store.id,
      staffId: actor.member.id,
      action: "staff.resetPassword",
      subject: `staff:${member.id}`,
    });
  });
  return { message: messageText(SUCCESS_KEYS.staffLinkSent, shop.locale) };
}

const liveLink = (storeId: number, token: string) =>
  and(
    eq(staffInvitations.tokenHash, sha256(token)),
    eq(staffInvitations.storeId, storeId),
    isNull(staffInvitations.usedAt),
    gt(staffInvitations.expiresAt, sql`now()`),
  );

/** What a link is for; a wrong one counts against the address before it is refused. */
export async function staffInvitation(
  db: Database,
  store: StoreRow,
  locale: Locale,
  token: string,
  ip: string,
): Promise<StaffInvitation> {
  const [found] = await db.select().from(staffInvitations).where(liveLink(store.id, token));
  if (!found) {
    await throttle(db, `staff-invitation:ip:${ip}`, THROTTLES.verifyPerIp);
    throw new ApiError("STAFF_INVITATION_INVALID");
  }
  return {
    kind: found.kind,
    email: found.email,
    name: found.name,
    role: found.role,
    storeName: localized(store.nameLocalizations, locale),
  };
}

/**
 * Sets the password of a link, once: taking the link is one conditional update, so two presses
 * make one account. An invitation makes the account; a reset sets the member's new password. The
 * member is then signed in.
 */
export async function acceptStaffInvitation(
  db: Database,
  store: StoreRow,
  token: string,
  password: string,
  ip: string,
): Promise<StaffSession> {
  const passwordHash = await hashPassword(password);
  const member = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(staffInvitations)
      .set({ usedAt: sql`now()` })
      .where(liveLink(store.id, token))
      .returning();
    if (!link) return null;
    let joined: StaffMemberRow | undefined;
    if (link.kind === "invite") {
      [joined] = await tx
        .insert(staffMembers)
        .values({ storeId: store.id, email: link.email, name: link.name, role: link.role, passwordHash })
        .onConflictDoNothing({ target: [staffMembers.storeId, staffMembers.email] })
        .returning();
      if (!joined) throw new ApiError("STAFF_EMAIL_TAKEN");
    } else {
      [joined] = await tx
        .update(staffMembers)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(and(eq(staffMembers.storeId, store.id), eq(staffMembers.email, link.email)))
        .returning();
      if (!joined) return null;
      await endStaffSessions(tx, store.id, joined.id);
    }
    await recordChange(tx, {
      storeId: store.id,
      staffId: joined.id,
      action: link.kind === "invite" ? "staff.join" : "staff.passwordSet",
      subject: `staff:${joined.id}`,
      after: link.kind === "invite" ? { email: joined.email, role: joined.role } : null,
    });
    return joined;
  });
  if (!member) {
    await throttle(db, `staff-invitation:ip:${ip}`, THROTTLES.verifyPerIp);
    throw new ApiError("STAFF_INVITATION_INVALID");
  }
  return openStaffSession(db, member);
}

/** Signs the member out on every device. */
export async function staffLogoutEverywhere(db: Database, { member }: StaffAccount): Promise<void> {
  await endStaffSessions(db, member.storeId, member.id);
}
