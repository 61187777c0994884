import { z } from "zod";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema } from "../platform/ids.ts";
import { LOCALES } from "../platform/locale.ts";
import { openingHoursSchema } from "./schemas.ts";

/*
 * How the shop delivers, as its staff set it (issue 32): to the door (when, and in what windows),
 * what that costs by zone, its postal options and its pickup points. Money is minor units of the
 * shop's currency; times of day are minutes after local midnight in the shop's time zone.
 */

const MINUTES_A_DAY = 24 * 60;

/** A fee or threshold: whole minor units, never negative (100 million is beyond any delivery). */
const money = z
  .number({ error: FIELD_ERROR_KEYS.required })
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.tooSmall)
  .max(100_000_000, FIELD_ERROR_KEYS.tooLarge);

const whole = (min: number, max: number) =>
  z
    .number({ error: FIELD_ERROR_KEYS.required })
    .int(FIELD_ERROR_KEYS.invalid)
    .min(min, FIELD_ERROR_KEYS.tooSmall)
    .max(max, FIELD_ERROR_KEYS.tooLarge);

const text = (max: number) => z.string().trim().max(max, FIELD_ERROR_KEYS.tooLong);

/** One text per language; a language left empty falls back to another on the storefront. */
const perLanguage = (max: number) =>
  z.object(Object.fromEntries(LOCALES.map((l) => [l, text(max).default("")]))) as z.ZodObject<
    Record<(typeof LOCALES)[number], z.ZodDefault<z.ZodString>>
  >;

const someLanguage = (texts: Record<string, string>) => LOCALES.some((locale) => texts[locale]);

/**
 * A delivery zone: what it names must all match the shipping address (country and city without
 * regard to case, the zip by its start); the first zone that matches sets the fee. Empty is "any".
 */
export const deliveryZoneFormSchema = z
  .object({
    country: text(56),
    city: text(80),
    zipPrefix: text(16),
    fee: money,
  })
  .refine((zone) => zone.country || zone.city || zone.zipPrefix, {
    // A zone naming nothing would match every address and hide the fee where no zone matches.
    path: ["country"],
    message: FIELD_ERROR_KEYS.required,
  });
export type DeliveryZoneForm = z.infer<typeof deliveryZoneFormSchema>;

/** Most zones a shop keeps: each checkout walks them in order. */
export const MAX_DELIVERY_ZONES = 100;

/**
 * Delivery to the door as the shop sets it. Booked windows are laid out from `windowOpensAt` to
 * `windowClosesAt` (a close at or before the open is the next morning, as opening hours are) on
 * `windowDays`, each `windowMinutes` long; they are their own hours, apart from the opening hours.
 */
export const deliverySettingsFormSchema = z
  .object({
    offersDelivery: z.boolean(),
    /** true: a delivery order books one of the windows, each taking `capacity` orders. */
    scheduled: z.boolean(),
    /** How many days, today included, the windows are offered. */
    daysAhead: whole(1, 60),
    windowMinutes: whole(15, MINUTES_A_DAY),
    windowOpensAt: whole(0, MINUTES_A_DAY - 1),
    windowClosesAt: whole(1, 2 * MINUTES_A_DAY),
    /** Days of the week with windows, 0 = Sunday. */
    windowDays: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .refine((days) => new Set(days).size === days.length, FIELD_ERROR_KEYS.invalid),
    /** A window can be booked until this many minutes before it starts (a week at most). */
    cutoffMinutes: whole(0, 7 * MINUTES_A_DAY),
    /** Orders one window takes. */
    capacity: whole(1, 10_000),
    /** Charged where no zone matches. */
    deliveryFee: money,
    /** Goods (after discounts) at or above this deliver free; null: never free. */
    freeDeliveryAbove: money.nullable(),
    zones: z.array(deliveryZoneFormSchema).max(MAX_DELIVERY_ZONES, FIELD_ERROR_KEYS.tooLong),
  })
  .refine((s) => s.windowClosesAt > s.windowOpensAt && s.windowClosesAt <= s.windowOpensAt + MINUTES_A_DAY, {
    path: ["windowClosesAt"],
    message: FIELD_ERROR_KEYS.invalid,
  })
  .refine(
    (s) => s.windowClosesAt <= s.windowOpensAt || s.windowClosesAt - s.windowOpensAt >= s.windowMinutes,
    {
      // Not one window would fit between the first start and the last end (hours the wrong way
      // round are said on the closing time alone).
      path: ["windowMinutes"],
      message: FIELD_ERROR_KEYS.tooLarge,
    },
  );
