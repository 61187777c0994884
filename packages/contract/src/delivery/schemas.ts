import { z } from "zod";
import { DELIVERY_TYPES, type DeliveryType } from "../checkout/constants.ts";

/** One delivery window of SEL_TIME: ISO instants, and whether it can still be booked. */
export const deliveryWindowSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** false when the window is full or its cut-off has passed. */
  available: z.boolean(),
  /**
   * Bookings the window still takes (0 when it is not available); null for a time that takes any
   * number of orders (a pickup time, or one of a shop that does not book delivery windows).
   */
  remaining: z.number().int().min(0).nullable(),
  /**
   * true when its bookings are all taken. A window past its cut-off is unavailable but not full:
   * the storefront says "closed" for it, so a day whose times have passed never reads as booked up.
   */
  full: z.boolean(),
});
export type DeliveryWindow = z.infer<typeof deliveryWindowSchema>;

/** The windows of one day in the shop's own time zone, in time order. */
export const deliveryDaySchema = z.object({
  /** The shop's local date, YYYY-MM-DD. */
  date: z.iso.date(),
  windows: z.array(deliveryWindowSchema),
});
export type DeliveryDay = z.infer<typeof deliveryDaySchema>;

/**
 * The ways of getting an order that happen at a time the shopper may choose (`delivery_time`): the
 * shop brings it, or the shopper collects it. A parcel goes by post and a download at once.
 */
export const TIMED_DELIVERY_TYPES = ["delivery", "pickup"] as const satisfies readonly DeliveryType[];
export type TimedDeliveryType = (typeof TIMED_DELIVERY_TYPES)[number];

/**
 * Body of `storeDeliverySchedule/query`: whose times, a delivery's (the default) or a pickup's; the
 * shop's schedule and opening hours decide the days.
 */
export const deliveryScheduleQueryBodySchema = z.object({
  delivery_type: z.enum(TIMED_DELIVERY_TYPES).default("delivery"),
});

/** The answer of `storeDeliverySchedule/query`. */
export const deliveryScheduleSchema = z.object({
  /**
   * true: the shop books deliveries in these windows, and one must be chosen. false: the order is
   * prepared as soon as possible while the shop is open, or for one of these times if the shopper
   * chooses one (which it must while the shop is closed); the times follow the opening hours.
   */
  scheduled: z.boolean(),
  /** IANA time zone the shop's opening hours and dates are in. */
  timezone: z.string(),
  windowMinutes: z.number().int(),
  days: z.array(deliveryDaySchema),
});
export type DeliverySchedule = z.infer<typeof deliveryScheduleSchema>;

/** A postal option of `storeDeliveryByPost`: its price and how many days it takes. */
export const postOptionSchema = z.object({
  id: z.number().int(),
  /** In the caller's language. */
  name: z.string(),
  /** Minor units of the store's currency. */
  price: z.number().int(),
  daysMin: z.number().int(),
  daysMax: z.number().int(),
});
export type PostOption = z.infer<typeof postOptionSchema>;

/** A place where the shopper collects a pickup order (checkout's `pickupOption`). */
export const pickupPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/** Body of `storeDeliveryByPost/query`. */
export const deliveryOptionsQueryBodySchema = z.object({});

/**
 * The answer of `storeDeliveryByPost/query`: the postal options with their prices, and beside them
 * the rest of what the delivery step of checkout offers — the delivery types the shop takes and its
 * pickup points — so one call fills the step.
 */
export const deliveryOptionsSchema = z.object({
  currency: z.string(),
  /** The delivery types the shop offers; `digital` is always there for carts of digital goods only. */
  deliveryTypes: z.array(z.enum(DELIVERY_TYPES)),
  postOptions: z.array(postOptionSchema),
  pickupPoints: z.array(pickupPointSchema),
});
export type DeliveryOptions = z.infer<typeof deliveryOptionsSchema>;
