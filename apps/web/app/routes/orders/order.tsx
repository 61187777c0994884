import { cancelOrderBodySchema, type Order, type OrderGiftCards, orderIdBodySchema } from "@stoa/contract";
import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { BuyAgainButton } from "../../orders/BuyAgainButton.tsx";
import { GiftCardCodes } from "../../orders/GiftCardCodes.tsx";
import { OrderFacts } from "../../orders/OrderFacts.tsx";
import {
  Money,
  OrderLines,
  OrderPanel,
  OrderStatusBadge,
  OrderTime,
  OrderTotals,
} from "../../orders/OrderParts.tsx";
import { OrderTimeline } from "../../orders/OrderTimeline.tsx";
import { orderForPage } from "../../orders/order-for-page.server.ts";
import { refundFieldNames, refundLineIdsOf, refundRequestOf } from "../../orders/refund-selection.ts";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInShopper } from "../../platform/session/auth-state.ts";
import { ArrowStartIcon, CloseIcon, RefundIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { OrderLineReview, type OrderReviews } from "../../reviews/OrderLineReview.tsx";
import { orderReviewsOf } from "../../reviews/order-reviews.server.ts";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import type { Route } from "./+types/order";

/** The order id of the URL, or the not-found page: `/orders/abc` is no order. */
function orderIdOf(param: string | undefined): number {
  const check = orderIdBodySchema.safeParse({ orderId: param });
  if (!check.success || !/^\d+$/.test(param ?? "")) throw pageProblem("not-found", 404);
  return check.data.orderId;
}

/**
 * Spec §7: one of the caller's orders, or a guest's opened by its email link (`?token=`); someone
 * else's, or one that does not exist, is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const orderId = orderIdOf(args.params.id);
  const token = new URL(args.request.url).searchParams.get("token");
  const shown = await orderForPage(args.context.storeApi, orderId, token);
  const reviews = shown && !shown.byLink ? await orderReviewsOf(args.context.storeApi, shown.order) : {};
  return { shown, reviews };
}

/**
 * CANCEL_ORDER and REFUND_REQUEST post here; the page reloads the order after either. "Buy again"
 * answers the order's lines as the shop sells them today, for the cart.
 */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  const orderId = orderIdOf(args.params.id);
  if (!signedInShopper((await storeApi.session()).auth)) return invalid({ orderId: "error-unauthorized" });
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "cancel") {
    const check = validateWith(cancelOrderBodySchema, { orderId, reason: form.get("reason") ?? "" });
    if (!check.ok) return invalid(check.fields);
    const outcome = await storeApi.form("cancelOrder", { body: check.data });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, intent: "cancel" };
  }
  if (intent === "refund") {
    const names = refundFieldNames(refundLineIdsOf(form.keys()));
    const check = refundRequestOf({ ...formValues(form, names), orderId: String(orderId) });
    if (!check.ok) return invalid(check.fields);
    const outcome = await storeApi.form("requestRefund", { body: check.data });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, intent: "refund" };
  }
  if (intent === "buy-again") {
    const outcome = await storeApi.form("buyAgain", { body: { orderId } });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, intent: "buy-again" as const, again: outcome.data };
  }
  return invalid({ intent: "error-field-invalid" });
}

/**
 * Opened by a guest's link (`?token=`), the page sends no Referer at all, so the token does not go
 * on with the requests it makes or the pages it leads to.
 */
export const meta: Route.MetaFunction = ({ matches, params, data, location }) => [
  ...accountPageMeta(matches, `/orders/${params.id}`, (t) =>
    data?.shown ? t("orders.number", { number: data.shown.order.orderNumber }) : t("orders.title"),
  ),
  ...(new URLSearchParams(location.search).has("token")
    ? [{ name: "referrer", content: "no-referrer" }]
    : []),
];

function OrderActions({ order, action }: { order: Order; action: string }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  return (
    <div className="flex flex-wrap gap-2">
      <BuyAgainButton action={action} currency={order.currency} />
      {order.canRequestRefund ? (
        <button
          type="button"
          onClick={() => openModal("REFUND_REQUEST", { order, action })}
          className={`${buttonClass.secondary} py-2.5`}
          data-request-refund
        >
          <RefundIcon className="size-4" />
          {t("orders.request-refund")}
        </button>
      ) : null}
      {order.canCancel ? (
        <button
          type="button"
          onClick={() => openModal("CANCEL_ORDER", { order, action })}
          className={`${buttonClass.secondary} py-2.5 text-red-700 hover:border-red-300 hover:bg-red-50`}
          data-cancel-order
        >
          <CloseIcon className="size-4" />
          {t("orders.cancel.open")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The order page. Opened by a guest's email link without the session that placed it (`byLink`),
 * it only shows the order: cancelling and refunds need that session, and there is no list to go back to.
 */
function OrderPage({
  order,
  action,
  byLink,
  giftCards = [],
  reviews = {},
}: {
  order: Order;
  action: string;
  byLink: boolean;
  giftCards?: OrderGiftCards["cards"];
  reviews?: OrderReviews;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${containerClass} py-8 sm:py-12`} data-order={order.id} data-order-state={order.status}>
      {byLink ? null : (
        <Link
          to="/orders"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-600 hover:text-stone-950"
        >
          <ArrowStartIcon className="size-4" />
          {t("orders.back")}
        </Link>
      )}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-stone-950">
              {t("orders.number", { number: order.orderNumber })}
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-sm text-stone-600">
            {t("orders.placed-on")} <OrderTime at={order.createdAt} timeZone={order.timezone} />
            <span aria-hidden="true"> · </span>
            {t("orders.item-count", { count: order.itemCount })}
            <span aria-hidden="true"> · </span>
            <span className="font-medium text-stone-950">
              <Money amount={order.payable_amount} currency={order.currency} />
            </span>
          </p>
        </div>
        {byLink ? null : <OrderActions order={order} action={action} />}
      </div>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <OrderPanel title={t("orders.items")}>
            <OrderLines
              order={order}
              lineExtra={(line) => <OrderLineReview line={line} reviews={reviews} />}
            />
          </OrderPanel>
          <GiftCardCodes cards={giftCards} currency={order.currency} />
          <OrderPanel title={t("orders.summary")}>
            <OrderTotals
              totals={order.totals}
              currency={order.currency}
              couponCode={order.coupon?.code ?? null}
              digital={order.delivery_type === "digital"}
            />
          </OrderPanel>
        </div>
        <div className="min-w-0 space-y-6">
          <OrderPanel title={t("orders.timeline.title")}>
            <OrderTimeline order={order} />
          </OrderPanel>
          <OrderPanel title={t("orders.details")}>
            <OrderFacts order={order} />
          </OrderPanel>
        </div>
      </div>
    </div>
  );
}

export default function OrderDetail({ loaderData, params }: Route.ComponentProps) {
  const { shown, reviews } = loaderData;
  const action = `/orders/${params.id}`;
  if (shown?.byLink) return <OrderPage order={shown.order} action={action} byLink />;
  return (
    <RequireAuth ready={shown !== null} allowGuest>
      {shown ? (
        <OrderPage
          order={shown.order}
          action={action}
          byLink={false}
          giftCards={shown.giftCards}
          reviews={reviews}
        />
      ) : null}
    </RequireAuth>
  );
}
