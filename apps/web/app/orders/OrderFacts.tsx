import type { Order } from "@stoa/contract";
import type { ReactNode } from "react";
import { addressLines, addressName, type SavedAddress } from "../account/address.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CreditCardIcon, DownloadIcon, StoreIcon, TruckIcon, UserIcon } from "../platform/ui/icons.tsx";
import { useShop } from "../shell/root-data.ts";
import { formatWindow } from "./dates.ts";

function Fact({
  icon,
  title,
  children,
  name,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  name: string;
}) {
  return (
    <div className="flex gap-3" data-order-fact={name}>
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600">
        {icon}
      </span>
      <div className="min-w-0 flex-1 text-sm leading-6 text-stone-700">
        <h3 className="font-semibold text-stone-950">{title}</h3>
        {children}
      </div>
    </div>
  );
}

function AddressBlock({ address }: { address: SavedAddress }) {
  return (
    <address className="not-italic">
      {/* The shopper's own words, each line in its own direction ("12 – 18 Herzl St" stays so in Arabic). */}
      <span className="block">
        <bdi>{addressName(address)}</bdi>
      </span>
      {addressLines(address).map((line) => (
        <span key={line} className="block break-words">
          <bdi>{line}</bdi>
        </span>
      ))}
      {address.type === "shipping" && address.buzz_code ? (
        <span className="block text-stone-500">
          <BuzzCode code={address.buzz_code} />
        </span>
      ) : null}
    </address>
  );
}

function BuzzCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t("address.buzz-code")}: <bdi>{code}</bdi>
    </>
  );
}

/** How the order comes: the delivery type, its window, the postal option or pickup point. */
export function DeliveryFact({
  order,
}: {
  order: Pick<
    Order,
    | "delivery_type"
    | "delivery_time"
    | "deliveryOptionName"
    | "pickupAddress"
    | "shipping_address"
    | "timezone"
    | "tracking"
    | "customer_name"
  >;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  return (
    <Fact
      icon={
        order.delivery_type === "digital" ? (
          <DownloadIcon className="size-5" />
        ) : order.delivery_type === "pickup" ? (
          <StoreIcon className="size-5" />
        ) : (
          <TruckIcon className="size-5" />
        )
      }
      title={t(`orders.delivery.${order.delivery_type}`)}
      name="delivery"
    >
      {order.delivery_type === "table" ? (
        // A dine-in bill is named after its table (decision 065): where it was served.
        <p data-table>{t("orders.at-table", { table: order.customer_name })}</p>
      ) : null}
      {order.delivery_time ? (
        <p data-delivery-window>
          <time dateTime={order.delivery_time.start}>
            {formatWindow(order.delivery_time, locale, order.timezone)}
          </time>
        </p>
      ) : null}
      {order.delivery_type === "pickup" && order.deliveryOptionName ? (
        // Where to collect it: the point's name and address, as they were when the order was placed.
        <div data-pickup-point>
          <p className="text-stone-500">{t("orders.pickup-point")}</p>
          <address className="not-italic">
            <span className="block font-medium text-stone-950" data-delivery-option>
              <bdi>{order.deliveryOptionName}</bdi>
            </span>
            {order.pickupAddress ? (
              <span className="block break-words" data-pickup-address>
                <bdi>{order.pickupAddress}</bdi>
              </span>
            ) : null}
          </address>
        </div>
      ) : order.deliveryOptionName ? (
        <p data-delivery-option>
          <bdi>{order.deliveryOptionName}</bdi>
        </p>
      ) : null}
      {order.shipping_address && order.delivery_type !== "pickup" && order.delivery_type !== "digital" ? (
        <AddressBlock address={order.shipping_address} />
      ) : null}
      {order.tracking ? <ParcelLine tracking={order.tracking} /> : null}
    </Fact>
  );
}

/**
 * The parcel the shop shipped the order in: carrier and number, and the carrier's own tracking page
 * in a new tab (it is another site: no opener, no referrer carrying the order's address).
 */
function ParcelLine({ tracking }: { tracking: NonNullable<Order["tracking"]> }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2" data-parcel={tracking.carrier}>
      <p className="text-stone-500">{t("orders.parcel")}</p>
      <p className="font-medium text-stone-950">
        {tracking.carrierName ? <span>{tracking.carrierName} </span> : null}
        <bdi dir="ltr" className="break-all" data-tracking-number>
          {tracking.number}
        </bdi>
      </p>
      {tracking.link ? (
        <a
          href={tracking.link}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand underline underline-offset-2 hover:no-underline"
          data-track-parcel
        >
          {t("orders.track-parcel")}
        </a>
      ) : null}
    </div>
  );
}

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/**
 * "Visa •••• 4242": the brand as its owner writes it, the same in every language. A brand the
 * number did not tell (`unknown`) is left out; the method above already says "Card".
 */
