import {
  type PaginationQuery,
  paginate,
  type StaffCoupon,
  type StaffCouponDetail,
  type StaffCouponForm,
  type StaffCouponList,
  type StaffCouponListBody,
  type StaffCouponStatus,
  type StaffCouponUpdateBody,
} from "@stoa/contract";
import { and, count, desc, eq, gt, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { isUniqueViolation } from "../customers/service.ts";
import { localMidnight, zonedInstant } from "../delivery/windows.ts";
import { ordersById, shopTimezone } from "../orders/service.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import type { StoreRow } from "../stores/tables.ts";
import { type CouponRow, couponRedemptions, coupons } from "./tables.ts";

/*
 * The console's coupons (issue 33): staff list, make and change a shop's coupons and see their
 * uses. Days are the shop's own: a coupon starts at the first moment of its first day and ends
 * after the last moment of its last day, in the shop's time zone.
 */

type Shop = Pick<StoreRow, "id" | "currency">;

const DAY_MS = 86_400_000;

/** The first moment of a shop's day (`YYYY-MM-DD`). */
function startOfDay(day: string, timezone: string): Date {
  return zonedInstant(Date.parse(`${day}T00:00:00Z`), 0, timezone);
}

/** The shop's day an instant falls on. */
function dayOf(instant: Date, timezone: string): string {
  return new Date(localMidnight(instant, timezone)).toISOString().slice(0, 10);
}

/** The last day a coupon works: the day of the last moment before its end. */
function lastDayOf(endsAt: Date, timezone: string): string {
  return dayOf(new Date(endsAt.getTime() - 1), timezone);
}

/** Where a coupon stands now; the first that holds wins: off, ended, used up, not started, usable. */
export function couponStatus(row: CouponRow, now: Date): StaffCouponStatus {
  if (!row.isActive) return "off";
  if (row.endsAt && row.endsAt <= now) return "ended";
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return "usedUp";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  return "active";
}

/** The same statuses as conditions of a list, each exactly the rows `couponStatus` names so. */
function statusCondition(status: StaffCouponStatus, now: Date): SQL {
  const on = eq(coupons.isActive, true);
  const notEnded = or(isNull(coupons.endsAt), gt(coupons.endsAt, now));
  const usedUp = and(isNotNull(coupons.maxUses), sql`${coupons.usedCount} >= ${coupons.maxUses}`);
  const usesLeft = or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses));
  const conditions: Record<StaffCouponStatus, SQL | undefined> = {
    off: eq(coupons.isActive, false),
    ended: and(on, isNotNull(coupons.endsAt), lte(coupons.endsAt, now)),
    usedUp: and(on, notEnded, usedUp),
    scheduled: and(on, notEnded, usesLeft, gt(coupons.startsAt, now)),
    active: and(on, notEnded, usesLeft, or(isNull(coupons.startsAt), lte(coupons.startsAt, now))),
  };
  return conditions[status] as SQL;
}

/** A coupon's terms as staff write them: what the audit log keeps before and after a change. */
function formOf(row: CouponRow, timezone: string): StaffCouponForm {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumOrder: row.minimumOrder,
    startsOn: row.startsAt ? dayOf(row.startsAt, timezone) : null,
    endsOn: row.endsAt ? lastDayOf(row.endsAt, timezone) : null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    firstOrderOnly: row.firstOrderOnly,
    isActive: row.isActive,
    advertised: row.advertised,
  };
}

function answerOf(row: CouponRow, shop: Shop, timezone: string, now = new Date()): StaffCoupon {
  return {
    id: row.id,
    ...formOf(row, timezone),
    usedCount: row.usedCount,
    status: couponStatus(row, now),
    currency: shop.currency,
    createdAt: row.createdAt.toISOString(),
    version: row.updatedAt.toISOString(),
  };
}

/**
 * The columns of a form. A day left as it was keeps the instant it stood for, so a coupon made
 * elsewhere with an end at 15:00 does not move to midnight because another field was edited.
 */
function columnsOf(form: StaffCouponForm, timezone: string, before?: CouponRow) {
  const startsAt =
    form.startsOn === null
      ? null
      : before?.startsAt && dayOf(before.startsAt, timezone) === form.startsOn
        ? before.startsAt
        : startOfDay(form.startsOn, timezone);
  const endsAt =
    form.endsOn === null
      ? null
      : before?.endsAt && lastDayOf(before.endsAt, timezone) === form.endsOn
        ? before.endsAt
        : zonedInstant(Date.parse(`${form.endsOn}T00:00:00Z`) + DAY_MS, 0, timezone);
  return {
    code: form.code,
    kind: form.kind,
    value: form.value,
    minimumOrder: form.minimumOrder,
    startsAt,
    endsAt,
    maxUses: form.maxUses,
    maxUsesPerCustomer: form.maxUsesPerCustomer,
    firstOrderOnly: form.firstOrderOnly,
    isActive: form.isActive,
    advertised: form.advertised,
  };
}

const codeTaken = () => new ApiError("COUPON_CODE_TAKEN", { code: "error-coupon-code-taken" });

