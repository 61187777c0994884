import type { ReferralSettings } from "@stoa/contract";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../platform/db/database.ts";
import { type ReferralRules, type ReferralSettingsRow, referralSettings } from "./tables.ts";

/** A shop without a settings row has referrals off, with these rules ready for when staff turn them on. */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  enabled: false,
  reward: { kind: "percent", value: 10 },
  commissionBp: 500,
  returnWindowDays: 14,
  monthlyCommissionCap: null,
  monthlyUsesCap: null,
  payToWallet: false,
};

export function referralSettingsFromRow(row: ReferralSettingsRow | undefined): ReferralSettings {
  if (!row) return DEFAULT_REFERRAL_SETTINGS;
  return {
    enabled: row.enabled,
    reward: { kind: row.rewardKind, value: row.rewardValue },
    commissionBp: row.commissionBp,
    returnWindowDays: row.returnWindowDays,
    monthlyCommissionCap: row.monthlyCommissionCap,
    monthlyUsesCap: row.monthlyUsesCap,
    payToWallet: row.payToWallet,
  };
}

/** The shop's referral rules (one primary-key read). */
export async function referralSettingsOf(db: Database | Tx, storeId: number): Promise<ReferralSettings> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.storeId, storeId));
  return referralSettingsFromRow(row);
}

/** The rules frozen on a referred order. */
export function rulesOf(settings: ReferralSettings): ReferralRules {
  return {
    rewardKind: settings.reward.kind,
    rewardValue: settings.reward.value,
    commissionBp: settings.commissionBp,
    returnWindowDays: settings.returnWindowDays,
    monthlyCommissionCap: settings.monthlyCommissionCap,
    monthlyUsesCap: settings.monthlyUsesCap,
  };
}

/** The calendar month of `at` in the shop's time zone, as YYYY-MM: what the monthly caps count in. */
export function monthIn(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit" })
    .format(at)
    .slice(0, 7);
}
