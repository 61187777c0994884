import { FIELD_ERROR_KEYS, type OpeningHours, openingHoursSchema } from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import { type FieldErrors, failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { openingHoursOf, timeOfMinutes, weekdayNames } from "../../staff/settings/hours.ts";
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
import type { Route } from "./+types/settings.hours";

export async function loader({ context }: Route.LoaderArgs) {
  return { hours: await context.storeApi.page("staffOpeningHours", { body: {} }) };
}

/** Saves the hours; the contract's own schema checks them first, so its field errors read the same. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { hours, bad } = openingHoursOf({
    timezone: form.get("timezone"),
    opensAt: form.get("opensAt"),
    closesAt: form.get("closesAt"),
    openDays: form.getAll("openDays"),
  });
  const check = validateWith(openingHoursSchema, hours);
  const fields: FieldErrors = check.ok ? {} : { ...check.fields };
  for (const name of bad) fields[name] = FIELD_ERROR_KEYS.invalid;
  if (!check.ok || bad.length > 0) return invalid(fields);
  const outcome = await context.storeApi.form("staffSetOpeningHours", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, hours: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/hours", (t) => t("staff.hours.title"));

function HoursForm({ hours, fields }: { hours: OpeningHours; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const busy = useNavigation().state === "submitting";
  const days = weekdayNames(locale);
  const described = (name: string, hint?: string) => (fields?.[name] ? `hours-${name}-error` : hint);
  return (
    <Form method="post" className="space-y-5" data-staff-hours>
      <div>
        <label htmlFor="hours-timezone" className={staffLabel}>
          {t("staff.hours.timezone")}
        </label>
        <input
          id="hours-timezone"
          name="timezone"
          dir="ltr"
          required
          autoComplete="off"
          spellCheck={false}
          defaultValue={hours.timezone}
          className={`${staffInput} max-w-sm`}
          aria-invalid={fields?.timezone ? true : undefined}
          aria-describedby={described("timezone")}
        />
        <FieldError id="hours-timezone-error" fields={fields} name="timezone" />
      </div>
      <div className="grid max-w-md gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="hours-opensAt" className={staffLabel}>
            {t("staff.hours.opens")}
          </label>
          <input
            id="hours-opensAt"
            name="opensAt"
            type="time"
            required
            dir="ltr"
            defaultValue={timeOfMinutes(hours.opensAt)}
            className={staffInput}
            aria-invalid={fields?.opensAt ? true : undefined}
            aria-describedby={described("opensAt")}
          />
          <FieldError id="hours-opensAt-error" fields={fields} name="opensAt" />
        </div>
        <div>
          <label htmlFor="hours-closesAt" className={staffLabel}>
            {t("staff.hours.closes")}
          </label>
          <input
            id="hours-closesAt"
            name="closesAt"
            type="time"
            required
            dir="ltr"
            defaultValue={timeOfMinutes(hours.closesAt)}
            className={staffInput}
            aria-invalid={fields?.closesAt ? true : undefined}
            aria-describedby={described("closesAt", "hours-closesAt-hint")}
          />
          <FieldError id="hours-closesAt-error" fields={fields} name="closesAt" />
        </div>
        <p id="hours-closesAt-hint" className="text-xs text-stone-500 sm:col-span-2">
          {t("staff.hours.closes-hint")}
        </p>
      </div>
      <fieldset aria-describedby={described("openDays", "hours-days-hint")}>
        <legend className={staffLabel}>{t("staff.hours.days")}</legend>
        <div className="flex flex-wrap gap-2">
          {days.map((name, day) => (
            <label
              key={name}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-800 has-checked:border-stone-900 has-checked:bg-stone-900 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-stone-900/30"
            >
              <input
                type="checkbox"
                name="openDays"
                value={day}
                defaultChecked={hours.openDays.includes(day)}
                className="size-4 accent-stone-900"
                data-open-day={day}
              />
              {name}
            </label>
          ))}
        </div>
        <FieldError id="hours-openDays-error" fields={fields} name="openDays" />
        <p id="hours-days-hint" className="mt-1.5 text-xs text-stone-500">
          {t("staff.hours.no-days")}
        </p>
      </fieldset>
      <button type="submit" className={staffButton.primary} disabled={busy}>
        {t("staff.hours.save")}
      </button>
    </Form>
  );
}

export default function StaffOpeningHours({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureIn(actionData);
  const saved = actionData && !failure ? (actionData as { hours: OpeningHours }).hours : null;
  const hours = saved ?? loaderData.hours;
  return (
    <div data-staff-opening-hours>
      <StaffPageHeader title={t("staff.hours.title")} intro={t("staff.hours.intro")} />
      <StaffPanel className="max-w-3xl">
        <FormNotice failure={formWideFailure(failure)} done={saved ? t("staff.hours.saved") : null} />
        {/* A save starts the form again from what the shop now keeps. */}
        <HoursForm key={JSON.stringify(hours)} hours={hours} fields={failure?.fields} />
      </StaffPanel>
    </div>
  );
}
