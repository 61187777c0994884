import { AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS, IN_STORE_TOKEN_MAX_AGE_SECONDS } from "@stoa/contract";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { type CustomerRow, customers } from "../customers/tables.ts";
import { DELETE_BATCH, deleteInBatches, secondsAgo } from "../platform/db/batches.ts";
import type { Database } from "../platform/db/database.ts";
import { preparedPerDatabase, rowFromJson } from "../platform/db/statements.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { newToken, sha256 } from "./crypto.ts";
import { type SessionRow, sessions } from "./tables.ts";

export type SessionKind = SessionRow["kind"];
export type Account = { customer: CustomerRow; session: SessionRow };

/** Lifetimes of spec §9 (docs/decisions/004-tokens.md). */
const LIFETIME_SECONDS: Record<SessionKind, number> = {
  customer: AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS,
  guest: AUTH_TOKEN_COOKIE_MAX_AGE_SECONDS,
  in_store: IN_STORE_TOKEN_MAX_AGE_SECONDS,
};

/** Opens a session and returns its token; only the token's hash is stored. */
export async function openSession(db: Database, customer: CustomerRow, kind: SessionKind): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    storeId: customer.storeId,
    customerId: customer.id,
    kind,
    expiresAt: sql`now() + make_interval(secs => ${LIFETIME_SECONDS[kind]})`,
  });
  return token;
}

/**
 * A customer who registered by email and has opened neither the emailed link nor proved a phone:
 * until then the account may only ask for the link again or sign out (spec §6).
 */
export function awaitsEmailVerification(customer: CustomerRow): boolean {
  return (
    customer.kind === "customer" && !!customer.email && !customer.emailVerifiedAt && !customer.phoneVerifiedAt
  );
}

/*
 * The one read of another module's table outside its service: every signed-in call pays for this
 * lookup (`npm run bench`, "API current user"), so the session and its customer come in one
 * indexed statement rather than two round trips through customers/service, built once per
 * database and prepared, as the store's lookup is (stores/service.ts).
 */
const sessionByToken = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, customer: customers, live: sql<boolean>`${sessions.expiresAt} > now()` })
    .from(sessions)
    .innerJoin(customers, and(eq(customers.storeId, sessions.storeId), eq(customers.id, sessions.customerId)))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("session_by_token"),
);

type Found = { session: SessionRow; customer: CustomerRow; live: boolean };

/**
 * The checks of a session found by its token: code 104 for an unknown, expired or revoked session,
 * 403 for a token another store issued, 409 for an unverified email unless the call is one such a
 * customer may make.
 */
function accountOf(
  found: Found | undefined,
  storeId: number,
  { unverifiedMayCall = false }: { unverifiedMayCall?: boolean },
): Account {
  if (!found || found.session.revokedAt || !found.live) throw new ApiError("INVALID_SESSION");
  if (found.session.storeId !== storeId) throw new ApiError("FORBIDDEN");
  // Blocking ends a customer's sessions; this refuses any that slipped past (decision 060).
  if (found.customer.blockedAt || found.customer.erasedAt) throw new ApiError("CUSTOMER_BLOCKED");
  if (!unverifiedMayCall && awaitsEmailVerification(found.customer)) throw new ApiError("EMAIL_NOT_VERIFIED");
  return { customer: found.customer, session: found.session };
}

/**
 * The caller behind the bearer token: 401 without a token, else the checks of `accountOf`.
 */
export async function authenticate(
  db: Database,
  ctx: RequestContext,
  options: { unverifiedMayCall?: boolean } = {},
): Promise<Account> {
  const token = ctx.caller.bearerToken;
  if (!token) throw new ApiError("UNAUTHORIZED");
  const [found] = await sessionByToken(db).execute({ tokenHash: sha256(token) });
  return accountOf(found, ctx.store.id, options);
}

/*
 * A call whose first statement reads other things can sign its caller in with the same round trip
 * (pricing/checkout-reads.ts): on the order's path a round trip costs the API and the database
 * more than the lookup itself (docs/benchmarks.md, 2026-11-26). The statement selects
 * `sessionLookupSelect` as one JSON value; `signedInBy` makes the same checks as `authenticate`.
 */

/** A caller with a bearer token, not looked up yet: the hash its session is stored under. */
export type SigningIn = { tokenHash: string; storeId: number };

/** The caller of a call that signs in alongside its first read: 401 at once without a token. */
export function signingIn(ctx: RequestContext): SigningIn {
  const token = ctx.caller.bearerToken;
  if (!token) throw new ApiError("UNAUTHORIZED");
  return { tokenHash: sha256(token), storeId: ctx.store.id };
}

/**
 * The session of a token hash (a statement's placeholder) with its customer, as one JSON value;
 * `customer_id` is there for the statement's other parts to join on.
 */
export const sessionLookupSelect = (tokenHash: string) =>
  `SELECT json_build_object('session', row_to_json(s), 'customer', row_to_json(c), 'live', s.expires_at > now()) AS found,
     c.id AS customer_id, c.kind AS customer_kind
   FROM sessions s JOIN customers c ON c.store_id = s.store_id AND c.id = s.customer_id
   WHERE s.token_hash = ${tokenHash} LIMIT 1`;

type FoundJson = { session: Record<string, unknown>; customer: Record<string, unknown>; live: boolean };

/** The account a `sessionLookupSelect` found (null when none), checked as `authenticate` checks it. */
export function signedInBy(found: FoundJson | null | undefined, caller: SigningIn): Account {
  return accountOf(
    found
      ? {
          session: rowFromJson(sessions, found.session),
          customer: rowFromJson(customers, found.customer),
          live: found.live,
        }
      : undefined,
    caller.storeId,
    {},
  );
}

export async function revokeSession(db: Database, session: SessionRow): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.tokenHash, session.tokenHash));
}

/** Ends every session of a customer, but the one given (a password change keeps its own session). */
export async function revokeAllSessions(
  db: Database,
  customer: CustomerRow,
  except?: SessionRow,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.storeId, customer.storeId),
        eq(sessions.customerId, customer.id),
        isNull(sessions.revokedAt),
        except ? ne(sessions.tokenHash, except.tokenHash) : undefined,
      ),
    );
}

/** Removes sessions that expired or were revoked more than `keptSeconds` ago. */
export function sweepEndedSessions(db: Database, keptSeconds: number): Promise<number> {
  const ended = secondsAgo(keptSeconds);
  return deleteInBatches(
    db,
    () => sql`DELETE FROM sessions WHERE token_hash IN (
      SELECT token_hash FROM sessions WHERE expires_at <= ${ended}
      UNION
      SELECT token_hash FROM sessions WHERE revoked_at IS NOT NULL AND revoked_at <= ${ended}
      LIMIT ${DELETE_BATCH}) RETURNING 1`,
  );
}

/** Deletes every session of a customer (an erasure: nothing of theirs signs in again). */
export async function deleteCustomerSessions(
  db: Database,
  storeId: number,
  customerId: number,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.storeId, storeId), eq(sessions.customerId, customerId)));
}
