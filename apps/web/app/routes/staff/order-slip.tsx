import { useEffect, useState } from "react";
import { Link } from "react-router";
import { addressLines, addressName } from "../../account/address.ts";
import { formatWindow } from "../../orders/dates.ts";
import { OrderTime } from "../../orders/OrderParts.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { shopName } from "../../shell/shop.ts";
import { staffOrderIdOf } from "../../staff/orders/order-id.server.ts";
import { staffButton } from "../../staff/ui.tsx";
import type { Route } from "./+types/order-slip";

/** A packing slip: a page of its own, without the console's frame, made for paper. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const orderId = staffOrderIdOf(params.id);
  return { order: await context.storeApi.page("staffOrderDetail", { body: { orderId } }) };
}

export const meta: Route.MetaFunction = ({ matches, params, data }) =>
  accountPageMeta(matches, `/staff/orders/${params.id}/slip`, (t) =>
    t("staff.slip.title", { number: data?.order.orderNumber ?? params.id }),
  );

/** Printing needs scripts; without them the browser's own print command does the same. */
function PrintButton() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" onClick={() => window.print()} className={staffButton.primary} data-staff-print>
      {t("staff.slip.print")}
    </button>
  );
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const { order } = loaderData;
  const address =
    order.delivery_type === "pickup" || order.delivery_type === "digital" ? null : order.shipping_address;
  return (
    <div className="min-h-dvh bg-stone-100 py-6 print:bg-white print:py-0">
      <div className="mx-auto mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 print:hidden">
        <Link to={`/staff/orders/${order.id}`} className={staffButton.secondary}>
          {t("staff.slip.back")}
        </Link>
        <PrintButton />
      </div>
      <main
        id="main"
        className="mx-auto max-w-3xl bg-white p-6 shadow-sm sm:p-10 print:max-w-none print:p-0 print:shadow-none"
        data-staff-slip={order.id}
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-stone-900 pb-4">
          <div>
            <p className="text-lg font-bold text-stone-950">{shopName(store, locale)}</p>
            <h1 className="text-2xl font-bold tracking-tight text-stone-950">
              {t("staff.slip.title", { number: order.orderNumber })}
            </h1>
          </div>
          <div className="text-end text-sm text-stone-700">
            <p>
              <OrderTime at={order.createdAt} withTime timeZone={order.timezone} />
            </p>
            <p className="font-semibold">{t(`orders.delivery.${order.delivery_type}`)}</p>
            {order.delivery_time ? <p>{formatWindow(order.delivery_time, locale, order.timezone)}</p> : null}
          </div>
        </header>
        <section className="grid gap-6 py-5 sm:grid-cols-2 print:grid-cols-2">
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-wide text-stone-500">
              {order.delivery_type === "pickup" ? t("staff.slip.collect-at") : t("staff.slip.ship-to")}
            </h2>
            <address className="mt-1 text-sm leading-6 not-italic text-stone-900">
              {address ? (
                <>
                  <span className="block font-semibold">
                    <bdi>{addressName(address)}</bdi>
                  </span>
                  {addressLines(address).map((line) => (
                    <span key={line} className="block">
                      <bdi>{line}</bdi>
                    </span>
                  ))}
                </>
              ) : (
                <>
                  <span className="block font-semibold">
                    <bdi>{order.deliveryOptionName ?? ""}</bdi>
                  </span>
                  {order.pickupAddress ? (
                    <span className="block">
                      <bdi>{order.pickupAddress}</bdi>
                    </span>
                  ) : null}
                </>
              )}
            </address>
          </div>
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-wide text-stone-500">
              {t("staff.order.customer")}
            </h2>
            <p className="mt-1 text-sm leading-6 text-stone-900">
              <span className="block font-semibold">
                <bdi>{order.customer_name}</bdi>
              </span>
              <bdi dir="ltr" className="block">
                {order.customer_contact}
              </bdi>
            </p>
          </div>
        </section>
        <table className="w-full border-collapse text-sm" data-slip-lines>
          <thead>
            <tr className="border-y border-stone-300 text-start text-xs uppercase tracking-wide text-stone-500">
              <th scope="col" className="w-12 py-2 text-start">
                ✓
              </th>
              <th scope="col" className="py-2 text-start">
                {t("staff.slip.item")}
              </th>
              <th scope="col" className="w-16 py-2 text-end">
                {t("staff.slip.quantity")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} className="border-b border-stone-200 align-top" data-slip-line={line.id}>
                <td className="py-2.5">
                  <span aria-hidden="true" className="inline-block size-4 border border-stone-500" />
                </td>
                <td className="py-2.5">
                  <span className="font-medium text-stone-950">
                    <bdi>{line.name}</bdi>
                  </span>
                  {line.options.length > 0 ? (
                    <span className="block text-stone-600">{line.options.join(" · ")}</span>
                  ) : null}
                </td>
                <td className="py-2.5 text-end text-base font-bold tabular-nums">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {order.note ? (
          <section className="mt-5 border border-stone-300 p-3 text-sm">
            <h2 className="font-semibold">{t("staff.order.note")}</h2>
            <p className="whitespace-pre-line">
              <bdi>{order.note}</bdi>
            </p>
          </section>
        ) : null}
        <p className="mt-4 text-sm text-stone-600">{t(`orders.out-of-stock.${order.outStockPreference}`)}</p>
        <p className="mt-10 text-sm text-stone-600">
          {t("staff.slip.packed-by")}: <span className="inline-block w-48 border-b border-stone-400" />
        </p>
      </main>
    </div>
  );
}