export type DeliverySettingsForm = z.infer<typeof deliverySettingsFormSchema>;

const deliveryZoneSchema = z.object({
  country: z.string(),
  city: z.string(),
  zipPrefix: z.string(),
  fee: z.number().int(),
});

/** The delivery screen: what the form edits, the shop's currency, and its opening hours beside it. */
export const staffDeliverySettingsSchema = z.object({
  settings: z.object({
    offersDelivery: z.boolean(),
    scheduled: z.boolean(),
    daysAhead: z.number().int(),
    windowMinutes: z.number().int(),
    windowOpensAt: z.number().int(),
    windowClosesAt: z.number().int(),
    windowDays: z.array(z.number().int()),
    cutoffMinutes: z.number().int(),
    capacity: z.number().int(),
    deliveryFee: z.number().int(),
    freeDeliveryAbove: z.number().int().nullable(),
    zones: z.array(deliveryZoneSchema),
  }),
  currency: z.string(),
  openingHours: openingHoursSchema,
});
export type StaffDeliverySettings = z.infer<typeof staffDeliverySettingsSchema>;

const postOptionShape = {
  name: perLanguage(80),
  price: money,
  daysMin: whole(0, 365),
  daysMax: whole(0, 365),
};
type PostOptionChecked = { name: Record<string, string>; daysMin: number; daysMax: number };
const postOptionChecks = <T extends PostOptionChecked>(schema: z.ZodType<T>) =>
  schema
    .refine((option) => someLanguage(option.name), {
      path: ["name", "en"],
      message: FIELD_ERROR_KEYS.required,
    })
    .refine((option) => option.daysMin <= option.daysMax, {
      path: ["daysMax"],
      message: FIELD_ERROR_KEYS.tooSmall,
    });

/** A postal option as the staff edit it: named in some language, its days from fewest to most. */
export const postOptionFormSchema = postOptionChecks(z.object(postOptionShape));
export type PostOptionForm = z.infer<typeof postOptionFormSchema>;
export const staffUpdatePostOptionBodySchema = postOptionChecks(
  z.object({ id: idSchema, ...postOptionShape }),
);

const pickupPointShape = { name: perLanguage(80), address: perLanguage(200) };
type PickupPointChecked = { name: Record<string, string>; address: Record<string, string> };
const pickupPointChecks = <T extends PickupPointChecked>(schema: z.ZodType<T>) =>
  schema
    .refine((point) => someLanguage(point.name), { path: ["name", "en"], message: FIELD_ERROR_KEYS.required })
    .refine((point) => someLanguage(point.address), {
      path: ["address", "en"],
      message: FIELD_ERROR_KEYS.required,
    });

/** A pickup point as the staff edit it: named and placed in some language. */
export const pickupPointFormSchema = pickupPointChecks(z.object(pickupPointShape));
export type PickupPointForm = z.infer<typeof pickupPointFormSchema>;
export const staffUpdatePickupPointBodySchema = pickupPointChecks(
  z.object({ id: idSchema, ...pickupPointShape }),
);

const texts = z.record(z.string(), z.string());

export const staffPostOptionSchema = z.object({
  id: z.number().int(),
  name: texts,
  price: z.number().int(),
  daysMin: z.number().int(),
  daysMax: z.number().int(),
  /** Shoppers see only active options. */
  isActive: z.boolean(),
});
export type StaffPostOption = z.infer<typeof staffPostOptionSchema>;
export const staffPostOptionListSchema = z.object({
  currency: z.string(),
  /** In the order checkout shows them, inactive ones among them. */
  options: z.array(staffPostOptionSchema),
});
export type StaffPostOptionList = z.infer<typeof staffPostOptionListSchema>;