/** Whether another coupon of the store has this code, in any case (the unique index's own rule). */
async function codeInUse(db: Database, storeId: number, code: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        eq(coupons.storeId, storeId),
        sql`lower(${coupons.code}) = lower(${code})`,
        except === undefined ? undefined : ne(coupons.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The store's coupons, newest first, by part of their code and by status. Read along the primary
 * key (store, id) backwards; a shop's coupons are a few hundred at most, so the code and status
 * filters are checked on the rows as they are read rather than kept in indexes of their own.
 */
export async function staffCouponList(
  db: Database,
  shop: Shop,
  filter: StaffCouponListBody,
  page: PaginationQuery,
): Promise<StaffCouponList> {
  const now = new Date();
  const conditions: (SQL | undefined)[] = [eq(coupons.storeId, shop.id)];
  if (filter.q) conditions.push(sql`strpos(lower(${coupons.code}), lower(${filter.q})) > 0`);
  if (filter.status) conditions.push(statusCondition(filter.status, now));
  const where = and(...conditions);
  const [rows, [totals], timezone] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(coupons).where(where),
    shopTimezone(db, shop.id),
  ]);
  return paginate(
    rows.map((row) => answerOf(row, shop, timezone, now)),
    totals?.total ?? 0,
    page,
  );
}

async function couponRow(db: Database, storeId: number, couponId: number): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), eq(coupons.id, couponId)));
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** One coupon with its uses, newest first (index coupon_redemptions_coupon_idx). */
export async function staffCouponDetail(
  db: Database,
  shop: Shop,
  couponId: number,
  page: PaginationQuery,
): Promise<StaffCouponDetail> {
  const row = await couponRow(db, shop.id, couponId);
  const where = and(eq(couponRedemptions.storeId, shop.id), eq(couponRedemptions.couponId, couponId));
  const [uses, [totals], timezone] = await Promise.all([
    db
      .select()
      .from(couponRedemptions)
      .where(where)
      .orderBy(desc(couponRedemptions.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(couponRedemptions).where(where),
    shopTimezone(db, shop.id),
  ]);
  const orders = await ordersById(
    db,
    shop.id,
    uses.map((use) => use.orderId),
  );
  const records = uses.map((use) => {
    const order = orders.get(use.orderId);
    return {
      orderId: use.orderId,
      orderNumber: order?.orderNumber ?? 0,
      customerName: order?.customerName ?? "",
      at: use.createdAt.toISOString(),
      returned: use.returnedAt !== null,
    };
  });
  return { coupon: answerOf(row, shop, timezone), uses: paginate(records, totals?.total ?? 0, page) };
}

/** Makes a coupon, and its audit row in the same transaction. */
export async function createStaffCoupon(
  db: Database,
  shop: Shop,
  staffId: number,
  form: StaffCouponForm,
): Promise<StaffCoupon> {
  const timezone = await shopTimezone(db, shop.id);
  if (await codeInUse(db, shop.id, form.code)) throw codeTaken();
  try {
    const row = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(coupons)
        .values({ storeId: shop.id, ...columnsOf(form, timezone) })
        .returning();
      if (!made) throw new Error("coupon not made");
      await recordChange(tx, {
        storeId: shop.id,
        staffId,
        action: "coupon.create",
        subject: `coupon:${made.code}`,
        after: formOf(made, timezone),
      });
      return made;
    });
    return answerOf(row, shop, timezone);
  } catch (error) {
    // Two members making the same code at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * Changes a coupon from the version its editor read. The coupon's row is locked first, so of two
 * edits made from one version exactly one is written; the other is refused (STAFF_EDIT_CONFLICT)
 * with the coupon as it now stands. Orders already placed keep the discount they were given (it is
 * frozen on them); a total limit below the uses made only stops new uses.
 */
export async function updateStaffCoupon(
  db: Database,
  shop: Shop,
  staffId: number,
  body: StaffCouponUpdateBody,
): Promise<StaffCoupon> {
  const { couponId, version, ...form } = body;
  const timezone = await shopTimezone(db, shop.id);
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.storeId, shop.id), eq(coupons.id, couponId)))
        .for("update");
      if (!before) throw new ApiError("NOT_FOUND");
      if (before.updatedAt.toISOString() !== version)
        throw new ApiError("STAFF_EDIT_CONFLICT", undefined, undefined, {
          coupon: answerOf(before, shop, timezone),
        });
      if (await codeInUse(tx, shop.id, form.code, couponId)) throw codeTaken();
      const [after] = await tx
        .update(coupons)
        .set({
          ...columnsOf(form, timezone, before),
          // A version is the time to the millisecond: each edit moves it on by one at least.
          updatedAt: sql`greatest(now(), date_trunc('milliseconds', ${coupons.updatedAt}) + interval '1 millisecond')`,
        })
        .where(and(eq(coupons.storeId, shop.id), eq(coupons.id, couponId)))
        .returning();
      if (!after) throw new Error(`coupon ${couponId} vanished under its lock`);
      await recordChange(tx, {
        storeId: shop.id,
        staffId,
        action: "coupon.update",
        subject: `coupon:${after.code}`,
        before: formOf(before, timezone),
        after: formOf(after, timezone),
      });
      return after;
    });
    return answerOf(row, shop, timezone);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}
