import {
  type AddressBook,
  CHECKOUT_ERROR_KEYS,
  type DeliverySchedule,
  openingText,
  type TimedDeliveryType,
} from "@stoa/contract";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ClockIcon, MapPinIcon, ParcelIcon, StoreIcon, TruckIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { useShop } from "../shell/root-data.ts";
import { GuestAddressChoice, SavedAddressChoice } from "./AddressChoice.tsx";
import {
  CheckoutStep,
  ChoiceCard,
  MissingMessage,
  Money,
  refusalIdsOf,
  StepMessage,
  stepButtonClass,
} from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import type { MissingChoices } from "./checkout-checks.ts";
import { type CheckoutMode, deliveryTypeOf, isTimed, needsOf } from "./checkout-request.ts";
import {
  type DeliveryOffering,
  type ShippedType,
  shippedTypesOf,
  timesFor,
  windowLabel,
} from "./delivery-offer.ts";

const TYPE_ICONS: Record<ShippedType, ReactNode> = {
  delivery: <TruckIcon className="size-5" />,
  pickup: <StoreIcon className="size-5" />,
  post: <ParcelIcon className="size-5" />,
};

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-sm font-semibold text-stone-800">{children}</h3>;
}

/**
 * SEL_TIME's opener: the chosen window or time, or "as soon as possible" where the shop does not
 * book windows, or a button to choose one. While the shop is closed an order for as soon as
 * possible cannot be placed: the shop's answer says so here, with when it opens, beside the button.
 */
