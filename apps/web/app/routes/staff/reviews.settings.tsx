import { REVIEW_REQUEST_DELAY_DAYS_MAX, reviewSettingsSchema } from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { ReviewsTabs } from "../../staff/reviews/ReviewsTabs.tsx";
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
import type { Route } from "./+types/reviews.settings";

/** The shop's review rules. */
export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await context.storeApi.page("staffReviewSettings", {}) };
}

/** Saves the rules (the API audits the change). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const delay = form.get("requestDelayDays");
  const check = validateWith(reviewSettingsSchema, {
    moderateFirst: form.get("moderateFirst") === "on",
    buyersMayAnswer: form.get("buyersMayAnswer") === "on",
    requestEmail: form.get("requestEmail") === "on",
    requestDelayDays:
      typeof delay === "string" && /^\d{1,3}$/.test(delay.trim()) ? Number(delay) : Number.NaN,
  });
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("staffReviewSettingsSave", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, settings: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, `${STAFF_PATH}/reviews/settings`, (t) => t("staffReviews.settings.title"));

function Switch({ name, label, hint, on }: { name: string; label: string; hint: string; on: boolean }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 py-3">
      <input
        type="checkbox"
        name={name}
        defaultChecked={on}
        className="mt-0.5 size-5 shrink-0 rounded border-stone-300 accent-stone-900"
        aria-describedby={`${name}-hint`}
        data-setting={name}
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-stone-900">{label}</span>
        <span id={`${name}-hint`} className="block text-sm text-stone-600">
          {hint}
        </span>
      </span>
    </label>
  );
}

export default function StaffReviewSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = failureIn(actionData);
  const saved =
    actionData && !failure ? (actionData as { settings: typeof loaderData.settings }).settings : null;
  const settings = saved ?? loaderData.settings;
  return (
    <div data-staff-review-settings>
      <ReviewsTabs />
      <StaffPageHeader title={t("staffReviews.settings.title")} intro={t("staffReviews.settings.intro")} />
      <Form method="post" className="max-w-2xl">
        <FormNotice
          failure={formWideFailure(failure)}
          done={saved ? t("staffReviews.settings.saved") : null}
        />
        <StaffPanel>
          <div className="divide-y divide-stone-100">
            <Switch
              name="moderateFirst"
              label={t("staffReviews.settings.moderate-first")}
              hint={t("staffReviews.settings.moderate-first-hint")}
              on={settings.moderateFirst}
            />
            <Switch
              name="buyersMayAnswer"
              label={t("staffReviews.settings.buyers-answer")}
              hint={t("staffReviews.settings.buyers-answer-hint")}
              on={settings.buyersMayAnswer}
            />
            <Switch
              name="requestEmail"
              label={t("staffReviews.settings.request-email")}
              hint={t("staffReviews.settings.request-email-hint")}
              on={settings.requestEmail}
            />
            <div className="py-3">
              <label htmlFor="requestDelayDays" className={staffLabel}>
                {t("staffReviews.settings.delay")}
              </label>
              <input
                id="requestDelayDays"
                name="requestDelayDays"
                type="number"
                min={0}
                max={REVIEW_REQUEST_DELAY_DAYS_MAX}
                defaultValue={settings.requestDelayDays}
                className={`${staffInput} w-28`}
                aria-invalid={failure?.fields.requestDelayDays ? true : undefined}
                aria-describedby="requestDelayDays-hint"
              />
              <FieldError id="requestDelayDays-error" fields={failure?.fields} name="requestDelayDays" />
              <p id="requestDelayDays-hint" className="mt-1 text-xs text-stone-500">
                {t("staffReviews.settings.delay-hint", { max: REVIEW_REQUEST_DELAY_DAYS_MAX })}
              </p>
            </div>
          </div>
        </StaffPanel>
        <button
          type="submit"
          className={`${staffButton.primary} mt-4`}
          disabled={busy}
          data-save-review-settings
        >
          {t("staffReviews.settings.save")}
        </button>
      </Form>
    </div>
  );
}
