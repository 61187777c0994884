import {
  DELIVERY_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  STAFF_PAGE_SIZE,
  type StaffOrderSummary,
} from "@stoa/contract";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useSubmit } from "react-router";
import { Money, OrderStatusBadge, OrderTime } from "../../orders/OrderParts.tsx";
import { readStorage } from "../../platform/browser-storage.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { BellIcon } from "../../platform/ui/icons.tsx";
import { useOrderCustomerName } from "../../staff/customers/CustomerParts.tsx";
import {
  arrivals,
  chime,
  highestId,
  ORDER_SOUND_KEY,
  ORDERS_POLL_MS,
  soundOn,
} from "../../staff/orders/new-orders.ts";
import {
  hasMoreFilters,
  type StaffOrderListParams,
  staffOrderListBody,
  staffOrderListHref,
  staffOrderListParams,
} from "../../staff/orders/order-list-params.ts";
import { StaffPageHeader, StaffPages, staffButton, staffInput } from "../../staff/ui.tsx";
import type { Route } from "./+types/orders";

/** The store's orders, newest first, twenty a page, of one status or all. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = staffOrderListParams(new URL(request.url).searchParams);
  const orders = await context.storeApi.page("staffOrderList", {
    query: { limit: STAFF_PAGE_SIZE, page: params.page },
    body: staffOrderListBody(params),
  });
  return { params, orders };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/staff/orders${location.search}`, (t) => t("staff.orders.title"));

/**
 * The filters: a GET form, so they work without scripts; with them the status applies as it
 * changes. Payment, delivery type, days and a search (order number, name, email, phone) sit in a
 * disclosure that opens by itself when one of them is set.
 */
