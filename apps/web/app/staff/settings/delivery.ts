import {
  CURRENCY_FRACTION_DIGITS,
  type DeliverySettingsForm,
  FIELD_ERROR_KEYS,
  LOCALES,
  type Locale,
  parseMajor,
  type StaffDeliverySettings,
} from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { closingMinutes, minutesOfTime, timeOfMinutes } from "./hours.ts";

/*
 * The console's delivery forms as plain forms: what a member typed is kept as text (a draft), so a
 * form sent back with an error shows it again as typed, and only a draft that reads whole becomes
 * the contract's body, which the contract's own schema then checks.
 */

const MINOR_PER_MAJOR = 10 ** CURRENCY_FRACTION_DIGITS;

/** Minor units as typed in the form, in major units: 1250 → "12.50". */
export function majorText(minor: number | null): string {
  if (minor === null) return "";
  const sign = minor < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(minor) / MINOR_PER_MAJOR);
  const fraction = String(Math.abs(minor) % MINOR_PER_MAJOR).padStart(CURRENCY_FRACTION_DIGITS, "0");
  return `${sign}${whole}.${fraction}`;
}

/**
 * An amount typed in major units ("12.5", "12,50") as minor units; "" is none (null), anything that
 * is not an amount undefined. A minus sign is read, so the contract says the amount is too small.
 */
export function minorOfText(text: string): number | null | undefined {
  const value = text.trim().replace(",", ".");
  if (value === "") return null;
  try {
    return parseMajor(value);
  } catch {
    return undefined;
  }
}

/**
 * A whole number as typed; NaN (which the contract refuses) for anything else, named in `bad` as
 * missing or not a number, so the field says which.
 */
function wholeOfText(text: string, name: string, bad: FieldErrors): number {
  const value = text.trim();
  if (/^-?\d{1,9}$/.test(value)) return Number(value);
  bad[name] = value === "" ? FIELD_ERROR_KEYS.required : FIELD_ERROR_KEYS.invalid;
  return Number.NaN;
}

export type ZoneDraft = { country: string; city: string; zipPrefix: string; fee: string };

export type DeliveryDraft = {
  offersDelivery: boolean;
  scheduled: boolean;
  daysAhead: string;
  windowMinutes: string;
  /** "HH:MM", as a time field sends it. */
  windowOpensAt: string;
  windowClosesAt: string;
  windowDays: number[];
  cutoffMinutes: string;
  capacity: string;
  deliveryFee: string;
  /** Empty: never free. */
  freeDeliveryAbove: string;
  zones: ZoneDraft[];
};

export function deliveryDraftOf(settings: StaffDeliverySettings["settings"]): DeliveryDraft {
  return {
    offersDelivery: settings.offersDelivery,
    scheduled: settings.scheduled,
    daysAhead: String(settings.daysAhead),
    windowMinutes: String(settings.windowMinutes),
    windowOpensAt: timeOfMinutes(settings.windowOpensAt),
    windowClosesAt: timeOfMinutes(settings.windowClosesAt),
    windowDays: [...settings.windowDays],
    cutoffMinutes: String(settings.cutoffMinutes),
    capacity: String(settings.capacity),
    deliveryFee: majorText(settings.deliveryFee),
    freeDeliveryAbove: majorText(settings.freeDeliveryAbove),
    zones: settings.zones.map((zone) => ({ ...zone, fee: majorText(zone.fee) })),
  };
}

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The zone fields' names in the form: `zones.<row>.<field>`. */
export const zoneField = (row: number, field: keyof ZoneDraft) => `zones.${row}.${field}`;

/** The delivery form as sent, rows of zones in the order they were shown. */
export function deliveryDraftOfForm(form: FormData): DeliveryDraft {
  const zones: ZoneDraft[] = [];
  for (let row = 0; form.has(zoneField(row, "fee")); row++) {
    zones.push({
      country: textOf(form, zoneField(row, "country")),
      city: textOf(form, zoneField(row, "city")),
      zipPrefix: textOf(form, zoneField(row, "zipPrefix")),
      fee: textOf(form, zoneField(row, "fee")),
    });
  }
  const days = form
    .getAll("windowDays")
    .map(Number)
    .filter((day) => Number.isInteger(day) && day >= 0 && day <= 6);
  return {
    offersDelivery: form.get("offersDelivery") === "on",
    scheduled: form.get("scheduled") === "on",
    daysAhead: textOf(form, "daysAhead"),
    windowMinutes: textOf(form, "windowMinutes"),
    windowOpensAt: textOf(form, "windowOpensAt"),
    windowClosesAt: textOf(form, "windowClosesAt"),
    windowDays: [...new Set(days)].sort((a, b) => a - b),
    cutoffMinutes: textOf(form, "cutoffMinutes"),
    capacity: textOf(form, "capacity"),
    deliveryFee: textOf(form, "deliveryFee"),
    freeDeliveryAbove: textOf(form, "freeDeliveryAbove"),
    zones,
  };
}

const blankZone = (zone: ZoneDraft) =>
  !zone.country.trim() && !zone.city.trim() && !zone.zipPrefix.trim() && !zone.fee.trim();

/** What a zone button does to the rows before anything is saved. */
export type ZoneEdit = { kind: "add" } | { kind: "up" | "down" | "remove"; row: number };

