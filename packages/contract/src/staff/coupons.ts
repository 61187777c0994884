import { z } from "zod";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import { COUPON_KINDS } from "../promotions/schemas.ts";

/** Coupons per page of the console's list, and uses per page of a coupon's page. */
export const STAFF_COUPONS_PAGE_SIZE = 20;
export const STAFF_COUPON_USES_PAGE_SIZE = 20;

/** A code staff make: letters, digits, "-" and "_", as a shopper can type and read it back. */
export const STAFF_COUPON_CODE_MIN = 3;
export const STAFF_COUPON_CODE_MAX = 32;
const CODE_CHARACTERS = /^[A-Za-z0-9_-]+$/;
/** The largest amount off, minimum order or limit a coupon may name (minor units or uses). */
const MOST_MINOR = 100_000_000;
const MOST_USES = 1_000_000;

/**
 * Where a coupon stands now, as staff read it: switched off, ended, used up (its total limit
 * reached), not started yet, or usable. The first that holds wins, in that order.
 */
export const STAFF_COUPON_STATUSES = ["active", "scheduled", "ended", "usedUp", "off"] as const;
export type StaffCouponStatus = (typeof STAFF_COUPON_STATUSES)[number];

const day = z.iso.date({ message: FIELD_ERROR_KEYS.invalid }).nullable();
const limit = z
  .number(FIELD_ERROR_KEYS.invalid)
  .int(FIELD_ERROR_KEYS.invalid)
  .min(1, FIELD_ERROR_KEYS.tooSmall)
  .max(MOST_USES, FIELD_ERROR_KEYS.tooLarge)
  .nullable();
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A coupon as staff write it. `value` is a whole percent (1–100) for `percent` and minor units
 * for `fixed`; the days are the shop's own (its time zone): the coupon works from the start of
 * `startsOn` to the end of `endsOn`, each optional. A total limit below the uses already made is
 * allowed: it only stops new uses. Orders already placed keep what they were given.
 */
const couponFields = z.object({
  code: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .min(STAFF_COUPON_CODE_MIN, FIELD_ERROR_KEYS.couponCodeFormat)
    .max(STAFF_COUPON_CODE_MAX, FIELD_ERROR_KEYS.couponCodeFormat)
    .regex(CODE_CHARACTERS, FIELD_ERROR_KEYS.couponCodeFormat),
  kind: z.enum(COUPON_KINDS, { message: FIELD_ERROR_KEYS.invalid }),
  value: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(1, FIELD_ERROR_KEYS.tooSmall)
    .max(MOST_MINOR, FIELD_ERROR_KEYS.tooLarge),
  minimumOrder: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(0, FIELD_ERROR_KEYS.tooSmall)
    .max(MOST_MINOR, FIELD_ERROR_KEYS.tooLarge),
  startsOn: day,
  endsOn: day,
  maxUses: limit,
  maxUsesPerCustomer: limit,
  firstOrderOnly: z.boolean(),
  isActive: z.boolean(),
  advertised: z.boolean(),
});

/** The fields of what was sent, whatever it was (a rule between fields may look at a body that is no object). */
const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

type CouponRulesInput = { kind: string; value: number; startsOn: string | null; endsOn: string | null };

/** The rules between a coupon's fields: a percent is at most 100, the end is not before the start. */
function withCouponRules<T extends z.ZodType<CouponRulesInput>>(schema: T): T {
  return schema
    .refine((coupon) => coupon.kind !== "percent" || coupon.value <= 100, {
      path: ["value"],
      message: FIELD_ERROR_KEYS.couponPercent,
      // Said beside the other fields' errors, not only once they are all right.
      when: ({ value }) => {
        const coupon = fieldsOf(value);
        return coupon.kind === "percent" && Number.isInteger(coupon.value);
      },
    })
    .refine((coupon) => !coupon.startsOn || !coupon.endsOn || coupon.endsOn >= coupon.startsOn, {
      path: ["endsOn"],
      message: FIELD_ERROR_KEYS.endBeforeStart,
      when: ({ value }) => {
        const { startsOn, endsOn } = fieldsOf(value);
        return typeof startsOn === "string" && ISO_DAY.test(startsOn) && typeof endsOn === "string";
      },
    });
}

