import {
  type CheckoutTotals,
  formatMoney,
  type Order,
  type OrderLine,
  type OrderStatus,
  type RefundStatus,
} from "@stoa/contract";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { ProductThumbnail } from "../catalogue/product/ProductThumbnail.tsx";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { DownloadIcon } from "../platform/ui/icons.tsx";
import { WholeWords } from "../platform/ui/WholeWords.tsx";
import { useShop } from "../shell/root-data.ts";
import { formatDay, formatMoment } from "./dates.ts";
import { type BadgeTone, ORDER_STATUS_TONE, REFUND_STATUS_TONE } from "./order-status.ts";

/** An amount in the store's currency; amounts always read left to right, in Arabic and Hebrew too. */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { locale } = useShop();
  return <bdi dir="ltr">{formatMoney(amount, currency, locale)}</bdi>;
}

/**
 * The shopper's time zone once the page runs in the browser. The server cannot know it and writes
 * UTC, and the first render in the browser must match the server's, so the switch comes after.
 */
export function useTimeZone(): string | undefined {
  const [zone, setZone] = useState<string | undefined>("UTC");
  useEffect(() => setZone(undefined), []);
  return zone;
}

/**
 * A date as a `<time>` the browser and assistive technology can read: an order's in the shop's time
 * zone (`timeZone`, the same text on the server and in the browser), else in the shopper's own.
 */
export function OrderTime({
  at,
  withTime = false,
  timeZone,
}: {
  at: string;
  withTime?: boolean;
  timeZone?: string;
}) {
  const { locale } = useShop();
  const shopper = useTimeZone();
  const zone = timeZone ?? shopper;
  return (
    // In the shop's zone the server writes what the browser does; the shopper's own comes after hydration.
    <time dateTime={at} suppressHydrationWarning={timeZone === undefined}>
      {withTime ? formatMoment(at, locale, zone) : formatDay(at, locale, zone)}
    </time>
  );
}

const TONE_CLASS: Record<BadgeTone, string> = {
  waiting: "bg-stone-100 text-stone-700 ring-stone-200",
  open: "bg-sky-50 text-sky-800 ring-sky-200",
  moving: "bg-amber-50 text-amber-900 ring-amber-200",
  done: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  stopped: "bg-red-50 text-red-700 ring-red-200",
};

function Badge({
  tone,
  children,
  ...rest
}: { tone: BadgeTone; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${TONE_CLASS[tone]}`}
      {...rest}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={ORDER_STATUS_TONE[status]} data-order-status={status}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={REFUND_STATUS_TONE[status]} data-refund-status={status}>
      {t(`refunds.status.${status}`)}
    </Badge>
  );
}

/** One line of a placed order, as it was when bought: picture, name, options, quantity and prices. */
function OrderLineRow({
  line,
  currency,
  extra,
}: {
  line: OrderLine;
  currency: string;
  /** What the page adds under the line (a delivered order's "Write a review"). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const href = `/products/${line.productId}${line.variationId === null ? "" : `?variation=${line.variationId}`}`;
  return (
    <li
      className="flex gap-4 py-4 first:pt-0 last:pb-0"
      data-order-line={line.id}
      data-quantity={line.quantity}
    >
      <ProductThumbnail
        image={line.image}
        size={96}
        to={href}
        className="size-16 shrink-0 rounded-xl sm:size-20"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <Link
          to={href}
          className="line-clamp-2 font-medium text-stone-950 hover:underline"
          data-order-line-name
        >
          <WholeWords text={line.name} />
        </Link>
        {line.options.length > 0 ? (
          <p className="text-sm text-stone-600" data-order-line-options>
            {line.options.join(" · ")}
          </p>
        ) : null}
        {line.giftRecipient ? (
          <p className="text-sm text-stone-600" data-gift-recipient-line>
            {t("gift-card.goes-to", {
              name: line.giftRecipient.name,
              email: line.giftRecipient.email,
            })}{" "}
            {line.giftRecipient.sendOn
              ? t("gift-card.goes-on", { date: line.giftRecipient.sendOn })
              : t("gift-card.goes-now")}
          </p>
        ) : null}
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-sm tabular-nums text-stone-600">
            {t("orders.line-quantity", {
              count: line.quantity,
              price: leftToRight(formatMoney(line.unitPrice, currency, locale)),
            })}
          </p>
          <p className="font-semibold tabular-nums text-stone-950" data-line-total>
            <Money amount={line.lineTotal} currency={currency} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2 empty:hidden">
          {/* Only a file the shopper can fetch now is offered: not before it is paid, nor once cancelled or refunded. */}
          {line.downloadable ? (
            <Link
              to="/downloads"
              className="inline-flex items-center gap-1 rounded-full bg-brand/10 px-2 py-0.5 text-xs font-medium text-brand hover:bg-brand/15 hover:underline"
              data-line-download
            >
              <DownloadIcon className="size-3.5" />
              {t("orders.digital")}
            </Link>
          ) : null}
          {line.refunded > 0 ? (
            <span
              className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800"
              data-refunded={line.refunded}
            >
              {t("orders.refunded-count", { count: line.refunded })}
            </span>
          ) : null}
          {line.refundRequested > line.refunded ? (
            <span
              className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700"
              data-refund-requested={line.refundRequested - line.refunded}
            >
              {t("orders.refund-requested-count", { count: line.refundRequested - line.refunded })}
            </span>
          ) : null}
        </div>
        {extra}
      </div>
    </li>
  );
}

export function OrderLines({
  order,
  lineExtra,
}: {
  order: Pick<Order, "lines" | "currency">;
  lineExtra?: (line: OrderLine) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-stone-200" data-order-lines>
      {order.lines.map((line) => (
        <OrderLineRow key={line.id} line={line} currency={order.currency} extra={lineExtra?.(line)} />
      ))}
    </ul>
  );
}

function TotalRow({
  label,
  children,
  strong = false,
  name,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  name: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? "border-t border-stone-200 pt-3 text-base font-semibold text-stone-950" : "text-sm text-stone-700"}`}
      data-total={name}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The totals of spec §3's final total helper as the order froze them: goods, tax (shown, not added,
 * where prices include it), shipping, discount, tip, wallet credit, and what was to pay.
 */
