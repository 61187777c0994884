import { FIELD_ERROR_KEYS, type StaffTaxSettings, staffTaxSettingsSchema } from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import { type FieldErrors, failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { basisPointsOfPercent, percentOfBasisPoints } from "../../staff/settings/tax.ts";
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
import type { Route } from "./+types/settings.tax";

/** The shop's tax and tips (manager and owner; others meet the role page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { tax: await context.storeApi.page("staffTaxSettings", {}) };
}

/** Saves the rate (typed in percent, kept in basis points) and the two switches. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const typed = form.get("taxRate");
  const taxRateBp = basisPointsOfPercent(typeof typed === "string" ? typed : "");
  if (taxRateBp === undefined) return invalid({ taxRateBp: FIELD_ERROR_KEYS.invalid });
  const check = validateWith(staffTaxSettingsSchema, {
    taxRateBp,
    pricesIncludeTax: form.get("pricesIncludeTax") === "on",
    tipAllowed: form.get("tipAllowed") === "on",
  });
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("staffSetTaxSettings", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, tax: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/tax", (t) => t("staff.tax.title"));

function TaxForm({ tax, fields }: { tax: StaffTaxSettings; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-5" data-staff-tax>
      <div className="max-w-xs">
        <label htmlFor="tax-rate" className={staffLabel}>
          {t("staff.tax.rate")}
        </label>
        <input
          id="tax-rate"
          name="taxRate"
          inputMode="decimal"
          required
          dir="ltr"
          autoComplete="off"
          pattern="\s*\d{1,3}([.,]\d{1,2})?\s*%?\s*"
          defaultValue={percentOfBasisPoints(tax.taxRateBp)}
          className={staffInput}
          aria-invalid={fields?.taxRateBp ? true : undefined}
          aria-describedby={fields?.taxRateBp ? "tax-rate-error" : "tax-rate-hint"}
        />
        <p id="tax-rate-hint" className="mt-1 text-xs text-stone-500">
          {t("staff.tax.rate-hint")}
        </p>
        <FieldError id="tax-rate-error" fields={fields} name="taxRateBp" />
      </div>
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          name="pricesIncludeTax"
          defaultChecked={tax.pricesIncludeTax}
          className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
        />
        <span>{t("staff.tax.included")}</span>
      </label>
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          name="tipAllowed"
          defaultChecked={tax.tipAllowed}
          className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
        />
        <span>{t("staff.tax.tips")}</span>
      </label>
      <button type="submit" className={staffButton.primary} disabled={busy}>
        {t("staff.tax.save")}
      </button>
    </Form>
  );
}

export default function StaffTaxSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureIn(actionData);
  const saved = actionData && !failure ? (actionData as { tax: StaffTaxSettings }).tax : null;
  const tax = saved ?? loaderData.tax;
  return (
    <div data-staff-tax-settings>
      <StaffPageHeader title={t("staff.tax.title")} intro={t("staff.tax.intro")} />
      <StaffPanel className="max-w-3xl">
        <FormNotice failure={formWideFailure(failure)} done={saved ? t("staff.tax.saved") : null} />
        <TaxForm key={saved ? JSON.stringify(saved) : "loaded"} tax={tax} fields={failure?.fields} />
      </StaffPanel>
    </div>
  );
}