export const staffCouponFormSchema = withCouponRules(couponFields);
export type StaffCouponForm = z.infer<typeof staffCouponFormSchema>;

/**
 * What an edit is made from: the coupon's `version` as the editor read it. A coupon changed since
 * is refused (STAFF_EDIT_CONFLICT), never overwritten.
 */
export const staffCouponUpdateBodySchema = withCouponRules(
  couponFields.extend({
    couponId: z.number().int().positive(),
    version: z.string().min(1).max(40),
  }),
);
export type StaffCouponUpdateBody = z.infer<typeof staffCouponUpdateBodySchema>;

/** A coupon as the console shows it. */
export const staffCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  minimumOrder: z.number().int(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  isActive: z.boolean(),
  advertised: z.boolean(),
  /** Uses by orders not cancelled. */
  usedCount: z.number().int(),
  status: z.enum(STAFF_COUPON_STATUSES),
  /** The shop's currency, in which `value` (fixed) and `minimumOrder` are. */
  currency: z.string(),
  createdAt: z.string(),
  /** Changes with every edit; an edit sends back the one it was made from. */
  version: z.string(),
});
export type StaffCoupon = z.infer<typeof staffCouponSchema>;

export const staffCouponListBodySchema = z.object({
  /** Part of a code, any case. */
  q: z.string().trim().max(STAFF_COUPON_CODE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  status: z.enum(STAFF_COUPON_STATUSES, { message: FIELD_ERROR_KEYS.invalid }).nullable().default(null),
});
export type StaffCouponListBody = z.infer<typeof staffCouponListBodySchema>;
export const staffCouponListSchema = paginatedSchema(staffCouponSchema);
export type StaffCouponList = z.infer<typeof staffCouponListSchema>;

/** One use of a coupon: the order, who placed it, when, and whether it was given back (cancelled). */
export const staffCouponUseSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  customerName: z.string(),
  at: z.string(),
  returned: z.boolean(),
});
export type StaffCouponUse = z.infer<typeof staffCouponUseSchema>;

export const staffCouponIdBodySchema = z.object({ couponId: z.coerce.number().int().positive() });
export const staffCouponDetailSchema = z.object({
  coupon: staffCouponSchema,
  uses: paginatedSchema(staffCouponUseSchema),
});
export type StaffCouponDetail = z.infer<typeof staffCouponDetailSchema>;

/** The console's coupon calls (managers and owners: the `catalogue` permission). */
export const staffCouponEndpoints = {
  staffCouponList: {
    method: "post",
    path: "/api/staff/coupons/list",
    summary: "The shop's coupons, newest first: by part of their code and by status",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    query: paginationQuerySchema(STAFF_COUPONS_PAGE_SIZE),
    body: staffCouponListBodySchema,
    data: staffCouponListSchema,
  },
  staffCouponDetail: {
    method: "post",
    path: "/api/staff/coupons/detail",
    summary: "One coupon of the shop with its uses, newest first (order, customer, when, given back)",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    query: paginationQuerySchema(STAFF_COUPON_USES_PAGE_SIZE),
    body: staffCouponIdBodySchema,
    data: staffCouponDetailSchema,
  },
  staffCouponCreate: {
    method: "post",
    path: "/api/staff/coupons/create",
    summary: "Make a coupon (3102 when the shop has its code already, in any case); audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffCouponFormSchema,
    data: staffCouponSchema,
  },
  staffCouponUpdate: {
    method: "post",
    path: "/api/staff/coupons/update",
    summary:
      "Change a coupon from the version read (3101 when someone changed it since, 3102 for a code taken); orders already placed keep theirs; audited",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffCouponUpdateBodySchema,
    data: staffCouponSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
