import { ORDER_PAGE_SIZE, type Paginated, type Refund } from "@stoa/contract";
import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountLayout } from "../../account/AccountLayout.tsx";
import { Money, OrderTime, RefundStatusBadge } from "../../orders/OrderParts.tsx";
import { pagedHref, pageParam } from "../../orders/order-list-params.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInShopper } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { RefundIcon } from "../../platform/ui/icons.tsx";
import { Pagination } from "../../platform/ui/Pagination.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/refunds";

/** The caller's refund requests, newest first, ten a page like the orders. */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const page = pageParam(new URL(args.request.url).searchParams);
  if (!signedInShopper((await storeApi.session()).auth)) return { refunds: null };
  return { refunds: await storeApi.page("refundList", { query: { limit: ORDER_PAGE_SIZE, page } }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/refunds", (t) => t("refunds.title"));

/** One request: which order, when, where it stands, how much, which lines, why, and what the shop said. */
function RefundCard({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" data-refund={refund.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h3 className="font-semibold text-stone-950">
              <Link to={`/orders/${refund.orderId}`} className="hover:underline">
                {t("refunds.for-order", { number: refund.orderNumber })}
              </Link>
            </h3>
            <RefundStatusBadge status={refund.status} />
          </div>
          <p className="text-sm text-stone-600">
            {t("refunds.asked-on")} <OrderTime at={refund.createdAt} timeZone={refund.timezone} />
          </p>
        </div>
        <p className="text-end" data-refund-amount>
          <span className="block text-xs text-stone-500">{t("refunds.amount")}</span>
          <span className="text-lg font-semibold tabular-nums text-stone-950">
            <Money amount={refund.amount} currency={refund.currency} />
          </span>
        </p>
      </div>
      <ul className="mt-4 space-y-1 text-sm text-stone-700" data-refund-lines>
        {refund.lines.map((line) => (
          <li key={line.orderLineId} className="flex gap-2">
            <span className="tabular-nums text-stone-500">
              <bdi dir="ltr">{line.quantity} ×</bdi>
            </span>
            <span className="min-w-0 break-words">{line.name}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {/* A refund the shop gave from the order has no reason of the shopper's, only the shop's answer. */}
        {refund.reason ? (
          <div className="rounded-2xl bg-stone-50 p-3">
            <dt className="font-medium text-stone-950">{t("refunds.reason")}</dt>
            <dd dir="auto" className="mt-1 whitespace-pre-line break-words text-start text-stone-700">
              {refund.reason}
            </dd>
          </div>
        ) : null}
        <div className="rounded-2xl bg-stone-50 p-3" data-refund-answer>
          <dt className="font-medium text-stone-950">{t("refunds.answer")}</dt>
          {refund.answer ? (
            <dd dir="auto" className="mt-1 whitespace-pre-line break-words text-start text-stone-700">
              {refund.answer}
            </dd>
          ) : (
            <dd className="mt-1 text-stone-500">
              {t(refund.status === "requested" ? "refunds.no-answer-yet" : "refunds.no-answer")}
            </dd>
          )}
        </div>
      </dl>
    </li>
  );
}

function RefundsPage({ refunds }: { refunds: Paginated<Refund> }) {
  const { t } = useTranslation();
  return (
    <AccountLayout title={t("refunds.title")}>
      {refunds.records.length === 0 ? (
        <EmptyState
          icon={<RefundIcon className="size-8" />}
          title={t(refunds.total > 0 ? "orders.empty.past-last-title" : "refunds.empty-title")}
          text={t(refunds.total > 0 ? "orders.empty.past-last-text" : "refunds.empty-text")}
          action={
            <Link
              to={refunds.total > 0 ? "/refunds" : "/orders?tab=delivered"}
              className={buttonClass.secondary}
            >
              {t(refunds.total > 0 ? "orders.empty.first-page" : "refunds.see-delivered")}
            </Link>
          }
          data-refunds-empty
        />
      ) : (
        <section>
          <p className="mb-4 text-sm text-stone-600">{t("refunds.intro")}</p>
          <ul className="space-y-4">
            {refunds.records.map((refund) => (
              <RefundCard key={refund.id} refund={refund} />
            ))}
          </ul>
          <Pagination
            current={refunds.current_page}
            last={refunds.last_page}
            hrefFor={(page) => pagedHref("/refunds", page)}
          />
        </section>
      )}
    </AccountLayout>
  );
}

export default function Refunds({ loaderData }: Route.ComponentProps) {
  const { refunds } = loaderData;
  return (
    <RequireAuth ready={refunds !== null} allowGuest>
      {refunds ? <RefundsPage refunds={refunds} /> : null}
    </RequireAuth>
  );
}
