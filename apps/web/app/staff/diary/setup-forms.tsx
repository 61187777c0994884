import {
  BOOKING_SETTINGS_LIMITS,
  type BookingResourceSetup,
  type BookingServiceSetup,
  type BookingSettingsSetup,
  LOCALES,
  type ReservationServiceSetup,
} from "@stoa/contract";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { FieldError, StaffPanel, staffButton, staffInput, staffLabel } from "../ui.tsx";

/*
 * The booking setup page's forms: one per reservable service, bookable service and resource (and
 * an empty one to add another), and the shop's rules. Times are typed as "HH:MM" on the shop's clock.
 */

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function weekdayName(day: number, locale: string) {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short" }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

function Field({
  id,
  label,
  fields,
  name,
  children,
}: {
  id: string;
  label: string;
  fields?: FieldErrors;
  name: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={staffLabel}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} fields={fields} name={name} />
    </div>
  );
}

function Names({
  prefix,
  names,
  label,
}: {
  prefix: string;
  names: Record<string, string | undefined>;
  label: "name" | "description";
}) {
  const { t } = useTranslation();
  return (
    <>
      {LOCALES.map((locale) => (
        <Field
          key={locale}
          id={`${prefix}-${label}-${locale}`}
          label={t(`staff.diary.setup.${label}-in.${locale}`)}
          name={`${label}Localizations`}
        >
          <input
            id={`${prefix}-${label}-${locale}`}
            name={`${label}.${locale}`}
            defaultValue={names[locale] ?? ""}
            required={label === "name" && locale === "en"}
            lang={locale}
            dir={locale === "en" ? "ltr" : "rtl"}
            className={staffInput}
          />
        </Field>
      ))}
    </>
  );
}

