import { formatMoney, type ReferralOrderRecord, type ReferralOrders } from "@stoa/contract";
import { Link } from "react-router";
import { AccountCard } from "../account/AccountLayout.tsx";
import { Money } from "../checkout/CheckoutParts.tsx";
import { formatDay } from "../orders/dates.ts";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { EmptyState } from "../platform/ui/EmptyState.tsx";
import { GiftIcon } from "../platform/ui/icons.tsx";
import { Pagination } from "../platform/ui/Pagination.tsx";
import { useShop } from "../shell/root-data.ts";
import { entryNoteOf, REFERRAL_FILTERS, type ReferralListParams, referralListHref } from "./referral-list.ts";

/** Dates are said in UTC: the shop names no time zone, and server and browser must write the same. */
const ZONE = "UTC";

const STATE_TONE: Record<ReferralOrderRecord["state"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  payable: "bg-sky-50 text-sky-900 ring-sky-200",
  paid: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  cancelled: "bg-stone-100 text-stone-700 ring-stone-200",
};

/** Earned, pending and paid: sums of the whole ledger, not of the page. */
export function ReferralTotals({ orders }: { orders: ReferralOrders }) {
  const { t } = useTranslation();
  const items = [
    { key: "earned", amount: orders.totals.earned, hint: t("referral.totals.earned-hint") },
    { key: "pending", amount: orders.totals.pending, hint: t("referral.totals.pending-hint") },
    { key: "paid", amount: orders.totals.paid, hint: t("referral.totals.paid-hint") },
  ] as const;
  return (
    <section aria-labelledby="referral-totals" data-referral-totals>
      <h2 id="referral-totals" className="sr-only">
        {t("referral.totals.title")}
      </h2>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        {items.map((item) => (
          <div
            key={item.key}
            className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
            data-referral-total={item.key}
            data-amount={item.amount}
          >
            <dt className="text-sm font-medium text-stone-600">{t(`referral.totals.${item.key}`)}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums text-stone-950">
              <Money amount={item.amount} currency={orders.currency} />
            </dd>
            <dd className="mt-0.5 text-xs text-stone-500">{item.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function EntryRow({ entry, currency }: { entry: ReferralOrderRecord; currency: string }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const note = entryNoteOf(entry);
  const day = (iso: string) => formatDay(iso, locale, ZONE);
  const noteText =
    note.kind === "review"
      ? t("referral.list.under-review")
      : note.kind === "clawback"
        ? t("referral.list.clawback")
        : note.kind === "paid"
          ? t("referral.list.paid-at", { date: day(note.at) })
          : note.kind === "payableAt"
            ? t("referral.list.payable-at", { date: day(note.at) })
            : note.kind === "awaitingDelivery"
              ? t("referral.list.awaiting-delivery")
              : null;
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 gap-y-1 py-4"
      data-referral-entry={entry.id}
      data-state={entry.state}
      data-kind={entry.kind}
    >
      <div className="min-w-0">
        <p className="font-semibold text-stone-950" data-entry-order={entry.orderNumber}>
          {t("referral.list.order", { number: entry.orderNumber })}
        </p>
        <p className="text-sm text-stone-600">
          {day(entry.orderDate)} ·{" "}
          {t("referral.list.order-amount", {
            amount: leftToRight(formatMoney(entry.orderAmount, currency, locale)),
          })}
        </p>
        {noteText ? <p className="mt-0.5 text-xs text-stone-500">{noteText}</p> : null}
      </div>
      <div className="flex flex-col items-end gap-1">
        <p
          className={`text-base font-bold tabular-nums ${entry.amount < 0 ? "text-red-700" : "text-stone-950"}`}
          data-entry-amount={entry.amount}
        >
          <span className="sr-only">{t("referral.list.commission")}: </span>
          <Money amount={entry.amount} currency={currency} />
        </p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_TONE[entry.state]}`}
          data-entry-state={entry.state}
        >
          {t(`referral.states.${entry.state}`)}
        </span>
      </div>
    </li>
  );
}

/**
 * The ledger of spec §7: each referred order by number, date and amount (never who the friend is),
 * its commission and state, filtered all / paid / not paid by plain links.
 */
export function ReferralLedger({ orders, params }: { orders: ReferralOrders; params: ReferralListParams }) {
  const { t } = useTranslation();
  const filters = (
    <nav aria-label={t("referral.list.filter")} data-referral-filter>
      <ul className="flex gap-1 rounded-full bg-stone-100 p-1">
        {REFERRAL_FILTERS.map((filter) => (
          <li key={filter}>
            <Link
              to={referralListHref({ filter, page: 1 })}
              preventScrollReset
              aria-current={params.filter === filter ? "page" : undefined}
              className="block rounded-full px-3.5 py-1.5 text-sm font-medium text-stone-700 hover:text-stone-950 aria-[current=page]:bg-white aria-[current=page]:text-stone-950 aria-[current=page]:shadow-sm"
              data-filter={filter}
            >
              {t(`referral.list.${filter}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <AccountCard title={t("referral.list.title")} action={filters} data-referral-ledger>
      {orders.records.length === 0 ? (
        params.filter === "all" && params.page === 1 ? (
          <EmptyState
            icon={<GiftIcon className="size-8" />}
            title={t("referral.list.empty-title")}
            text={t("referral.list.empty-text")}
            data-referral-empty
          />
        ) : (
          <p className="py-6 text-center text-sm text-stone-600" data-referral-empty>
            {t("referral.list.empty-filtered")}
          </p>
        )
      ) : (
        <>
          <p className="text-sm text-stone-600" data-referral-count={orders.total}>
            {t("referral.list.count", { count: orders.total })}
          </p>
          <ul className="divide-y divide-stone-100">
            {orders.records.map((entry) => (
              <EntryRow key={entry.id} entry={entry} currency={orders.currency} />
            ))}
          </ul>
          <Pagination
            current={orders.current_page}
            last={orders.last_page}
            hrefFor={(page) => referralListHref({ ...params, page })}
          />
        </>
      )}
    </AccountCard>
  );
}
