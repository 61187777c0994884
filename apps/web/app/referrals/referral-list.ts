import { formatMoney, type Locale, type ReferralOrderRecord, type ReferralReward } from "@stoa/contract";
import { leftToRight } from "../platform/i18n/bidi.ts";

/** The ledger's filter on the Refer a friend page (spec §7's `isCommissionPaid`): all, paid, not paid. */
export const REFERRAL_FILTERS = ["all", "paid", "unpaid"] as const;
export type ReferralFilter = (typeof REFERRAL_FILTERS)[number];

/** Entries a page of the ledger shows; the call allows up to REFERRAL_LIST_LIMIT. */
export const REFERRAL_PAGE_SIZE = 20;

export const REFERRALS_PATH = "/account/referrals";

export type ReferralListParams = { filter: ReferralFilter; page: number };

/** The page's filter and page from its address; anything else is the first page of all. */
export function referralListParams(search: URLSearchParams): ReferralListParams {
  const asked = search.get("show");
  const filter = (REFERRAL_FILTERS as readonly string[]).includes(asked ?? "")
    ? (asked as ReferralFilter)
    : "all";
  const page = Number(search.get("page"));
  return { filter, page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** The query of `listByReferralCode/storeCustomer` for these params. */
export function referralOrdersQuery({ filter, page }: ReferralListParams) {
  return {
    limit: REFERRAL_PAGE_SIZE,
    page,
    ...(filter === "all"
      ? {}
      : { isCommissionPaid: filter === "paid" ? ("true" as const) : ("false" as const) }),
  };
}

/** The page's address for a filter and page; the first page of all is the bare path. */
export function referralListHref({ filter, page }: ReferralListParams): string {
  const search = new URLSearchParams();
  if (filter !== "all") search.set("show", filter);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${REFERRALS_PATH}?${query}` : REFERRALS_PATH;
}

/** What a friend gets, in the words of the page: "10% off" or "$5.00 off" (the page's texts say them). */
export function rewardText(
  reward: ReferralReward,
  currency: string,
  locale: Locale,
  words: { percent: (value: string) => string; amount: (amount: string) => string },
): string {
  return reward.kind === "percent"
    ? words.percent(String(reward.value))
    : words.amount(leftToRight(formatMoney(reward.value, currency, locale)));
}

/** A commission rate in basis points as the page says it: 500 is "5%", 250 is "2.5%". */
export function rateText(basisPoints: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
}

/**
 * What a ledger entry's line says under its state: held for the shop's review, a clawback, paid on
 * a day, payable from a day, or still waiting for the order to be delivered.
 */
export type EntryNote =
  | { kind: "review" }
  | { kind: "clawback" }
  | { kind: "paid"; at: string }
  | { kind: "payableAt"; at: string }
  | { kind: "awaitingDelivery" }
  | { kind: "none" };

export function entryNoteOf(entry: ReferralOrderRecord): EntryNote {
  if (entry.kind === "clawback") return { kind: "clawback" };
  if (entry.underReview) return { kind: "review" };
  if (entry.state === "paid" && entry.paidAt) return { kind: "paid", at: entry.paidAt };
  if (entry.state === "pending")
    return entry.payableAt ? { kind: "payableAt", at: entry.payableAt } : { kind: "awaitingDelivery" };
  return { kind: "none" };
}