export const staffPickupPointSchema = z.object({
  id: z.number().int(),
  name: texts,
  address: texts,
  isActive: z.boolean(),
});
export type StaffPickupPoint = z.infer<typeof staffPickupPointSchema>;
export const staffPickupPointListSchema = z.object({ points: z.array(staffPickupPointSchema) });
export type StaffPickupPointList = z.infer<typeof staffPickupPointListSchema>;

/** Offered to shoppers again, or no longer (never deleted: orders name it). */
export const staffSetActiveBodySchema = z.object({ id: idSchema, active: z.boolean() });
export const MOVE_DIRECTIONS = ["up", "down"] as const;
/** One place earlier or later in the list checkout shows. */
export const staffMoveBodySchema = z.object({ id: idSchema, direction: z.enum(MOVE_DIRECTIONS) });

const settings = { tag: "Staff", auth: true, staff: true, permission: "settings" } as const;

/** The delivery calls of the console's Settings (manager and owner). */
export const deliverySettingsEndpoints = {
  staffDeliverySettings: {
    ...settings,
    method: "post",
    path: "/api/staff/delivery/detail",
    summary: "How the shop delivers to the door: windows, fees, free delivery and zones",
    data: staffDeliverySettingsSchema,
  },
  staffUpdateDeliverySettings: {
    ...settings,
    method: "post",
    path: "/api/staff/delivery/update",
    summary: "Change how the shop delivers to the door; checkout follows within STORE_FRESH_MS",
    body: deliverySettingsFormSchema,
    data: staffDeliverySettingsSchema,
  },
  staffPostOptions: {
    ...settings,
    method: "post",
    path: "/api/staff/postOptions/list",
    summary: "The shop's postal options, active or not, in checkout's order",
    data: staffPostOptionListSchema,
  },
  staffAddPostOption: {
    ...settings,
    method: "post",
    path: "/api/staff/postOptions/add",
    summary: "Add a postal option, last in the list",
    body: postOptionFormSchema,
    data: staffPostOptionListSchema,
  },
  staffUpdatePostOption: {
    ...settings,
    method: "post",
    path: "/api/staff/postOptions/update",
    summary: "Change a postal option's names, price and days",
    body: staffUpdatePostOptionBodySchema,
    data: staffPostOptionListSchema,
  },
  staffSetPostOptionActive: {
    ...settings,
    method: "post",
    path: "/api/staff/postOptions/active",
    summary: "Offer a postal option to shoppers again, or no longer",
    body: staffSetActiveBodySchema,
    data: staffPostOptionListSchema,
  },
  staffMovePostOption: {
    ...settings,
    method: "post",
    path: "/api/staff/postOptions/move",
    summary: "Move a postal option one place up or down",
    body: staffMoveBodySchema,
    data: staffPostOptionListSchema,
  },
  staffPickupPoints: {
    ...settings,
    method: "post",
    path: "/api/staff/pickupPoints/list",
    summary: "The shop's pickup points, active or not, in checkout's order",
    data: staffPickupPointListSchema,
  },
  staffAddPickupPoint: {
    ...settings,
    method: "post",
    path: "/api/staff/pickupPoints/add",
    summary: "Add a pickup point, last in the list",
    body: pickupPointFormSchema,
    data: staffPickupPointListSchema,
  },
  staffUpdatePickupPoint: {
    ...settings,
    method: "post",
    path: "/api/staff/pickupPoints/update",
    summary: "Change a pickup point's names and addresses",
    body: staffUpdatePickupPointBodySchema,
    data: staffPickupPointListSchema,
  },
  staffSetPickupPointActive: {
    ...settings,
    method: "post",
    path: "/api/staff/pickupPoints/active",
    summary: "Offer a pickup point to shoppers again, or no longer",
    body: staffSetActiveBodySchema,
    data: staffPickupPointListSchema,
  },
  staffMovePickupPoint: {
    ...settings,
    method: "post",
    path: "/api/staff/pickupPoints/move",
    summary: "Move a pickup point one place up or down",
    body: staffMoveBodySchema,
    data: staffPickupPointListSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
