import {
  FIELD_ERROR_KEYS,
  REFERRAL_REWARD_KINDS,
  type ReferralRewardKind,
  type ReferralSettings,
  referralSettingsSchema,
} from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { majorText, minorOfText } from "../settings/delivery.ts";
import { basisPointsOfPercent, percentOfBasisPoints } from "../settings/tax.ts";

/**
 * The referral settings form as typed (decision 067): a percent reward and the commission in
 * percent, an amount reward and the monthly cap in the shop's money (major units), the caps empty
 * for no limit. A form sent back with an error shows it again as typed.
 */
export type ReferralSettingsText = {
  enabled: boolean;
  rewardKind: ReferralRewardKind;
  rewardPercent: string;
  rewardAmount: string;
  commission: string;
  returnWindowDays: string;
  monthlyCommissionCap: string;
  monthlyUsesCap: string;
  payToWallet: boolean;
};

export function textOfReferralSettings(settings: ReferralSettings): ReferralSettingsText {
  const percent = settings.reward.kind === "percent";
  return {
    enabled: settings.enabled,
    rewardKind: settings.reward.kind,
    rewardPercent: percent ? String(settings.reward.value) : "",
    rewardAmount: percent ? "" : majorText(settings.reward.value),
    commission: percentOfBasisPoints(settings.commissionBp),
    returnWindowDays: String(settings.returnWindowDays),
    monthlyCommissionCap: majorText(settings.monthlyCommissionCap),
    monthlyUsesCap: settings.monthlyUsesCap === null ? "" : String(settings.monthlyUsesCap),
    payToWallet: settings.payToWallet,
  };
}

export function referralSettingsTextOf(form: FormData): ReferralSettingsText {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const kind = text("rewardKind");
  return {
    enabled: form.get("enabled") === "on",
    rewardKind: (REFERRAL_REWARD_KINDS as readonly string[]).includes(kind)
      ? (kind as ReferralRewardKind)
      : "percent",
    rewardPercent: text("rewardPercent"),
    rewardAmount: text("rewardAmount"),
    commission: text("commission"),
    returnWindowDays: text("returnWindowDays"),
    monthlyCommissionCap: text("monthlyCommissionCap"),
    monthlyUsesCap: text("monthlyUsesCap"),
    payToWallet: form.get("payToWallet") === "on",
  };
}

/** A whole number as typed; NaN (which the contract refuses) for anything else. */
function whole(text: string): number {
  const value = text.trim();
  return /^-?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The contract's body of what was typed, or the field errors under the contract's own names
 * (`reward.value`, `commissionBp`…), which the page shows beside the typed fields.
 */
export function referralSettingsBodyOf(
  text: ReferralSettingsText,
): { ok: true; body: ReferralSettings } | { ok: false; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const percent = text.rewardKind === "percent";
  const rewardValue = percent ? whole(text.rewardPercent) : minorOfText(text.rewardAmount);
  if (rewardValue === null || rewardValue === undefined || Number.isNaN(rewardValue))
    fields["reward.value"] = text[percent ? "rewardPercent" : "rewardAmount"].trim()
      ? FIELD_ERROR_KEYS.invalid
      : FIELD_ERROR_KEYS.required;
  const commissionBp = basisPointsOfPercent(text.commission);
  if (commissionBp === undefined) fields.commissionBp = FIELD_ERROR_KEYS.invalid;
  const cap = minorOfText(text.monthlyCommissionCap);
  if (cap === undefined) fields.monthlyCommissionCap = FIELD_ERROR_KEYS.invalid;
  const uses = text.monthlyUsesCap.trim() === "" ? null : whole(text.monthlyUsesCap);
  const check = validateWith(referralSettingsSchema, {
    enabled: text.enabled,
    reward: { kind: text.rewardKind, value: rewardValue ?? Number.NaN },
    commissionBp: commissionBp ?? Number.NaN,
    returnWindowDays: whole(text.returnWindowDays),
    monthlyCommissionCap: cap ?? null,
    monthlyUsesCap: uses,
    payToWallet: text.payToWallet,
  });
  const all = { ...(check.ok ? {} : check.fields), ...fields };
  if (!check.ok || Object.keys(fields).length > 0) return { ok: false, fields: all };
  return { ok: true, body: check.data };
}
