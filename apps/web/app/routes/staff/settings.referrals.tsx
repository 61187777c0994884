import type { ReferralSettings } from "@stoa/contract";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { type FieldErrors, failed } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import {
  type ReferralSettingsText,
  referralSettingsBodyOf,
  referralSettingsTextOf,
  textOfReferralSettings,
} from "../../staff/referrals/referral-settings-form.ts";
import {
  FormNotice,
  failureIn,
  formWideFailure,
  StaffField,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/settings.referrals";

/** The shop's referral rules (settings permission; others meet the role page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await context.storeApi.page("staffReferralSettings", {}) };
}

/** Saves the rules as typed; orders already placed keep the rules they were placed under. */
export async function action({ request, context }: Route.ActionArgs) {
  const text = referralSettingsTextOf(await request.formData());
  const read = referralSettingsBodyOf(text);
  if (!read.ok)
    return data({ ok: false as const, code: "400", key: "", message: "", fields: read.fields, text }, 400);
  const outcome = await context.storeApi.form("staffReferralSettingsSave", { body: read.body });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, settings: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/referrals", (t) => t("staffReferrals.settings.title"));

const CHECK = "mt-0.5 size-4 shrink-0 rounded border-stone-400";

function ReferralSettingsForm({
  text,
  currency,
  fields,
}: {
  text: ReferralSettingsText;
  currency: string;
  fields?: FieldErrors;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [kind, setKind] = useState(text.rewardKind);
  const described = (id: string, name: string, hint = false) =>
    fields?.[name] ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const invalid = (name: string) => (fields?.[name] ? true : undefined);
  return (
    <Form method="post" className="space-y-6" data-staff-referral-settings-form>
      <label className="flex items-start gap-3 text-sm font-medium text-stone-900">
        <input type="checkbox" name="enabled" defaultChecked={text.enabled} className={CHECK} />
        <span>{t("staffReferrals.settings.enabled")}</span>
      </label>

      <fieldset className="space-y-3">
        <legend className="mb-1.5 text-sm font-medium text-stone-800">
          {t("staffReferrals.settings.reward")}
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(["percent", "amount"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name="rewardKind"
                value={value}
                defaultChecked={text.rewardKind === value}
                onChange={() => setKind(value)}
                className="size-4 border-stone-400"
              />
              {t(`staffReferrals.settings.kind-${value}`)}
            </label>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {/* Both stay in the form without scripts; with them, only the chosen kind's field shows. */}
          <div className={kind === "percent" ? "" : "hidden"}>
            <StaffField
              id="reward-percent"
              label={t("staffReferrals.settings.reward-percent")}
              fields={kind === "percent" ? fields : undefined}
              name="reward.value"
            >
              <input
                id="reward-percent"
                name="rewardPercent"
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                defaultValue={text.rewardPercent}
                className={staffInput}
                aria-invalid={kind === "percent" ? invalid("reward.value") : undefined}
                aria-describedby={
                  kind === "percent" ? described("reward-percent", "reward.value") : undefined
                }
              />
            </StaffField>
          </div>
          <div className={kind === "amount" ? "" : "hidden"}>
            <StaffField
              id="reward-amount"
              label={t("staffReferrals.settings.reward-amount", { currency })}
              fields={kind === "amount" ? fields : undefined}
              name="reward.value"
            >
              <input
                id="reward-amount"
                name="rewardAmount"
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                defaultValue={text.rewardAmount}
                className={staffInput}
                aria-invalid={kind === "amount" ? invalid("reward.value") : undefined}
                aria-describedby={kind === "amount" ? described("reward-amount", "reward.value") : undefined}
              />
            </StaffField>
          </div>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <StaffField
          id="commission"
          label={t("staffReferrals.settings.commission")}
          hint={t("staffReferrals.settings.commission-hint")}
          fields={fields}
          name="commissionBp"
        >
          <input
            id="commission"
            name="commission"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            defaultValue={text.commission}
            className={staffInput}
            aria-invalid={invalid("commissionBp")}
            aria-describedby={described("commission", "commissionBp", true)}
          />
        </StaffField>
        <StaffField
          id="return-window"
          label={t("staffReferrals.settings.return-window")}
          hint={t("staffReferrals.settings.return-window-hint")}
          fields={fields}
          name="returnWindowDays"
        >
          <input
            id="return-window"
            name="returnWindowDays"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            defaultValue={text.returnWindowDays}
            className={staffInput}
            aria-invalid={invalid("returnWindowDays")}
            aria-describedby={described("return-window", "returnWindowDays", true)}
          />
        </StaffField>
        <StaffField
          id="commission-cap"
          label={t("staffReferrals.settings.commission-cap", { currency })}
          hint={t("staffReferrals.settings.no-limit")}
          fields={fields}
          name="monthlyCommissionCap"
        >
          <input
            id="commission-cap"
            name="monthlyCommissionCap"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            defaultValue={text.monthlyCommissionCap}
            className={staffInput}
            aria-invalid={invalid("monthlyCommissionCap")}
            aria-describedby={described("commission-cap", "monthlyCommissionCap", true)}
          />
        </StaffField>
        <StaffField
          id="uses-cap"
          label={t("staffReferrals.settings.uses-cap")}
          hint={t("staffReferrals.settings.no-limit")}
          fields={fields}
          name="monthlyUsesCap"
        >
          <input
            id="uses-cap"
            name="monthlyUsesCap"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            defaultValue={text.monthlyUsesCap}
            className={staffInput}
            aria-invalid={invalid("monthlyUsesCap")}
            aria-describedby={described("uses-cap", "monthlyUsesCap", true)}
          />
        </StaffField>
      </div>

      <div>
        <label className="flex items-start gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            name="payToWallet"
            defaultChecked={text.payToWallet}
            className={CHECK}
            aria-describedby="pay-to-wallet-hint"
          />
          <span>{t("staffReferrals.settings.pay-to-wallet")}</span>
        </label>
        <p id="pay-to-wallet-hint" className="ms-7 mt-1 text-xs text-stone-500">
          {t("staffReferrals.settings.pay-to-wallet-hint")}
        </p>
      </div>

      <button type="submit" className={staffButton.primary} disabled={busy} data-save-referral-settings>
        {t("staffReferrals.settings.save")}
      </button>
    </Form>
  );
}

export default function StaffReferralSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useShop();
  const failure = failureIn(actionData);
  const saved = actionData && !failure ? (actionData as { settings: ReferralSettings }).settings : null;
  const typed = failure && "text" in failure ? (failure as { text: ReferralSettingsText }).text : null;
  const text = typed ?? textOfReferralSettings(saved ?? loaderData.settings);
  return (
    <div data-staff-referral-settings>
      <StaffPageHeader
        title={t("staffReferrals.settings.title")}
        intro={t("staffReferrals.settings.intro")}
      />
      <StaffPanel className="max-w-3xl">
        <FormNotice
          failure={formWideFailure(failure)}
          done={saved ? t("staffReferrals.settings.saved") : null}
        />
        <ReferralSettingsForm
          key={JSON.stringify(text)}
          text={text}
          currency={store.settings.currency}
          fields={failure?.fields}
        />
      </StaffPanel>
    </div>
  );
}
