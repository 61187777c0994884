import type { OrderSummary } from "@stoa/contract";
import { Link } from "react-router";
import { ProductThumbnail } from "../catalogue/product/ProductThumbnail.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ChevronEndIcon } from "../platform/ui/icons.tsx";
import { Money, OrderStatusBadge, OrderTime } from "./OrderParts.tsx";

/**
 * An order in the list: its first picture, number, date, status, how many items and the total.
 * The number is the link; the whole card answers clicks through it.
 */
export function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  return (
    <li
      className="relative flex items-center gap-4 rounded-3xl border border-stone-200 bg-white p-4 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-focus hover:border-stone-300 sm:p-5"
      data-order-card={order.id}
    >
      <ProductThumbnail image={order.image} size={96} className="size-16 shrink-0 rounded-2xl sm:size-20" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h3 className="font-semibold text-stone-950">
            <Link
              to={`/orders/${order.id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-3xl hover:underline"
              data-order-link
            >
              {t("orders.number", { number: order.orderNumber })}
            </Link>
          </h3>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm text-stone-600">
          <OrderTime at={order.createdAt} timeZone={order.timezone} />
          <span aria-hidden="true"> · </span>
          {t("orders.item-count", { count: order.itemCount })}
        </p>
        <p className="font-semibold tabular-nums text-stone-950" data-order-total>
          <Money amount={order.payable_amount} currency={order.currency} />
        </p>
      </div>
      <ChevronEndIcon className="size-5 shrink-0 text-stone-400" />
    </li>
  );
}
