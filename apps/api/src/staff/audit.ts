import { type AuditEntry, type AuditListBody, type PaginationQuery, paginate } from "@stoa/contract";
import { and, count, desc, eq, gte, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { auditLog, staffMembers } from "./tables.ts";

/** One change staff made: what, to what, and the values before and after (null where none). */
export type AuditChange = {
  storeId: number;
  /** The member who made it; null for a command of the project. */
  staffId: number | null;
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes a change to the audit log. Call it with the transaction that makes the change, so the
 * change and its record stand or fall together.
 */
export async function recordChange(db: Database, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    storeId: change.storeId,
    staffId: change.staffId,
    action: change.action,
    subject: change.subject,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * The log, newest first, by member, action (or its family: "order" finds "order.move") and days in
 * the shop's time zone. Every filter is served by an index beginning with the store.
 */
export async function auditEntries(
  db: Database,
  storeId: number,
  timezone: string,
  filter: AuditListBody,
  page: PaginationQuery,
) {
  const conditions: SQL[] = [eq(auditLog.storeId, storeId)];
  if (filter.staffId !== null) conditions.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) {
    const family = filter.action.includes(".") ? null : `${filter.action}.%`;
    const byAction = family
      ? or(eq(auditLog.action, filter.action), like(auditLog.action, family))
      : eq(auditLog.action, filter.action);
    if (byAction) conditions.push(byAction);
  }
  if (filter.from)
    conditions.push(gte(auditLog.at, sql`(${filter.from}::date)::timestamp AT TIME ZONE ${timezone}`));
  if (filter.to)
    conditions.push(lt(auditLog.at, sql`(${filter.to}::date + 1)::timestamp AT TIME ZONE ${timezone}`));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ entry: auditLog, staffName: staffMembers.name })
      .from(auditLog)
      .leftJoin(
        staffMembers,
        and(eq(staffMembers.storeId, auditLog.storeId), eq(staffMembers.id, auditLog.staffId)),
      )
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const records: AuditEntry[] = rows.map(({ entry, staffName }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    staffId: entry.staffId,
    staffName,
    action: entry.action,
    subject: entry.subject,
    before: entry.before,
    after: entry.after,
  }));
  return paginate(records, totals?.total ?? 0, page);
}