function DeliveryTime({
  schedule,
  deliveryType,
  missing,
  refused,
}: {
  schedule: DeliverySchedule;
  deliveryType: TimedDeliveryType;
  missing: MissingChoices;
  /** The shop refused the order's time (a full window, closed for now): focus comes here. */
  refused: { ids: string | undefined } | null;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { openModal } = useModal();
  const { state, choose, calculation } = useCheckout();
  const chosen = state.delivery_time;
  const pickup = deliveryType === "pickup";
  const closed = chosen ? null : (calculation?.shopClosed ?? null);
  // Once a time is chosen the shop's answer no longer says it is closed: until the opening it said,
  // "as soon as possible" is not offered back.
  const [closedUntil, setClosedUntil] = useState<string | null>(null);
  useEffect(() => {
    if (closed) setClosedUntil(closed.opensAt);
  }, [closed]);
  const asapOffered = !schedule.scheduled && !(closedUntil && Date.parse(closedUntil) > Date.now());
  const messageId = "missing-delivery_time";
  const describedBy =
    [closed || missing.delivery_time ? messageId : null, refused?.ids].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mt-6" data-delivery-time={deliveryType}>
      <SubHeading>{t(pickup ? "checkout.delivery.pickup-time" : "checkout.delivery.time")}</SubHeading>
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 p-4">
        <ClockIcon className="size-5 shrink-0 text-stone-500" />
        <p className="min-w-0 flex-1 text-sm" data-chosen-window={chosen?.start}>
          {chosen ? (
            <span className="font-semibold text-stone-950">
              {windowLabel(chosen, locale, schedule.timezone)}
            </span>
          ) : schedule.scheduled || closed ? (
            <span className="text-stone-600">
              {t(pickup ? "checkout.delivery.no-pickup-time" : "checkout.delivery.no-time")}
            </span>
          ) : (
            <span className="font-semibold text-stone-950" data-as-soon-as-possible>
              {t("checkout.delivery.asap")}
            </span>
          )}
        </p>
        {chosen && asapOffered ? (
          <button
            type="button"
            onClick={() => choose({ delivery_time: null })}
            className="text-sm font-semibold text-brand hover:underline"
            data-choose-asap
          >
            {t("checkout.delivery.asap-instead")}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => openModal("SEL_TIME", { schedule, deliveryType })}
          className={stepButtonClass}
          aria-describedby={describedBy}
          data-refusal-focus={refused ? true : undefined}
          data-choose-time
        >
          {t(chosen ? "checkout.delivery.change-time" : "checkout.delivery.choose-time")}
        </button>
      </div>
      {closed ? (
        <StepMessage id={messageId}>
          <span data-shop-closed={closed.opensAt}>
            {t(CHECKOUT_ERROR_KEYS.shopClosed, {
              opens: openingText(closed.opensAt, locale, closed.timezone),
            })}
          </span>
        </StepMessage>
      ) : (
        <MissingMessage missing={missing} field="delivery_time" />
      )}
    </div>
  );
}

/**
 * The delivery step: how the order reaches the shopper (delivery, pickup, post — those the shop
 * offers), and what that way needs: the address, a delivery window or time, a pickup point and
 * time, or a postal option.
 */
export function DeliveryStep({
  mode,
  number,
  offering,
  saved,
  missing,
  messages,
  timeRefused,
}: {
  mode: CheckoutMode;
  number: number;
  offering: DeliveryOffering;
  /** A customer's saved addresses; null for a guest. */
  saved: AddressBook | null;
  missing: MissingChoices;
  /** What the shop said of this step when it refused the order (a full window, say), translated. */
  messages: readonly string[];
  /** The refusal was of the order's time (a full window, a shop closed for now). */
  timeRefused: boolean;
}) {
  const { t } = useTranslation();
  const { state, choose } = useCheckout();
  const types = shippedTypesOf(offering.options);
  const type = deliveryTypeOf(mode, state);
  const needs = needsOf(type);
  const { options } = offering;
  const times = timesFor(offering, type);

  return (
    <CheckoutStep
      id="delivery"
      number={number}
      title={t("checkout.delivery.title")}
      icon={<TruckIcon className="size-5" />}
      messages={messages}
    >
      {types.length > 1 ? (
        <fieldset className="mb-6">
          <legend className="sr-only">{t("checkout.delivery.how")}</legend>
          <div
            className={`grid grid-cols-1 gap-3 ${types.length === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}
          >
            {types.map((option) => (
              <ChoiceCard
                key={option}
                name="delivery_type"
                value={option}
                checked={type === option}
                onChange={() => choose({ delivery_type: option })}
                icon={TYPE_ICONS[option as ShippedType]}
                title={t(`checkout.delivery.type.${option as ShippedType}`)}
                detail={t(`checkout.delivery.type-detail.${option as ShippedType}`)}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      {needs.shippingAddress ? (
        <div data-shipping-address>
          <SubHeading>{t("checkout.delivery.address")}</SubHeading>
          {saved ? (
            <SavedAddressChoice type="shipping" book={saved} />
          ) : (
            <GuestAddressChoice type="shipping" address={state.shipping_address} />
          )}
          <MissingMessage missing={missing} field="shipping_address" />
        </div>
      ) : null}

      {needs.postalOption ? (
        <fieldset className="mt-6" data-postal-options>
          <legend className="mb-3 text-sm font-semibold text-stone-800">
            {t("checkout.delivery.postal-option")}
          </legend>
          <div className="grid grid-cols-1 gap-3">
            {options.postOptions.map((option) => (
              <ChoiceCard
                key={option.id}
                name="delivery_post"
                value={String(option.id)}
                checked={state.delivery_post === option.id}
                onChange={() => choose({ delivery_post: option.id })}
                title={<bdi>{option.name}</bdi>}
                detail={t("checkout.delivery.days", { min: option.daysMin, max: option.daysMax })}
                end={<Money amount={option.price} currency={options.currency} />}
              />
            ))}
          </div>
          <MissingMessage missing={missing} field="delivery_post" />
        </fieldset>
      ) : null}

      {needs.pickupPoint && options.pickupPoints.length > 0 ? (
        <fieldset data-pickup-points>
          <legend className="mb-3 text-sm font-semibold text-stone-800">
            {t("checkout.delivery.pickup-point")}
          </legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {options.pickupPoints.map((point) => (
              <ChoiceCard
                key={point.id}
                name="pickupOption"
                value={String(point.id)}
                checked={state.pickupOption === point.id}
                onChange={() => choose({ pickupOption: point.id })}
                icon={<MapPinIcon className="size-5" />}
                title={<bdi>{point.name}</bdi>}
                detail={<bdi>{point.address}</bdi>}
              />
            ))}
          </div>
          <MissingMessage missing={missing} field="pickupOption" />
        </fieldset>
      ) : null}
      {isTimed(type) && times && (times.scheduled || times.days.length > 0) ? (
        <DeliveryTime
          schedule={times}
          deliveryType={type}
          missing={missing}
          refused={timeRefused ? { ids: refusalIdsOf("delivery", messages) } : null}
        />
      ) : null}
    </CheckoutStep>
  );
}