export function OrderTotals({
  totals,
  currency,
  couponCode,
  digital,
}: {
  totals: CheckoutTotals;
  currency: string;
  couponCode: string | null;
  digital: boolean;
}) {
  const { t } = useTranslation();
  const money = (amount: number) => <Money amount={amount} currency={currency} />;
  const minus = (amount: number) => <Money amount={-amount} currency={currency} />;
  return (
    <dl className="space-y-2.5" data-order-totals>
      <TotalRow label={t("orders.totals.subtotal")} name="subtotal">
        {money(totals.totalAmount)}
      </TotalRow>
      {totals.tax > 0 ? (
        <TotalRow
          label={t(totals.taxIncluded ? "orders.totals.tax-included" : "orders.totals.tax")}
          name="tax"
        >
          {money(totals.tax)}
        </TotalRow>
      ) : null}
      {digital ? null : (
        <TotalRow label={t("orders.totals.shipping")} name="shipping">
          {totals.shipping_charge === 0 ? t("orders.totals.free") : money(totals.shipping_charge)}
        </TotalRow>
      )}
      {totals.discount > 0 ? (
        <TotalRow
          label={
            couponCode ? (
              <>
                {t("orders.totals.discount")}{" "}
                <bdi className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs">{couponCode}</bdi>
              </>
            ) : (
              t("orders.totals.discount")
            )
          }
          name="discount"
        >
          <span className="text-emerald-700">{minus(totals.discount)}</span>
        </TotalRow>
      ) : null}
      {totals.tip > 0 ? (
        <TotalRow label={t("orders.totals.tip")} name="tip">
          {money(totals.tip)}
        </TotalRow>
      ) : null}
      {(totals.giftCard ?? 0) > 0 ? (
        <TotalRow label={t("orders.totals.gift-card")} name="gift-card">
          <span className="text-emerald-700">{minus(totals.giftCard)}</span>
        </TotalRow>
      ) : null}
      {totals.wallet > 0 ? (
        <TotalRow label={t("orders.totals.wallet")} name="wallet">
          <span className="text-emerald-700">{minus(totals.wallet)}</span>
        </TotalRow>
      ) : null}
      <TotalRow label={t("orders.totals.total")} name="total" strong>
        {money(totals.payable_amount)}
      </TotalRow>
    </dl>
  );
}

/** A white panel of an order page, with its heading. */
export function OrderPanel({
  title,
  children,
  action,
  ...rest
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
} & Record<`data-${string}`, string | boolean | undefined>) {
  return (
    <section className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" {...rest}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-stone-950">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
