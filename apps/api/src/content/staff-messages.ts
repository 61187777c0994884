import {
  type ContactMessageState,
  type Locale,
  messageText,
  type PaginationQuery,
  paginate,
  type StaffContactMessage,
  SUCCESS_KEYS,
} from "@stoa/contract";
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { contactMessages, newsletterSubscriptions } from "./tables.ts";

type ContactRow = typeof contactMessages.$inferSelect;

const answerOf = (row: ContactRow): StaffContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  locale: row.locale,
  customerId: row.customerId,
  receivedAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

/** Nobody has opened it: what the badge counts (an answered message was read by whoever answered). */
const UNREAD = and(isNull(contactMessages.answeredAt), isNull(contactMessages.readAt));

const IN_STATE: Record<ContactMessageState, SQL | undefined> = {
  unread: UNREAD,
  read: and(isNull(contactMessages.answeredAt), isNotNull(contactMessages.readAt)),
  answered: isNotNull(contactMessages.answeredAt),
};

/**
 * The shop's contact messages, newest first; `open` keeps those not answered yet, `state` those
 * unread, read (not answered) or answered.
 */
export async function staffContactMessages(
  db: Database,
  storeId: number,
  filter: { open: boolean; state?: ContactMessageState | undefined },
  page: PaginationQuery,
) {
  const where = and(
    eq(contactMessages.storeId, storeId),
    filter.open ? isNull(contactMessages.answeredAt) : undefined,
    filter.state ? IN_STATE[filter.state] : undefined,
  );
  const [rows, [totals], unread] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(contactMessages).where(where),
    unreadCount(db, storeId),
  ]);
  return { ...paginate(rows.map(answerOf), totals?.total ?? 0, page), unread };
}

/**
 * How many messages nobody has opened yet. The console asks on every page, so it reads only the
 * shop's messages still waiting for an answer (the partial index `contact_messages_open_idx`), never
 * the shop's whole history.
 */
export async function unreadCount(db: Database, storeId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.storeId, storeId), UNREAD));
  return row?.total ?? 0;
}

/** Marks a message read (the first opening is kept), answered, or open again (neither). */
export async function markContactMessage(
  db: Database,
  storeId: number,
  id: number,
  mark: "read" | "answered" | "open",
): Promise<StaffContactMessage> {
  const set =
    mark === "read"
      ? { readAt: sql`coalesce(${contactMessages.readAt}, now())` }
      : mark === "answered"
        ? { readAt: sql`coalesce(${contactMessages.readAt}, now())`, answeredAt: sql`now()` }
        : { answeredAt: null };
  const [row] = await db
    .update(contactMessages)
    .set(set)
    .where(and(eq(contactMessages.storeId, storeId), eq(contactMessages.id, id)))
    .returning();
  if (!row) throw new ApiError("NOT_FOUND");
  return answerOf(row);
}

/** The shop's subscribers, newest first; `q` keeps the addresses that hold it (already lower-cased). */
export async function newsletterSubscribers(db: Database, storeId: number, q: string, page: PaginationQuery) {
  const where = and(
    eq(newsletterSubscriptions.storeId, storeId),
    // strpos, not LIKE: a `%` or `_` typed in the search is a character to find, not a wildcard.
    q ? sql`strpos(${newsletterSubscriptions.email}, ${q}) > 0` : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscriptions)
      .where(where)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.email))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(newsletterSubscriptions).where(where),
  ]);
  return paginate(
    rows.map((row) => ({
      email: row.email,
      locale: row.locale,
      customerId: row.customerId,
      subscribedAt: row.createdAt.toISOString(),
    })),
    totals?.total ?? 0,
    page,
  );
}

/** Takes an address off the list; one not on it answers the same. */
export async function removeSubscriber(db: Database, storeId: number, email: string, locale: Locale) {
  await db
    .delete(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.storeId, storeId), eq(newsletterSubscriptions.email, email)));
  return { message: messageText(SUCCESS_KEYS.subscriberRemoved, locale) };
}
