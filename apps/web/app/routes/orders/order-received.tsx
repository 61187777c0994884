import { type Order, orderIdBodySchema } from "@stoa/contract";
import { Link, redirect } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { formatWindow } from "../../orders/dates.ts";
import { guestOrderTokenFor, orderHref } from "../../orders/guest-order-link.server.ts";
import { nextSteps } from "../../orders/next-steps.ts";
import { DeliveryFact, PaymentFact } from "../../orders/OrderFacts.tsx";
import { OrderLines, OrderPanel, OrderTime, OrderTotals } from "../../orders/OrderParts.tsx";
import { orderForPage } from "../../orders/order-for-page.server.ts";
import { isolated, leftToRight } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { CheckCircleIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/order-received";

/**
 * Where checkout lands: `?order=<id>`. A guest's order also opens by the token of its link, which
 * this browser was given when the order was placed (a cookie; `&token=<t>` as well, as links made
 * before did), so the page still opens if the guest session is gone, and its "view order" link is
 * the confirmation email's, which opens the order wherever the guest is signed in or not. Without
 * an order there is nothing to confirm: the order list.
 */
export async function loader(args: Route.LoaderArgs) {
  const search = new URL(args.request.url).searchParams;
  const check = orderIdBodySchema.safeParse({ orderId: search.get("order") });
  if (!check.success) throw redirect("/orders");
  const { orderId } = check.data;
  const token = search.get("token") ?? guestOrderTokenFor(args.request.headers.get("cookie"), orderId);
  const shown = await orderForPage(args.context.storeApi, orderId, token);
  return { shown, orderHref: orderHref(orderId, token) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/order-received", (t) => t("orders.received.title"));

/** "What happens next": how the goods come, how the money is taken, where the news goes. */
function NextSteps({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const values = {
    window: order.delivery_time ? leftToRight(formatWindow(order.delivery_time, locale, order.timezone)) : "",
    contact: leftToRight(order.customer_contact),
  };
  return (
    <OrderPanel title={t("orders.next.title")} data-next-steps>
      <ol className="space-y-3">
        {nextSteps(order).map((step, index) => (
          <li key={step} className="flex gap-3 text-sm leading-6 text-stone-700" data-next-step={step}>
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand/10 text-xs font-semibold text-brand">
              {index + 1}
            </span>
            <span className="min-w-0 [overflow-wrap:anywhere]">{t(step, values)}</span>
          </li>
        ))}
      </ol>
    </OrderPanel>
  );
}

function OrderReceived({ order, orderHref }: { order: Order; orderHref: string }) {
  const { t } = useTranslation();
  return (
    <div className={`${containerClass} py-8 sm:py-12`} data-order-received={order.id}>
      <section className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckCircleIcon className="size-9" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-stone-950">
          {order.customer_name
            ? t("orders.received.thanks-named", { name: isolated(order.customer_name) })
            : t("orders.received.thanks")}
        </h1>
        <p className="mt-3 text-stone-600">
          {t("orders.received.placed", { number: order.orderNumber })}{" "}
          <span className="whitespace-nowrap">
            (<OrderTime at={order.createdAt} withTime timeZone={order.timezone} />)
          </span>
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={orderHref} className={buttonClass.primary} data-view-order>
            {t("orders.received.view-order")}
          </Link>
          {order.delivery_type === "digital" ? (
            <Link to="/downloads" className={buttonClass.secondary} data-view-downloads>
              {t("orders.received.downloads")}
            </Link>
          ) : null}
          <Link to="/products" className={buttonClass.secondary}>
            {t("orders.received.keep-shopping")}
          </Link>
        </div>
      </section>
      <div className="mx-auto mt-10 grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <NextSteps order={order} />
          <OrderPanel title={t("orders.items")}>
            <OrderLines order={order} />
            <div className="mt-5 border-t border-stone-200 pt-5">
              <OrderTotals
                totals={order.totals}
                currency={order.currency}
                couponCode={order.coupon?.code ?? null}
                digital={order.delivery_type === "digital"}
              />
            </div>
          </OrderPanel>
        </div>
        <div className="min-w-0">
          <OrderPanel title={t("orders.details")}>
            <div className="space-y-5">
              <DeliveryFact order={order} />
              <PaymentFact order={order} />
            </div>
          </OrderPanel>
        </div>
      </div>
    </div>
  );
}

export default function OrderReceivedPage({ loaderData }: Route.ComponentProps) {
  const { shown, orderHref } = loaderData;
  if (shown?.byLink) return <OrderReceived order={shown.order} orderHref={orderHref} />;
  return (
    <RequireAuth ready={shown !== null} allowGuest>
      {shown ? <OrderReceived order={shown.order} orderHref={orderHref} /> : null}
    </RequireAuth>
  );
}
