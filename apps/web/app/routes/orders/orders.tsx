import {
  ORDER_LIST_TAB_NAMES,
  ORDER_PAGE_SIZE,
  type OrderListTab,
  type OrderSummary,
  type Paginated,
} from "@stoa/contract";
import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountLayout } from "../../account/AccountLayout.tsx";
import { OrderCard } from "../../orders/OrderCard.tsx";
import { type OrderListParams, orderListHref, orderListParams } from "../../orders/order-list-params.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInShopper } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { ParcelIcon } from "../../platform/ui/icons.tsx";
import { Pagination } from "../../platform/ui/Pagination.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/orders";

/** Spec §7 and §9: the caller's orders by status tab, ten a page; a guest sees its session's orders. */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const params = orderListParams(new URL(args.request.url).searchParams);
  if (!signedInShopper((await storeApi.session()).auth)) return { params, orders: null };
  const orders = await storeApi.page("orderList", {
    query: { limit: ORDER_PAGE_SIZE, page: params.page },
    body: { orderStatus: params.tab },
  });
  return { params, orders };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/orders${location.search}`, (t) => t("orders.title"));

/** The status tabs: links, so each tab is a URL that works before scripts load and can be shared. */
function StatusTabs({ current }: { current: OrderListTab }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("orders.tabs")} className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex min-w-max gap-1 rounded-full bg-stone-100 p-1">
        {ORDER_LIST_TAB_NAMES.map((tab) => (
          <li key={tab}>
            <Link
              to={orderListHref({ tab, page: 1 })}
              aria-current={tab === current ? "page" : undefined}
              className="block whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium text-stone-600 hover:text-stone-950 aria-[current=page]:bg-white aria-[current=page]:text-stone-950 aria-[current=page]:shadow-sm"
              data-order-tab={tab}
            >
              {t(`orders.tab.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function EmptyTab({ params, total }: { params: OrderListParams; total: number }) {
  const { t } = useTranslation();
  // Past the last page of a tab that has orders: back to its first page, not "no orders".
  if (total > 0) {
    return (
      <EmptyState
        icon={<ParcelIcon className="size-8" />}
        title={t("orders.empty.past-last-title")}
        text={t("orders.empty.past-last-text")}
        action={
          <Link to={orderListHref({ tab: params.tab, page: 1 })} className={buttonClass.secondary}>
            {t("orders.empty.first-page")}
          </Link>
        }
        data-orders-empty="past-last"
      />
    );
  }
  return (
    <EmptyState
      icon={<ParcelIcon className="size-8" />}
      title={t(`orders.empty.${params.tab}-title`)}
      text={t(`orders.empty.${params.tab}-text`)}
      action={
        params.tab === "all" ? (
          <Link to="/products" className={buttonClass.primary}>
            {t("cart.start-shopping")}
          </Link>
        ) : (
          <Link to="/orders" className={buttonClass.secondary}>
            {t("orders.empty.see-all")}
          </Link>
        )
      }
      data-orders-empty={params.tab}
    />
  );
}

function OrdersPage({ params, orders }: { params: OrderListParams; orders: Paginated<OrderSummary> }) {
  const { t } = useTranslation();
  return (
    <AccountLayout title={t("orders.title")}>
      <StatusTabs current={params.tab} />
      {orders.records.length === 0 ? (
        <EmptyTab params={params} total={orders.total} />
      ) : (
        <section aria-labelledby="orders-count">
          <h2
            id="orders-count"
            className="mb-4 text-sm font-medium text-stone-600"
            data-orders-total={orders.total}
          >
            {t("orders.count", { count: orders.total })}
          </h2>
          <ul className="space-y-3" data-orders-page={orders.current_page}>
            {orders.records.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
          <Pagination
            current={orders.current_page}
            last={orders.last_page}
            hrefFor={(page) => orderListHref({ tab: params.tab, page })}
          />
        </section>
      )}
    </AccountLayout>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { params, orders } = loaderData;
  return (
    <RequireAuth ready={orders !== null} allowGuest>
      {orders ? <OrdersPage params={params} orders={orders} /> : null}
    </RequireAuth>
  );
}
