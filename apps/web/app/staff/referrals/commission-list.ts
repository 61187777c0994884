import {
  COMMISSION_STATES,
  type CommissionState,
  REFERRAL_REVIEW_STATES,
  type ReferralReviewState,
} from "@stoa/contract";

/** The commissions page's filter: one state (payable, the ones to pay, by default) or all. */
export type CommissionListParams = { state: CommissionState | null; page: number };

function pageIn(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export function commissionListParams(search: URLSearchParams): CommissionListParams {
  const asked = search.get("state");
  const state =
    asked === "all"
      ? null
      : (COMMISSION_STATES as readonly string[]).includes(asked ?? "")
        ? (asked as CommissionState)
        : "payable";
  return { state, page: pageIn(search) };
}

export function commissionListHref(path: string, { state, page }: CommissionListParams): string {
  const search = new URLSearchParams();
  if (state !== "payable") search.set("state", state ?? "all");
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The ids a "Mark paid" post names: whole positive ids, each once, at most `max`. */
export function commissionIdsOf(values: readonly unknown[], max: number): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) continue;
    const id = Number(value);
    if (id > 0 && id <= 2_147_483_647) ids.add(id);
  }
  return [...ids].slice(0, max);
}

/** The sum of the selected entries' amounts, for the bar that says what "Mark paid" will pay. */
export function selectedSum(
  entries: readonly { id: number; amount: number }[],
  selected: ReadonlySet<number>,
): number {
  return entries.reduce((sum, entry) => (selected.has(entry.id) ? sum + entry.amount : sum), 0);
}

/** The review queue's filter: open (to review) by default, or the decided ones. */
export type ReviewListParams = { state: ReferralReviewState; page: number };

export function reviewListParams(search: URLSearchParams): ReviewListParams {
  const asked = search.get("state");
  const state = (REFERRAL_REVIEW_STATES as readonly string[]).includes(asked ?? "")
    ? (asked as ReferralReviewState)
    : "open";
  return { state, page: pageIn(search) };
}

export function reviewListHref(path: string, { state, page }: ReviewListParams): string {
  const search = new URLSearchParams();
  if (state !== "open") search.set("state", state);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
