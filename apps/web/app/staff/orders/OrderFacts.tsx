import type { StaffOrder } from "@stoa/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DeliveryFact } from "../../orders/OrderFacts.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useOrderCustomerName } from "../customers/CustomerParts.tsx";
import { StaffPanel } from "../ui.tsx";

function Row({ label, children, name }: { label: string; children: ReactNode; name: string }) {
  return (
    <div
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5"
      data-staff-fact={name}
    >
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * Who ordered: name, how to reach them, and whether they have an account — with a link to the
 * customer's page (orders, wallet) for a member who may open customers and an order by an account.
 */
export function CustomerPanel({ order, mayOpenCustomer }: { order: StaffOrder; mayOpenCustomer: boolean }) {
  const { t } = useTranslation();
  const nameOf = useOrderCustomerName();
  return (
    <StaffPanel title={t("staff.order.customer")} data-staff-customer>
      <dl className="divide-y divide-stone-100">
        <Row label={t("staff.orders.customer")} name="name">
          <bdi data-order-customer-name>{nameOf(order.customer_name) || "—"}</bdi>
          {order.customerKind === "guest" ? (
            <span className="ms-1.5 text-xs font-normal text-stone-500">({t("staff.orders.guest")})</span>
          ) : null}
        </Row>
        <Row label={t("staff.order.contact")} name="contact">
          <bdi dir="ltr">{order.customer_contact}</bdi>
        </Row>
      </dl>
      {mayOpenCustomer && order.customerKind === "customer" ? (
        <Link
          to={`/staff/customers/${order.customerId}`}
          className="mt-2 inline-block rounded text-sm font-medium text-stone-900 underline"
          data-staff-order-customer-link
        >
          {t("staff.order.customer-page")}
        </Link>
      ) : null}
      {order.note ? (
        <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-staff-note>
          <p className="font-semibold">{t("staff.order.note")}</p>
          <p className="whitespace-pre-line">
            <bdi>{order.note}</bdi>
          </p>
        </div>
      ) : null}
    </StaffPanel>
  );
}

export function DeliveryPanel({ order }: { order: StaffOrder }) {
  const { t } = useTranslation();
  return (
    <StaffPanel title={t("staff.order.delivery")} data-staff-delivery>
      <DeliveryFact order={order} />
      <p className="mt-3 text-sm text-stone-600">{t(`orders.out-of-stock.${order.outStockPreference}`)}</p>
    </StaffPanel>
  );
}

/** How it is paid and where money and goods stand, in the shop's words. */
export function PaymentPanel({ order }: { order: StaffOrder }) {
  const { t } = useTranslation();
  return (
    <StaffPanel title={t("staff.order.payment")} data-staff-payment>
      <dl className="divide-y divide-stone-100">
        <Row label={t("staff.order.method")} name="method">
          {t(`staff.gateway.${order.payment_gateway ?? "none"}`)}
          {order.card ? (
            <bdi dir="ltr" className="ms-1.5 text-stone-600">
              {order.card.brand} •••• {order.card.last4}
            </bdi>
          ) : null}
        </Row>
        <Row label={t("staff.order.money")} name="payment-status">
          <span data-payment-status={order.paymentStatus}>
            {t(`staff.payment-status.${order.paymentStatus}`)}
          </span>
        </Row>
        <Row label={t("staff.order.goods")} name="fulfilment-status">
          <span data-fulfilment-status={order.fulfilmentStatus}>
            {t(`staff.fulfilment-status.${order.fulfilmentStatus}`)}
          </span>
        </Row>
      </dl>
    </StaffPanel>
  );
}