/** The zone button of an `intent` value ("zone-up:2"), or null for any other intent. */
export function zoneEditOf(intent: unknown): ZoneEdit | null {
  if (intent === "zone-add") return { kind: "add" };
  const match = typeof intent === "string" ? /^zone-(up|down|remove):(\d{1,3})$/.exec(intent) : null;
  if (!match) return null;
  return { kind: match[1] as "up" | "down" | "remove", row: Number(match[2]) };
}

/** The rows after a zone button: a new empty row, one moved a place, or one taken out. */
export function editedZones(zones: readonly ZoneDraft[], edit: ZoneEdit): ZoneDraft[] {
  const rows = [...zones];
  if (edit.kind === "add") return [...rows, { country: "", city: "", zipPrefix: "", fee: "" }];
  if (edit.row >= rows.length) return rows;
  if (edit.kind === "remove") return rows.filter((_, at) => at !== edit.row);
  const to = edit.kind === "up" ? edit.row - 1 : edit.row + 1;
  if (to < 0 || to >= rows.length) return rows;
  [rows[edit.row], rows[to]] = [rows[to] as ZoneDraft, rows[edit.row] as ZoneDraft];
  return rows;
}

/**
 * The contract's body of a draft, with the fields that do not even read (a time, an amount) named;
 * empty rows of zones are left out. The draft comes back with them left out too, so the contract's
 * errors on `zones.<row>` name the rows as shown.
 */
export function deliveryBodyOf(draft: DeliveryDraft): {
  body: Partial<Record<keyof DeliverySettingsForm, unknown>>;
  draft: DeliveryDraft;
  bad: FieldErrors;
} {
  const bad: FieldErrors = {};
  const zones = draft.zones.filter((zone) => !blankZone(zone));
  const money = (name: string, text: string, optional = false) => {
    const minor = minorOfText(text);
    if (minor === undefined || (minor === null && !optional)) {
      bad[name] = minor === null ? FIELD_ERROR_KEYS.required : FIELD_ERROR_KEYS.invalid;
      return Number.NaN;
    }
    return minor;
  };
  const opensAt = minutesOfTime(draft.windowOpensAt);
  const closesClock = minutesOfTime(draft.windowClosesAt);
  if (opensAt === null) bad.windowOpensAt = FIELD_ERROR_KEYS.invalid;
  if (closesClock === null) bad.windowClosesAt = FIELD_ERROR_KEYS.invalid;
  const body = {
    offersDelivery: draft.offersDelivery,
    scheduled: draft.scheduled,
    daysAhead: wholeOfText(draft.daysAhead, "daysAhead", bad),
    windowMinutes: wholeOfText(draft.windowMinutes, "windowMinutes", bad),
    windowOpensAt: opensAt ?? 0,
    windowClosesAt: opensAt === null || closesClock === null ? 1 : closingMinutes(opensAt, closesClock),
    windowDays: draft.windowDays,
    cutoffMinutes: wholeOfText(draft.cutoffMinutes, "cutoffMinutes", bad),
    capacity: wholeOfText(draft.capacity, "capacity", bad),
    deliveryFee: money("deliveryFee", draft.deliveryFee),
    freeDeliveryAbove: money("freeDeliveryAbove", draft.freeDeliveryAbove, true),
    zones: zones.map((zone, row) => ({
      country: zone.country,
      city: zone.city,
      zipPrefix: zone.zipPrefix,
      fee: money(zoneField(row, "fee"), zone.fee),
    })),
  };
  return { body, draft: { ...draft, zones }, bad };
}

/** Per-language texts of a form (`name.en`, `name.ar`, …). */
export function perLanguageOf(form: FormData, name: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, textOf(form, `${name}.${locale}`)])) as Record<
    Locale,
    string
  >;
}

/** The text of a row in the console's language, else the first language that has one. */
export function textIn(texts: Record<string, string>, locale: Locale): string {
  return texts[locale] || LOCALES.map((one) => texts[one]).find(Boolean) || "";
}

export type PostOptionDraft = {
  name: Record<Locale, string>;
  price: string;
  daysMin: string;
  daysMax: string;
};

export function postOptionDraftOfForm(form: FormData): PostOptionDraft {
  return {
    name: perLanguageOf(form, "name"),
    price: textOf(form, "price"),
    daysMin: textOf(form, "daysMin"),
    daysMax: textOf(form, "daysMax"),
  };
}

/** The contract's body of a postal option's draft, an amount that does not read named. */
export function postOptionBodyOf(draft: PostOptionDraft): {
  body: Record<string, unknown>;
  bad: FieldErrors;
} {
  const price = minorOfText(draft.price);
  const bad: FieldErrors = {};
  if (price === undefined) bad.price = FIELD_ERROR_KEYS.invalid;
  if (price === null) bad.price = FIELD_ERROR_KEYS.required;
  return {
    body: {
      name: draft.name,
      price: price ?? Number.NaN,
      daysMin: wholeOfText(draft.daysMin, "daysMin", bad),
      daysMax: wholeOfText(draft.daysMax, "daysMax", bad),
    },
    bad,
  };
}

export type PickupPointDraft = { name: Record<Locale, string>; address: Record<Locale, string> };

export function pickupPointDraftOfForm(form: FormData): PickupPointDraft {
  return { name: perLanguageOf(form, "name"), address: perLanguageOf(form, "address") };
}