function Submit({ intent, id, edits = id !== null }: { intent: string; id: number | null; edits?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="sm:col-span-2 lg:col-span-3">
      <input type="hidden" name="intent" value={intent} />
      {id !== null ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" className={staffButton.primary}>
        {t(edits ? "staff.diary.setup.save" : "staff.diary.setup.add")}
      </button>
    </div>
  );
}

function Active({ prefix, active }: { prefix: string; active: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={`${prefix}-active`} className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
      <input
        id={`${prefix}-active`}
        type="checkbox"
        name="active"
        defaultChecked={active}
        className="size-4"
      />
      {t("staff.diary.setup.active")}
    </label>
  );
}

const grid = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function ReservationServiceForm({
  service,
  fields,
  locale,
}: {
  service: ReservationServiceSetup | null;
  fields?: FieldErrors;
  locale: string;
}) {
  const { t } = useTranslation();
  const p = `rs-${service?.id ?? "new"}`;
  const s = service;
  return (
    <Form method="post" className={grid} data-reservation-service={s?.id ?? "new"}>
      <Names prefix={p} names={s?.nameLocalizations ?? {}} label="name" />
      <Names prefix={p} names={s?.descriptionLocalizations ?? {}} label="description" />
      <fieldset className="sm:col-span-2 lg:col-span-3">
        <legend className={staffLabel}>{t("staff.diary.setup.weekdays")}</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((day) => (
            <label key={day} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                name="weekdays"
                value={day}
                defaultChecked={s ? s.weekdays.includes(day) : true}
                className="size-4"
              />
              {weekdayName(day, locale)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={`${p}-first`} label={t("staff.diary.setup.first-slot")} fields={fields} name="firstSlot">
        <input
          id={`${p}-first`}
          type="time"
          name="firstSlot"
          required
          defaultValue={hhmm(s?.firstSlot ?? 18 * 60)}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-last`} label={t("staff.diary.setup.last-slot")} fields={fields} name="lastSlot">
        <input
          id={`${p}-last`}
          type="time"
          name="lastSlot"
          required
          defaultValue={hhmm(s?.lastSlot ?? 21 * 60)}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-every`} label={t("staff.diary.setup.every")} fields={fields} name="slotEveryMinutes">
        <input
          id={`${p}-every`}
          type="number"
          name="slotEveryMinutes"
          min={5}
          required
          defaultValue={s?.slotEveryMinutes ?? 30}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-stay`} label={t("staff.diary.setup.stay")} fields={fields} name="stayMinutes">
        <input
          id={`${p}-stay`}
          type="number"
          name="stayMinutes"
          min={15}
          required
          defaultValue={s?.stayMinutes ?? 120}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-capacity`} label={t("staff.diary.setup.capacity")} fields={fields} name="capacity">
        <input
          id={`${p}-capacity`}
          type="number"
          name="capacity"
          min={0}
          required
          defaultValue={s?.capacity ?? 20}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-unit`} label={t("staff.diary.setup.unit")} fields={fields} name="capacityUnit">
        <select
          id={`${p}-unit`}
          name="capacityUnit"
          defaultValue={s?.capacityUnit ?? "covers"}
          className={staffInput}
        >
          <option value="covers">{t("staff.diary.setup.unit-covers")}</option>
          <option value="tables">{t("staff.diary.setup.unit-tables")}</option>
        </select>
      </Field>
      <Field id={`${p}-seats`} label={t("staff.diary.setup.table-seats")} fields={fields} name="tableSeats">
        <input
          id={`${p}-seats`}
          type="number"
          name="tableSeats"
          min={1}
          required
          defaultValue={s?.tableSeats ?? 4}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-min`} label={t("staff.diary.setup.party-min")} fields={fields} name="partyMin">
        <input
          id={`${p}-min`}
          type="number"
          name="partyMin"
          min={1}
          required
          defaultValue={s?.partyMin ?? 1}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-max`} label={t("staff.diary.setup.party-max")} fields={fields} name="partyMax">
        <input
          id={`${p}-max`}
          type="number"
          name="partyMax"
          min={1}
          required
          defaultValue={s?.partyMax ?? 8}
          className={staffInput}
        />
      </Field>
      <Active prefix={p} active={s?.active ?? true} />
      <Submit intent="reservation-service" id={s?.id ?? null} />
    </Form>
  );
}

export function BookingServiceForm({
  service,
  fields,
}: {
  service: BookingServiceSetup | null;
  fields?: FieldErrors;
}) {
  const { t } = useTranslation();
  const p = `bs-${service?.id ?? "new"}`;
  const s = service;
  return (
    <Form method="post" className={grid} data-booking-service={s?.id ?? "new"}>
      <Names prefix={p} names={s?.nameLocalizations ?? {}} label="name" />
      <Names prefix={p} names={s?.descriptionLocalizations ?? {}} label="description" />
      <Field
        id={`${p}-duration`}
        label={t("staff.diary.setup.duration")}
        fields={fields}
        name="durationMinutes"
      >
        <input
          id={`${p}-duration`}
          type="number"
          name="durationMinutes"
          min={5}
          required
          defaultValue={s?.durationMinutes ?? 60}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-buffer`} label={t("staff.diary.setup.buffer")} fields={fields} name="bufferMinutes">
        <input
          id={`${p}-buffer`}
          type="number"
          name="bufferMinutes"
          min={0}
          required
          defaultValue={s?.bufferMinutes ?? 0}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-price`} label={t("staff.diary.setup.price")} fields={fields} name="price">
        <input
          id={`${p}-price`}
          type="number"
          name="price"
          min={0}
          required
          defaultValue={s?.price ?? 0}
          className={staffInput}
        />
      </Field>
      <Field id={`${p}-deposit`} label={t("staff.diary.setup.deposit")} fields={fields} name="deposit">
        <input
          id={`${p}-deposit`}
          type="number"
          name="deposit"
          min={0}
          required
          defaultValue={s?.deposit ?? 0}
          className={staffInput}
        />
      </Field>
      <Active prefix={p} active={s?.active ?? true} />
      <Submit intent="booking-service" id={s?.id ?? null} />
    </Form>
  );
}

export function ResourceForm({
  resource,
  services,
  fields,
  locale,
}: {
  resource: BookingResourceSetup | null;
  services: { id: number; name: string }[];
  fields?: FieldErrors;
  locale: string;
}) {
  const { t } = useTranslation();
  const p = `res-${resource?.id ?? "new"}`;
  const r = resource;
  return (
    <Form method="post" className={grid} data-resource={r?.id ?? "new"}>
      <Names prefix={p} names={r?.nameLocalizations ?? {}} label="name" />
      <fieldset className="sm:col-span-2 lg:col-span-3">
        <legend className={staffLabel}>{t("staff.diary.setup.hours")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEEKDAYS.map((day) => {
            const hours = r?.hours.find((h) => h.weekday === day);
            return (
              <div key={day} className="flex flex-wrap items-center gap-2 text-sm">
                <label className="flex w-20 items-center gap-1.5">
                  <input
                    type="checkbox"
                    name={`open.${day}`}
                    defaultChecked={r ? Boolean(hours) : day !== 0}
                    className="size-4"
                  />
                  {weekdayName(day, locale)}
                </label>
                <input
                  type="time"
                  name={`opens.${day}`}
                  aria-label={t("staff.diary.setup.opens")}
                  defaultValue={hhmm(hours?.opens ?? 9 * 60)}
                  className={`${staffInput} w-auto`}
                />
                <span aria-hidden="true">–</span>
                <input
                  type="time"
                  name={`closes.${day}`}
                  aria-label={t("staff.diary.setup.closes")}
                  defaultValue={hhmm(hours?.closes ?? 17 * 60)}
                  className={`${staffInput} w-auto`}
                />
              </div>
            );
          })}
        </div>
        <FieldError id={`${p}-hours-error`} fields={fields} name="hours" />
      </fieldset>
      <fieldset className="sm:col-span-2 lg:col-span-3">
        <legend className={staffLabel}>{t("staff.diary.setup.performs")}</legend>
        <div className="flex flex-wrap gap-3">
          {services.map((s) => (
            <label key={s.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                name="serviceIds"
                value={s.id}
                defaultChecked={r?.serviceIds.includes(s.id) ?? false}
                className="size-4"
              />
              <bdi>{s.name}</bdi>
            </label>
          ))}
        </div>
      </fieldset>
      <Active prefix={p} active={r?.active ?? true} />
      <Submit intent="resource" id={r?.id ?? null} />
    </Form>
  );
}

export function SettingsForm({ settings, fields }: { settings: BookingSettingsSetup; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const number = (name: keyof typeof BOOKING_SETTINGS_LIMITS) => (
    <Field
      id={`settings-${name}`}
      label={t(`staff.diary.setup.settings.${name}`)}
      fields={fields}
      name={name}
    >
      <input
        id={`settings-${name}`}
        type="number"
        name={name}
        required
        min={BOOKING_SETTINGS_LIMITS[name].min}
        max={BOOKING_SETTINGS_LIMITS[name].max}
        defaultValue={settings[name]}
        className={staffInput}
      />
    </Field>
  );
  return (
    <StaffPanel title={t("staff.diary.setup.settings.title")}>
      <Form method="post" className={grid} data-booking-settings>
        {number("leadMinutes")}
        {number("horizonDays")}
        {number("cancelWindowMinutes")}
        {number("waitlistHoldMinutes")}
        {number("slotStepMinutes")}
        <label
          htmlFor="settings-reminders"
          className="flex items-center gap-2 self-end pb-2 text-sm font-medium"
        >
          <input
            id="settings-reminders"
            type="checkbox"
            name="reminders"
            defaultChecked={settings.reminders}
            className="size-4"
          />
          {t("staff.diary.setup.settings.reminders")}
        </label>
        <Submit intent="settings" id={null} edits />
      </Form>
    </StaffPanel>
  );
}
