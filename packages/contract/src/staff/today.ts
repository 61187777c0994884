import { z } from "zod";

/** A product at or under this many units is low on the day's dashboard (a level per product comes with the catalogue screens). */
export const LOW_STOCK_LEVEL = 5;
/** How many low-stock products the dashboard names; the rest are counted. */
export const LOW_STOCK_SHOWN = 10;
/** Days of the dashboard's sales chart, today included. */
export const SALES_CHART_DAYS = 30;

const salesSchema = z.object({
  orders: z.number().int(),
  /** Minor units: what the orders cost the shoppers, tax, shipping and tips included. */
  revenue: z.number().int(),
  /** revenue / orders, rounded; 0 without orders. */
  averageBasket: z.number().int(),
});
export type DaySales = z.infer<typeof salesSchema>;

/** The day of a shop, in its own time zone and currency: what waits for staff, and how sales go. */
export const staffTodaySchema = z.object({
  timezone: z.string(),
  currency: z.string(),
  /** Today's date in the shop's time zone, `YYYY-MM-DD`. */
  today: z.string(),
  waiting: z.object({
    toConfirm: z.number().int(),
    toPrepare: z.number().int(),
    /** Prepared: to ship, or to set ready for pickup. */
    toSend: z.number().int(),
    /** Ready for pickup: to hand over. */
    toHandOver: z.number().int(),
    refunds: z.number().int(),
  }),
  lowStock: z.object({
    count: z.number().int(),
    products: z.array(z.object({ id: z.number().int(), name: z.string(), stock: z.number().int() })),
  }),
  sales: z.object({
    today: salesSchema,
    lastDays: salesSchema,
    /** One entry per day, oldest first, days without sales included. */
    byDay: z.array(salesSchema.extend({ date: z.string() })),
  }),
});
export type StaffToday = z.infer<typeof staffTodaySchema>;
