import { deliverySettingsFormSchema, type StaffDeliverySettings } from "@stoa/contract";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { type FieldErrors, invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import {
  type DeliveryDraft,
  deliveryBodyOf,
  deliveryDraftOf,
  deliveryDraftOfForm,
  editedZones,
  zoneEditOf,
  zoneField,
} from "../../staff/settings/delivery.ts";
import { timeOfMinutes, weekdayNames } from "../../staff/settings/hours.ts";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/settings.delivery";

/** How the shop delivers to the door (manager and owner; others meet the role page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { delivery: await context.storeApi.page("staffDeliverySettings", {}) };
}

/**
 * One form: the zone buttons change the rows shown and save nothing (so they work without
 * scripts); Save checks the whole form with the contract's schema, then sends it. A failure comes
 * back with the form as typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const typed = deliveryDraftOfForm(form);
  const edit = zoneEditOf(form.get("intent"));
  if (edit) return { ok: true as const, draft: { ...typed, zones: editedZones(typed.zones, edit) } };
  const { body, draft, bad } = deliveryBodyOf(typed);
  const check = validateWith(deliverySettingsFormSchema, body);
  if (!check.ok || Object.keys(bad).length > 0) {
    const fields: FieldErrors = { ...(check.ok ? {} : check.fields), ...bad };
    return data({ ...invalidFields(fields), draft }, { status: 400 });
  }
  const outcome = await context.storeApi.form("staffUpdateDeliverySettings", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, draft }, { status: outcome.status });
  return { ok: true as const, saved: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/delivery", (t) => t("staff.delivery.title"));

function Field({
  id,
  name,
  label,
  hint,
  fields,
  children,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  fields?: FieldErrors;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={staffLabel}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} fields={fields} name={name} />
    </div>
  );
}

/** A field's state for assistive technology: invalid, and what says why (or the hint). */
const aria = (fields: FieldErrors | undefined, name: string, id: string, hint = false) => ({
  "aria-invalid": fields?.[name] ? true : undefined,
  "aria-describedby": fields?.[name] ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

const numberInput = (min: number, max: number) => ({
  type: "number",
  inputMode: "numeric" as const,
  min,
  max,
  dir: "ltr",
  required: true,
  className: staffInput,
});

const moneyInput = { type: "text", inputMode: "decimal" as const, dir: "ltr", className: staffInput };

const ICON_BUTTON =
  "inline-flex size-10 items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-700 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40";

function Zones({
  draft,
  fields,
  currency,
}: {
  draft: DeliveryDraft;
  fields?: FieldErrors;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3" data-delivery-zones>
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t("staff.delivery.zones")}</legend>
      <p className="text-xs text-stone-500">{t("staff.delivery.zones-intro")}</p>
      {draft.zones.length === 0 ? (
        <p className="text-sm text-stone-600">{t("staff.delivery.no-zones")}</p>
      ) : null}
      <ol className="space-y-3">
        {draft.zones.map((zone, row) => {
          const n = row + 1;
          const id = (field: "country" | "city" | "zipPrefix" | "fee") => `zone-${row}-${field}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list; moving one redraws the form.
            <li key={row} className="rounded-lg border border-stone-200 p-3" data-zone={row}>
              <div className="mb-2 flex items-center justify-between gap-2">
                <p className="text-sm font-medium text-stone-800">{t("staff.delivery.zone", { n })}</p>
                <div className="flex gap-1.5">
                  <button
                    type="submit"
                    name="intent"
                    value={`zone-up:${row}`}
                    className={ICON_BUTTON}
                    disabled={row === 0}
                    aria-label={t("staff.delivery.zone-up", { n })}
                    title={t("staff.delivery.zone-up", { n })}
                    formNoValidate
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`zone-down:${row}`}
                    className={ICON_BUTTON}
                    disabled={row === draft.zones.length - 1}
                    aria-label={t("staff.delivery.zone-down", { n })}
                    title={t("staff.delivery.zone-down", { n })}
                    formNoValidate
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`zone-remove:${row}`}
                    className={`${ICON_BUTTON} text-red-700`}
                    aria-label={t("staff.delivery.zone-remove", { n })}
                    title={t("staff.delivery.zone-remove", { n })}
                    formNoValidate
                    data-zone-remove={row}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-4">
                <Field
                  id={id("country")}
                  name={zoneField(row, "country")}
                  label={t("staff.delivery.country")}
                  fields={fields}
                >
                  <input
                    id={id("country")}
                    name={zoneField(row, "country")}
                    defaultValue={zone.country}
                    maxLength={56}
                    dir="auto"
                    autoComplete="off"
                    className={staffInput}
                    {...aria(fields, zoneField(row, "country"), id("country"))}
                  />
                </Field>
                <Field
                  id={id("city")}
                  name={zoneField(row, "city")}
                  label={t("staff.delivery.city")}
                  fields={fields}
                >
                  <input
                    id={id("city")}
                    name={zoneField(row, "city")}
                    defaultValue={zone.city}
                    maxLength={80}
                    dir="auto"
                    autoComplete="off"
                    className={staffInput}
                    {...aria(fields, zoneField(row, "city"), id("city"))}
                  />
                </Field>
                <Field
                  id={id("zipPrefix")}
                  name={zoneField(row, "zipPrefix")}
                  label={t("staff.delivery.zip")}
                  fields={fields}
                >
                  <input
                    id={id("zipPrefix")}
                    name={zoneField(row, "zipPrefix")}
                    defaultValue={zone.zipPrefix}
                    maxLength={16}
                    dir="ltr"
                    autoComplete="off"
                    className={staffInput}
                    {...aria(fields, zoneField(row, "zipPrefix"), id("zipPrefix"))}
                  />
                </Field>
                <Field
                  id={id("fee")}
                  name={zoneField(row, "fee")}
                  label={t("staff.delivery.zone-fee", { currency })}
                  fields={fields}
                >
                  <input
                    id={id("fee")}
                    name={zoneField(row, "fee")}
                    defaultValue={zone.fee}
                    {...moneyInput}
                    {...aria(fields, zoneField(row, "fee"), id("fee"))}
                  />
                </Field>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="submit" name="intent" value="zone-add" className={staffButton.secondary} formNoValidate>
        {t("staff.delivery.add-zone")}
      </button>
    </fieldset>
  );
}

function DeliveryForm({
  draft,
  fields,
  delivery,
}: {
  draft: DeliveryDraft;
  fields?: FieldErrors;
  delivery: StaffDeliverySettings;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const busy = useNavigation().state === "submitting";
  const { currency, openingHours } = delivery;
  const days = weekdayNames(locale);
  return (
    <Form method="post" className="space-y-8" data-delivery-settings>
      {/* Enter in a field saves: the first submit button of a form is the one it presses. */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
        {t("staff.delivery.save")}
      </button>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-semibold text-stone-900">{t("staff.delivery.door")}</legend>
        <label className="flex items-start gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            name="offersDelivery"
            defaultChecked={draft.offersDelivery}
            className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
          />
          <span>
            {t("staff.delivery.offers")}
            <span className="block text-xs text-stone-500">{t("staff.delivery.offers-hint")}</span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            name="scheduled"
            defaultChecked={draft.scheduled}
            className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
          />
          <span>
            {t("staff.delivery.scheduled")}
            <span className="block text-xs text-stone-500">{t("staff.delivery.scheduled-hint")}</span>
          </span>
        </label>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-1 text-sm font-semibold text-stone-900">{t("staff.delivery.windows")}</legend>
        <div className="space-y-0.5 text-xs text-stone-500">
          <p>
            {t("staff.delivery.hours-label")}{" "}
            {/* Times and a zone name read left to right in every language. */}
            <bdi dir="ltr" data-opening-hours>
              {`${timeOfMinutes(openingHours.opensAt)}–${timeOfMinutes(openingHours.closesAt)} (${openingHours.timezone})`}
            </bdi>
          </p>
          <p>
            {t("staff.delivery.hours-own")}{" "}
            <Link to={`${STAFF_PATH}/settings/hours`} className="font-medium text-stone-900 underline">
              {t("staff.delivery.hours-link")}
            </Link>
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="delivery-windowOpensAt"
            name="windowOpensAt"
            label={t("staff.delivery.first")}
            fields={fields}
          >
            <input
              id="delivery-windowOpensAt"
              name="windowOpensAt"
              type="time"
              required
              dir="ltr"
              defaultValue={draft.windowOpensAt}
              className={staffInput}
              {...aria(fields, "windowOpensAt", "delivery-windowOpensAt")}
            />
          </Field>
          <Field
            id="delivery-windowClosesAt"
            name="windowClosesAt"
            label={t("staff.delivery.last")}
            hint={t("staff.delivery.last-hint")}
            fields={fields}
          >
            <input
              id="delivery-windowClosesAt"
              name="windowClosesAt"
              type="time"
              required
              dir="ltr"
              defaultValue={draft.windowClosesAt}
              className={staffInput}
              {...aria(fields, "windowClosesAt", "delivery-windowClosesAt", true)}
            />
          </Field>
          <Field
            id="delivery-windowMinutes"
            name="windowMinutes"
            label={t("staff.delivery.window-minutes")}
            fields={fields}
          >
            <input
              id="delivery-windowMinutes"
              name="windowMinutes"
              defaultValue={draft.windowMinutes}
              {...numberInput(15, 1440)}
              {...aria(fields, "windowMinutes", "delivery-windowMinutes")}
            />
          </Field>
          <Field
            id="delivery-daysAhead"
            name="daysAhead"
            label={t("staff.delivery.days-ahead")}
            fields={fields}
          >
            <input
              id="delivery-daysAhead"
              name="daysAhead"
              defaultValue={draft.daysAhead}
              {...numberInput(1, 60)}
              {...aria(fields, "daysAhead", "delivery-daysAhead")}
            />
          </Field>
          <Field
            id="delivery-cutoffMinutes"
            name="cutoffMinutes"
            label={t("staff.delivery.cutoff")}
            fields={fields}
          >
            <input
              id="delivery-cutoffMinutes"
              name="cutoffMinutes"
              defaultValue={draft.cutoffMinutes}
              {...numberInput(0, 10080)}
              {...aria(fields, "cutoffMinutes", "delivery-cutoffMinutes")}
            />
          </Field>
          <Field id="delivery-capacity" name="capacity" label={t("staff.delivery.capacity")} fields={fields}>
            <input
              id="delivery-capacity"
              name="capacity"
              defaultValue={draft.capacity}
              {...numberInput(1, 10000)}
              {...aria(fields, "capacity", "delivery-capacity")}
            />
          </Field>
        </div>
        <fieldset>
          <legend className={staffLabel}>{t("staff.delivery.days")}</legend>
          <div className="flex flex-wrap gap-2">
            {days.map((name, day) => (
              <label
                key={name}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-800 has-checked:border-stone-900 has-checked:bg-stone-900 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-stone-900/30"
              >
                <input
                  type="checkbox"
                  name="windowDays"
                  value={day}
                  defaultChecked={draft.windowDays.includes(day)}
                  className="size-4 accent-stone-900"
                />
                {name}
              </label>
            ))}
          </div>
          <FieldError id="delivery-windowDays-error" fields={fields} name="windowDays" />
        </fieldset>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-1 text-sm font-semibold text-stone-900">{t("staff.delivery.charges")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="delivery-deliveryFee"
            name="deliveryFee"
            label={t("staff.delivery.fee", { currency })}
            fields={fields}
          >
            <input
              id="delivery-deliveryFee"
              name="deliveryFee"
              required
              defaultValue={draft.deliveryFee}
              {...moneyInput}
              {...aria(fields, "deliveryFee", "delivery-deliveryFee")}
            />
          </Field>
          <Field
            id="delivery-freeDeliveryAbove"
            name="freeDeliveryAbove"
            label={t("staff.delivery.free-above", { currency })}
            hint={t("staff.delivery.free-above-hint")}
            fields={fields}
          >
            <input
              id="delivery-freeDeliveryAbove"
              name="freeDeliveryAbove"
              defaultValue={draft.freeDeliveryAbove}
              {...moneyInput}
              {...aria(fields, "freeDeliveryAbove", "delivery-freeDeliveryAbove", true)}
            />
          </Field>
        </div>
      </fieldset>

      <Zones draft={draft} fields={fields} currency={currency} />

      <button type="submit" name="intent" value="save" className={staffButton.primary} disabled={busy}>
        {t("staff.delivery.save")}
      </button>
    </Form>
  );
}

type Answer = { ok: boolean; draft?: DeliveryDraft; saved?: StaffDeliverySettings };

export default function StaffDeliverySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  const delivery = answer?.saved ?? loaderData.delivery;
  const draft = answer?.draft ?? deliveryDraftOf(delivery.settings);
  const notice = answer?.saved
    ? t("staff.delivery.saved")
    : answer?.draft && !failure
      ? t("staff.delivery.unsaved")
      : null;
  return (
    <div data-staff-delivery>
      <StaffPageHeader title={t("staff.delivery.title")} intro={t("staff.delivery.intro")} />
      <StaffPanel className="max-w-4xl">
        <FormNotice failure={formWideFailure(failure)} done={notice} />
        {/* Each answer starts the form again from what it holds: saved, or as typed. */}
        <DeliveryForm
          key={JSON.stringify(draft)}
          draft={draft}
          fields={failure?.fields}
          delivery={delivery}
        />
      </StaffPanel>
    </div>
  );
}
