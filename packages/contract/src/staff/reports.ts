import { z } from "zod";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/** The longest range a sales report covers, in days: a year, a leap year's included. */
export const SALES_REPORT_MAX_DAYS = 366;
/** How many products each of the report's top lists names. */
export const SALES_REPORT_TOP = 10;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (`YYYY-MM-DD` each). */
export function reportDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Ranges the console offers by name, which the API turns into days of the shop's own calendar:
 * the month so far, the whole month before, and the last 30 days, today included.
 */
export const SALES_REPORT_PERIODS = ["thisMonth", "lastMonth", "last30Days"] as const;
export type SalesReportPeriod = (typeof SALES_REPORT_PERIODS)[number];

const day = z.iso.date({ message: FIELD_ERROR_KEYS.invalid }).nullable().default(null);

/**
 * The days a report covers, in the shop's own time zone, both ends included: a named `period`, or
 * `from` and `to` (then both needed, `to` not before `from`, at most SALES_REPORT_MAX_DAYS days).
 */
export const staffSalesReportBodySchema = z
  .object({
    period: z.enum(SALES_REPORT_PERIODS, { message: FIELD_ERROR_KEYS.invalid }).nullable().default(null),
    from: day,
    to: day,
  })
  .refine((range) => range.period !== null || range.from !== null, {
    path: ["from"],
    message: FIELD_ERROR_KEYS.required,
  })
  .refine((range) => range.period !== null || range.to !== null, {
    path: ["to"],
    message: FIELD_ERROR_KEYS.required,
  })
  .refine((range) => range.period !== null || !range.from || !range.to || range.to >= range.from, {
    path: ["to"],
    message: FIELD_ERROR_KEYS.endBeforeStart,
  })
  .refine(
    (range) =>
      range.period !== null ||
      !range.from ||
      !range.to ||
      range.to < range.from ||
      reportDays(range.from, range.to) <= SALES_REPORT_MAX_DAYS,
    { path: ["to"], message: FIELD_ERROR_KEYS.rangeTooLong },
  );
export type StaffSalesReportBody = z.input<typeof staffSalesReportBodySchema>;
export type StaffSalesReportRange = z.infer<typeof staffSalesReportBodySchema>;

/**
 * What the counted orders of a day (or month, or the range) came to, in minor units of the shop's
 * currency. `goods` is the lines as priced (tax within them where the shop's prices include it);
 * `discounts` all the orders took off, of which `coupons` by a coupon; `tax` all the tax, added or
 * included; `sales` what the shoppers were asked for (goods, tax added, shipping and tips, less
 * discounts); `refunds` the money given back that day, whatever day its order was placed; `net` is
 * sales less refunds.
 */
const figuresSchema = z.object({
  orders: z.number().int(),
  goods: z.number().int(),
  discounts: z.number().int(),
  coupons: z.number().int(),
  tax: z.number().int(),
  shipping: z.number().int(),
  tips: z.number().int(),
  sales: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});
export type SalesFigures = z.infer<typeof figuresSchema>;

/**
 * How the counted orders were paid: `cash`, each card provider, and the parts taken from a
 * customer's `wallet` and from a `giftCard`. An order paid partly by gift card counts in both.
 */
export const SALES_PAYMENT_METHODS = [
  "cash",
  "card",
  "test-card",
  "stripe",
  "bambora",
  "wallet",
  "giftCard",
] as const;
export type SalesPaymentMethod = (typeof SALES_PAYMENT_METHODS)[number];

const topProductSchema = z.object({
  productId: z.number().int(),
  /** As its order lines name it (one of the names, should it have been renamed). */
  name: z.string(),
  units: z.number().int(),
  /** What its lines came to, minor units. */
  revenue: z.number().int(),
});
export type SalesTopProduct = z.infer<typeof topProductSchema>;

export const staffSalesReportSchema = z.object({
  timezone: z.string(),
  /** Today in the shop's time zone, `YYYY-MM-DD`. */
  today: z.string(),
  /** The named range asked for, if one was. */
  period: z.enum(SALES_REPORT_PERIODS).nullable(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  totals: figuresSchema,
  /** Every day of the range, oldest first, days without sales included. */
  days: z.array(figuresSchema.extend({ date: z.string() })),
  /** Every month the range touches (`YYYY-MM`), oldest first: the days of the range in it added up. */
  months: z.array(figuresSchema.extend({ month: z.string() })),
  /** Methods that took money in the range, largest first. */
  byMethod: z.array(
    z.object({ method: z.enum(SALES_PAYMENT_METHODS), orders: z.number().int(), amount: z.number().int() }),
  ),
  topByUnits: z.array(topProductSchema),
  topByRevenue: z.array(topProductSchema),
});
export type StaffSalesReport = z.infer<typeof staffSalesReportSchema>;

export const staffReportEndpoints = {
  staffSalesReport: {
    method: "post",
    path: "/api/staff/reports/sales",
    summary:
      "Sales of a range of days in the shop's time zone: by day and month, totals, by payment method and top products",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "catalogue",
    body: staffSalesReportBodySchema,
    data: staffSalesReportSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** `YYYY-MM-DD` of `iso` moved by `days`. */
function shifted(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last day of a named period, for a shop whose today is `today` (`YYYY-MM-DD`). */
export function periodDays(period: SalesReportPeriod, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  if (period === "thisMonth") return { from: monthStart, to: today };
  if (period === "lastMonth") {
    const to = shifted(monthStart, -1);
    return { from: `${to.slice(0, 7)}-01`, to };
  }
  return { from: shifted(today, -29), to: today };
}