function OrderFilters({ params }: { params: StaffOrderListParams }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const field = `${staffInput} py-2`;
  const label = "mb-1 block text-xs font-medium text-stone-600";
  return (
    <Form method="get" className="w-full" data-staff-order-filter>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor="order-status" className="sr-only">
            {t("staff.orders.filter")}
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={params.status ?? ""}
            className={`${field} sm:min-w-44`}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            <option value="">{t("staff.orders.all")}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`orders.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
          <label htmlFor="order-q" className="sr-only">
            {t("staff.orders.search")}
          </label>
          <input
            id="order-q"
            name="q"
            type="search"
            defaultValue={params.q}
            maxLength={100}
            placeholder={t("staff.orders.search")}
            className={field}
          />
        </div>
        <button type="submit" className={`${staffButton.secondary} py-2`}>
          {t("staff.orders.apply")}
        </button>
      </div>
      <details className="mt-2" open={hasMoreFilters(params)} data-order-more-filters>
        <summary className="cursor-pointer text-sm font-medium text-stone-700">
          {t("staff.orders.more-filters")}
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <div>
            <label htmlFor="order-payment" className={label}>
              {t("staff.orders.payment")}
            </label>
            <select
              id="order-payment"
              name="payment"
              defaultValue={params.paymentStatus ?? ""}
              className={field}
            >
              <option value="">{t("staff.orders.any")}</option>
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`staff.payment-status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="order-delivery" className={label}>
              {t("staff.orders.delivery-type")}
            </label>
            <select
              id="order-delivery"
              name="delivery"
              defaultValue={params.deliveryType ?? ""}
              className={field}
            >
              <option value="">{t("staff.orders.any")}</option>
              {DELIVERY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`staff.orders.delivery-types.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="order-from" className={label}>
              {t("staff.orders.from")}
            </label>
            <input
              id="order-from"
              name="from"
              type="date"
              defaultValue={params.from ?? ""}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="order-to" className={label}>
              {t("staff.orders.to")}
            </label>
            <input id="order-to" name="to" type="date" defaultValue={params.to ?? ""} className={field} />
          </div>
        </div>
      </details>
    </Form>
  );
}

/** The sound switch, remembered on this browser; a switch only scripts can work, so only shown with them. */
function SoundSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={on}
      title={t("staff.orders.sound-label")}
      onClick={() => {
        onChange(!on);
        // The click is the gesture that lets the page play sound later.
        if (!on) chime();
      }}
      className={`${staffButton.secondary} py-2 aria-pressed:border-stone-900`}
      data-order-sound={on ? "on" : "off"}
    >
      <BellIcon className="size-4" />
      <span className="sr-only">{t("staff.orders.sound-label")}: </span>
      {on ? t("staff.orders.sound-on") : t("staff.orders.sound-off")}
    </button>
  );
}

function OrderRow({ order, fresh }: { order: StaffOrderSummary; fresh: boolean }) {
  const { t } = useTranslation();
  const nameOf = useOrderCustomerName();
  return (
    <li
      className={`relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 focus-within:bg-stone-50 hover:bg-stone-50 sm:grid-cols-[7rem_minmax(0,1fr)_9rem_8rem_7rem] sm:items-center ${fresh ? "bg-amber-50" : ""}`}
      data-staff-order={order.id}
      data-order-state={order.status}
      data-new-order={fresh ? "" : undefined}
    >
      <p className="font-semibold tabular-nums text-stone-950">
        <Link
          to={`/staff/orders/${order.id}`}
          className="rounded after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          #{order.orderNumber}
        </Link>
        {fresh ? (
          <span className="ms-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-amber-950">
            {t("staff.orders.new")}
          </span>
        ) : null}
      </p>
      <p className="text-end font-semibold tabular-nums text-stone-950 sm:order-4">
        <span className="sr-only">{t("staff.orders.total")}: </span>
        <Money amount={order.payable_amount} currency={order.currency} />
      </p>
      <p className="min-w-0 truncate text-sm text-stone-700 sm:order-2">
        <span className="sr-only">{t("staff.orders.customer")}: </span>
        {nameOf(order.customer_name) || order.customer_contact}
        {order.customerKind === "guest" ? (
          <span className="ms-1.5 text-xs text-stone-500">({t("staff.orders.guest")})</span>
        ) : null}
        <span className="block truncate text-xs text-stone-500">
          {t(`orders.delivery.${order.delivery_type}`)} · {t("orders.item-count", { count: order.itemCount })}
        </span>
      </p>
      <p className="text-sm text-stone-600 sm:order-3">
        <span className="sr-only">{t("staff.orders.placed")}: </span>
        <OrderTime at={order.createdAt} withTime timeZone={order.timezone} />
      </p>
      <p className="text-end sm:order-5">
        <OrderStatusBadge status={order.status} />
      </p>
    </li>
  );
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params } = loaderData;
  const fetcher = useFetcher<typeof loader>();
  const [orders, setOrders] = useState(loaderData.orders);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [arrived, setArrived] = useState(0);
  const [sound, setSound] = useState<boolean | null>(null);
  const seenMax = useRef(highestId(loaderData.orders.records.map((order) => order.id)));
  const live = params.page === 1;

  // A navigation (another filter, a page, a form's answer) shows what it loaded.
  useEffect(() => {
    setOrders(loaderData.orders);
    seenMax.current = Math.max(seenMax.current, highestId(loaderData.orders.records.map((o) => o.id)));
  }, [loaderData.orders]);

  useEffect(() => setSound(soundOn(readStorage(ORDER_SOUND_KEY))), []);

  // The first page asks again every few seconds while it is on screen.
  const { load } = fetcher;
  const href = staffOrderListHref(params);
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") load(href);
    }, ORDERS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [live, load, href]);

  // What a poll brought: orders above the highest seen are new, marked, announced and chimed.
  const polled = fetcher.data;
  useEffect(() => {
    if (!polled || staffOrderListHref(polled.params) !== href) return;
    setOrders(polled.orders);
    const found = arrivals(
      seenMax.current,
      polled.orders.records.map((order) => order.id),
    );
    seenMax.current = found.seenMax;
    if (found.fresh.length === 0) return;
    setFresh((before) => new Set([...before, ...found.fresh]));
    setArrived(found.fresh.length);
    if (soundOn(readStorage(ORDER_SOUND_KEY))) chime();
  }, [polled, href]);

  const changeSound = (on: boolean) => {
    setSound(on);
    try {
      window.localStorage.setItem(ORDER_SOUND_KEY, on ? "on" : "off");
    } catch {
      // Storage refused (private mode): the choice holds for this page.
    }
  };

  return (
    <div data-staff-orders>
      <StaffPageHeader title={t("staff.orders.title")} intro={live ? t("staff.orders.live") : undefined}>
        <OrderFilters params={params} />
        {sound === null ? null : <SoundSwitch on={sound} onChange={changeSound} />}
      </StaffPageHeader>
      <p role="status" className="sr-only" data-orders-arrived={arrived}>
        {arrived > 0 ? t("staff.orders.arrived", { count: arrived }) : ""}
      </p>
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
          <span data-staff-orders-total={orders.total}>
            {orders.total_is_lower_bound
              ? t("staff.orders.count-at-least", { count: orders.total })
              : t("staff.orders.count", { count: orders.total })}
          </span>
        </div>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[7rem_minmax(0,1fr)_9rem_8rem_7rem] gap-x-4 border-b border-stone-200 bg-stone-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-stone-500 sm:grid"
        >
          <span>{t("staff.orders.number")}</span>
          <span>{t("staff.orders.customer")}</span>
          <span>{t("staff.orders.placed")}</span>
          <span className="text-end">{t("staff.orders.total")}</span>
          <span className="text-end">{t("staff.orders.status")}</span>
        </div>
        {orders.records.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600" data-staff-orders-empty>
            {t("staff.orders.empty")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {orders.records.map((order) => (
              <OrderRow key={order.id} order={order} fresh={fresh.has(order.id)} />
            ))}
          </ul>
        )}
      </div>
      <StaffPages
        current={orders.current_page}
        last={orders.last_page}
        hrefFor={(page) => staffOrderListHref({ ...params, page })}
      />
    </div>
  );
}
