import type { ReferralSettings, Vertical } from "@stoa/contract";
import type { Database } from "../platform/db/database.ts";
import { referralSettings } from "../referrals/tables.ts";
import { upsertChanged } from "./upsert.ts";

/**
 * The demo shops that run a referral programme (decision 067), with rules a real shop of the kind
 * would pick: a grocer gives a tenth off the first basket, a caterer an amount off a first event
 * order, a furniture shop a smaller percent of larger orders with a longer return window. The
 * others have referrals off, as a shop starts.
 */
export const DEMO_REFERRALS: Partial<Record<Vertical, ReferralSettings>> = {
  grocery: {
    enabled: true,
    reward: { kind: "percent", value: 10 },
    commissionBp: 500,
    returnWindowDays: 7,
    monthlyCommissionCap: 10_000,
    monthlyUsesCap: 20,
    payToWallet: true,
  },
  catering: {
    enabled: true,
    reward: { kind: "amount", value: 1_500 },
    commissionBp: 700,
    returnWindowDays: 3,
    monthlyCommissionCap: 20_000,
    monthlyUsesCap: 10,
    payToWallet: false,
  },
  furniture: {
    enabled: true,
    reward: { kind: "percent", value: 5 },
    commissionBp: 300,
    returnWindowDays: 30,
    monthlyCommissionCap: 50_000,
    monthlyUsesCap: 5,
    payToWallet: false,
  },
};

/** Writes the referral rules of the demo shops that have them; re-running rewrites only what changed. */
export async function seedReferrals(
  db: Database,
  stores: readonly { id: number; vertical: Vertical }[],
): Promise<void> {
  const rows = stores.flatMap((store) => {
    const rules = DEMO_REFERRALS[store.vertical];
    if (!rules) return [];
    return [
      {
        storeId: store.id,
        enabled: rules.enabled,
        rewardKind: rules.reward.kind,
        rewardValue: rules.reward.value,
        commissionBp: rules.commissionBp,
        returnWindowDays: rules.returnWindowDays,
        monthlyCommissionCap: rules.monthlyCommissionCap,
        monthlyUsesCap: rules.monthlyUsesCap,
        payToWallet: rules.payToWallet,
      },
    ];
  });
  if (rows.length === 0) return;
  await db
    .insert(referralSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: referralSettings.storeId,
      ...upsertChanged(referralSettings, [
        "enabled",
        "rewardKind",
        "rewardValue",
        "commissionBp",
        "returnWindowDays",
        "monthlyCommissionCap",
        "monthlyUsesCap",
        "payToWallet",
      ]),
    });
}
