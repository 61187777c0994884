import type { ReferralSettings } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  referralSettingsBodyOf,
  referralSettingsTextOf,
  textOfReferralSettings,
} from "./referral-settings-form.ts";

const settings: ReferralSettings = {
  enabled: true,
  reward: { kind: "percent", value: 10 },
  commissionBp: 500,
  returnWindowDays: 14,
  monthlyCommissionCap: 10_000,
  monthlyUsesCap: null,
  payToWallet: true,
};

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("the referral settings form", () => {
  it("shows the settings as staff type them and reads them back unchanged", () => {
    const text = textOfReferralSettings(settings);
    expect(text).toMatchObject({
      rewardPercent: "10",
      commission: "5",
      monthlyCommissionCap: "100.00",
      monthlyUsesCap: "",
    });
    expect(referralSettingsBodyOf(text)).toEqual({ ok: true, body: settings });
  });

  it("reads an amount reward in the shop's money, percents with decimals, and empty caps as no limit", () => {
    const text = referralSettingsTextOf(
      form({
        enabled: "on",
        rewardKind: "amount",
        rewardAmount: "5,50",
        commission: "2.5",
        returnWindowDays: "30",
        monthlyCommissionCap: "",
        monthlyUsesCap: "12",
      }),
    );
    expect(referralSettingsBodyOf(text)).toEqual({
      ok: true,
      body: {
        enabled: true,
        reward: { kind: "amount", value: 550 },
        commissionBp: 250,
        returnWindowDays: 30,
        monthlyCommissionCap: null,
        monthlyUsesCap: 12,
        payToWallet: false,
      },
    });
  });

  it("names each field that does not read, under the contract's names", () => {
    const text = referralSettingsTextOf(
      form({
        rewardKind: "percent",
        rewardPercent: "",
        commission: "five",
        returnWindowDays: "400",
        monthlyCommissionCap: "lots",
        monthlyUsesCap: "0",
      }),
    );
    const answer = referralSettingsBodyOf(text);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.fields["reward.value"]).toBe("error-field-required");
    expect(answer.fields.commissionBp).toBeTruthy();
    expect(answer.fields.returnWindowDays).toBeTruthy();
    expect(answer.fields.monthlyCommissionCap).toBeTruthy();
    expect(answer.fields.monthlyUsesCap).toBeTruthy();
  });

  it("refuses a percent reward over 100", () => {
    const text = { ...textOfReferralSettings(settings), rewardPercent: "120" };
    expect(referralSettingsBodyOf(text)).toMatchObject({
      ok: false,
      fields: { "reward.value": expect.any(String) },
    });
  });
});

describe("a percent reward", () => {
  it("is at most 100, as the contract says for the API too", () => {
    const text = { ...textOfReferralSettings(settings), rewardPercent: "101" };
    expect(referralSettingsBodyOf(text)).toEqual({
      ok: false,
      fields: { "reward.value": "error-coupon-percent" },
    });
  });
});
