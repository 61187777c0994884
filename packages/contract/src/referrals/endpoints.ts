import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  devClockBodySchema,
  devClockSchema,
  myReferralCodeSchema,
  referralInfoQuerySchema,
  referralInfoSchema,
  referralOrdersQuerySchema,
  referralOrdersSchema,
  referralSettingsSchema,
  staffCommissionListBodySchema,
  staffCommissionListSchema,
  staffCommissionPayBodySchema,
  staffCommissionPaySchema,
  staffReferralDecideBodySchema,
  staffReferralReviewListBodySchema,
  staffReferralReviewListSchema,
  staffReferralReviewSchema,
} from "./schemas.ts";

const call = { tag: "Referrals" } as const;

/** Spec §7 "Promotion and referral": at the spec's paths exactly as written. */
export const referralEndpoints = {
  referralInfo: {
    ...call,
    method: "get",
    path: "/user/referralCode/info",
    summary:
      "Check a referral code for the caller's first order (customer or guest session): what it gives; an unknown or disabled code, the caller's own, or a caller who ordered before is REFERRAL_CODE_INVALID with data.reason (throttled per address and caller)",
    auth: true,
    query: referralInfoQuerySchema,
    data: referralInfoSchema,
  },
  myReferralCode: {
    ...call,
    method: "get",
    path: "/user/getReferralCode",
    summary:
      "The signed-in customer's referral code and share link (made at sign-in when the shop has referrals on; null when it has them off)",
    auth: true,
    data: myReferralCodeSchema,
  },
  generateReferralCode: {
    ...call,
    method: "post",
    path: "/user/generateReferralCode",
    summary: "A new referral code for the signed-in customer: the old one stops working at once",
    auth: true,
    data: myReferralCodeSchema,
  },
  referralOrders: {
    ...call,
    method: "post",
    path: "/api/storeOrder/listByReferralCode/storeCustomer",
    summary:
      "The signed-in customer's commission ledger: each referred order by number, date and amount with its commission and state (isCommissionPaid filters), newest first, with totals; never the friend's name, email or address",
    auth: true,
    query: referralOrdersQuerySchema,
    data: referralOrdersSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

const staff = { tag: "Staff", auth: true, staff: true } as const;

/** The console's referral screens: the rules, the commissions to pay, the review queue. */
export const staffReferralEndpoints = {
  staffReferralSettings: {
    ...staff,
    method: "get",
    path: "/api/staff/referrals/settings",
    summary: "The shop's referral rules",
    permission: "settings",
    data: referralSettingsSchema,
  },
  staffReferralSettingsSave: {
    ...staff,
    method: "post",
    path: "/api/staff/referrals/settings/save",
    summary:
      "Change the shop's referral rules (audited); orders placed keep the rules they were placed under",
    permission: "settings",
    body: referralSettingsSchema,
    data: referralSettingsSchema,
  },
  staffCommissions: {
    ...staff,
    method: "post",
    path: "/api/staff/referrals/commissions",
    summary: "Commission entries in one state (payable by default), oldest payable first, with their sum",
    permission: "catalogue",
    body: staffCommissionListBodySchema,
    data: staffCommissionListSchema,
  },
  staffCommissionsPay: {
    ...staff,
    method: "post",
    path: "/api/staff/referrals/commissions/pay",
    summary:
      "Mark payable commissions paid, in bulk (audited): each entry once, however many staff press at once; entries no longer payable are named back untouched",
    permission: "catalogue",
    body: staffCommissionPayBodySchema,
    data: staffCommissionPaySchema,
  },
  staffReferralReviews: {
    ...staff,
    method: "post",
    path: "/api/staff/referrals/reviews",
    summary: "Referrals held as suspicious, open first: why, who referred whom, the order",
    permission: "catalogue",
    body: staffReferralReviewListBodySchema,
    data: staffReferralReviewListSchema,
  },
  staffReferralDecide: {
    ...staff,
    method: "post",
    path: "/api/staff/referrals/reviews/decide",
    summary:
      "Clear a held referral (its commission goes on like any other) or refuse it (its commission is cancelled), with a note (audited)",
    permission: "catalogue",
    body: staffReferralDecideBodySchema,
    data: staffReferralReviewSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/**
 * Not a store call: moves the API process's referral clock forward (DEV_CLOCK) and runs the
 * referral sweep at once, so journeys can see a return window pass. Switched off in production.
 */
export const devClock = {
  path: "/dev/clock",
  body: devClockBodySchema,
  data: devClockSchema,
} as const;