function cardText(card: { brand: string; last4: string }): string {
  const name = BRAND_NAMES[card.brand];
  return name ? `${name} •••• ${card.last4}` : `•••• ${card.last4}`;
}

/** How the order is paid: the method, the card's brand and last four digits, where the money stands. */
export function PaymentFact({
  order,
}: {
  order: Pick<Order, "payment_gateway" | "card" | "paymentStatus" | "delivery_type" | "billing_address">;
}) {
  const { t } = useTranslation();
  const method =
    order.payment_gateway === "cash"
      ? t(order.delivery_type === "pickup" ? "orders.payment.cash-pickup" : "orders.payment.cash-delivery")
      : order.payment_gateway
        ? t("orders.payment.card")
        : t("orders.payment.none");
  // A cancelled cash order had nothing held on a card: what it says is that nothing is owed.
  const status =
    order.payment_gateway === "cash" && order.paymentStatus === "voided"
      ? "cash_voided"
      : order.paymentStatus;
  return (
    <Fact icon={<CreditCardIcon className="size-5" />} title={t("orders.payment.title")} name="payment">
      <p>{method}</p>
      {order.card ? (
        <p data-card>
          <bdi dir="ltr">{cardText(order.card)}</bdi>
        </p>
      ) : null}
      <p className="text-stone-500" data-payment-status={order.paymentStatus}>
        {t(`orders.payment-status.${status}`)}
      </p>
      {order.billing_address ? (
        <div className="mt-2">
          <p className="font-medium text-stone-950">{t("address.billing")}</p>
          <AddressBlock address={order.billing_address} />
        </div>
      ) : null}
    </Fact>
  );
}

/** Who the order is for and how to reach them, what they asked for, and what to do if stock runs out. */
export function ContactFact({
  order,
}: {
  order: Pick<Order, "customer_name" | "customer_contact" | "note" | "outStockPreference" | "delivery_type">;
}) {
  const { t } = useTranslation();
  return (
    <Fact icon={<UserIcon className="size-5" />} title={t("orders.contact")} name="contact">
      {order.customer_name ? (
        <p>
          <bdi>{order.customer_name}</bdi>
        </p>
      ) : null}
      {order.customer_contact ? (
        <p>
          <bdi dir="ltr" className="break-all">
            {order.customer_contact}
          </bdi>
        </p>
      ) : null}
      {order.delivery_type === "digital" ? null : (
        <p className="text-stone-500">{t(`orders.out-of-stock.${order.outStockPreference}`)}</p>
      )}
      {order.note ? (
        <div className="mt-2" data-order-note>
          <p className="font-medium text-stone-950">{t("orders.note")}</p>
          <p dir="auto" className="whitespace-pre-line break-words text-start">
            {order.note}
          </p>
        </div>
      ) : null}
    </Fact>
  );
}

/** Everything about the order besides its lines: delivery, payment and contact. */
export function OrderFacts({ order }: { order: Order }) {
  return (
    <div className="space-y-5">
      <DeliveryFact order={order} />
      <PaymentFact order={order} />
      <ContactFact order={order} />
    </div>
  );
}
