import { type AddressBook, type CardGateway, CHECKOUT_ERROR_KEYS, ERRORS, type User } from "@stoa/contract";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageLoader } from "../account/AccessGate.tsx";
import {
  type BillingAddress,
  defaultAddressOf,
  plainAddress,
  type ShippingAddress,
} from "../account/address.ts";
import { useCart } from "../cart/CartProvider.tsx";
import type { CardWallet } from "../payments/card-wallet.ts";
import type { ActionFailure } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { accountLabel, displayName, phoneText } from "../platform/session/auth-state.ts";
import { CartIcon, CheckCircleIcon, DownloadIcon, LockIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../platform/ui/ui.ts";
import { useAuth } from "../shell/root-data.ts";
import { Money } from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import { ContactStep } from "./ContactStep.tsx";
import { type CheckoutField, type DeliveryOffer, isEmail, type MissingChoices } from "./checkout-checks.ts";
import {
  CHECKOUT_PATHS,
  type CheckoutMode,
  DEFAULT_CARD_GATEWAY,
  deliveryTypeOf,
  paymentGatewaysOf,
} from "./checkout-request.ts";
import type { CheckoutChoices } from "./checkout-state.ts";
import { DeliveryStep } from "./DeliveryStep.tsx";
import { type DeliveryOffering, shippedTypesOf, timesFor, windowStillOpen } from "./delivery-offer.ts";
import { digitalOnly, hasPhysicalLine } from "./line-problems.ts";
import { NotesStep } from "./NotesStep.tsx";
import { OrderSummary } from "./OrderSummary.tsx";
import { PaymentStep } from "./PaymentStep.tsx";
import { type PlaceFailure, useCalculation, usePlaceOrder } from "./use-checkout-flow.ts";

type StepId = "delivery" | "contact" | "payment";

/** The step a missing choice or a refused field is shown on; the coupon's is the summary's. */
function stepOfField(field: string): StepId | "summary" {
  if (field.startsWith("customer_")) return "contact";
  if (
    field.startsWith("payment") ||
    field.startsWith("credit_card") ||
    field.startsWith("billing") ||
    field.startsWith("tip")
  )
    return "payment";
  if (field.startsWith("coupon") || field.startsWith("products")) return "summary";
  return "delivery";
}

/**
 * Refusals whose text names the shop's own limits: the API's message says them, in the shopper's
 * language, with the figures only it knows.
 */
const SAID_WITH_FIGURES: ReadonlySet<string> = new Set([
  ERRORS.UNPAID_ORDER_TOO_LARGE.code,
  ERRORS.UNPAID_HOLDS_TOO_LARGE.code,
]);

function useFailureText() {
  const { t } = useTranslation();
  return (failure: ActionFailure) =>
    SAID_WITH_FIGURES.has(failure.code) && failure.message
      ? failure.message
      : failure.key
        ? t(failure.key)
        : failure.message || t("error-something-wrong");
}

/**
 * What a checkout fills in from what it knows: a customer's saved addresses and name and contact,
 * the only way to pay where there is one (a card for a parcel or a download), the delivery type the
 * shop offers, its only pickup point or postal option, and no delivery window the shop no longer offers.
 */
function useCheckoutDefaults(
  mode: CheckoutMode,
  user: User | null,
  saved: AddressBook | null,
  offering: DeliveryOffering | null,
  cardGateway: CardGateway | null,
) {
  const { state, ready, choose } = useCheckout();
  useEffect(() => {
    if (!ready) return;
    const changes: Partial<CheckoutChoices> = {};
    if (saved) {
      // The book's default is chosen first; an address the shopper chose stays chosen (decision 051).
      const shipping = defaultAddressOf(saved, "shipping");
      if (!state.shipping_address && shipping)
        changes.shipping_address = plainAddress(shipping) as ShippingAddress;
      const billing = defaultAddressOf(saved, "billing");
      if (!state.billing_address && billing)
        changes.billing_address = plainAddress(billing) as BillingAddress;
    }
    if (user && !user.isGuest) {
      // Only a value the account has is filled in: setting an empty one again would change the
      // state on every render (an account opened by phone has no name), a loop that froze the page.
      const name = displayName(user);
      if (!state.customer_name.trim() && name) changes.customer_name = name;
      const contact = state.customer_contact.trim();
      if (mode === "digital") {
        if (!isEmail(contact) && user.email) changes.customer_contact = user.email;
      } else if (!contact) {
        const known = phoneText(user) || user.email;
        if (known) changes.customer_contact = known;
      }
    }
    const [onlyGateway, ...otherGateways] = paymentGatewaysOf(deliveryTypeOf(mode, state), cardGateway);
    if (onlyGateway && otherGateways.length === 0 && state.payment_gateway !== onlyGateway)
      changes.payment_gateway = onlyGateway;
    if (offering) {
      const types = shippedTypesOf(offering.options);
      if (types.length > 0 && !types.some((type) => type === state.delivery_type))
        changes.delivery_type = types[0];
      const [onlyPoint, ...otherPoints] = offering.options.pickupPoints;
      if (onlyPoint && otherPoints.length === 0 && state.pickupOption !== onlyPoint.id)
        changes.pickupOption = onlyPoint.id;
      const [onlyPost, ...otherPosts] = offering.options.postOptions;
      if (onlyPost && otherPosts.length === 0 && state.delivery_post !== onlyPost.id)
        changes.delivery_post = onlyPost.id;
      const times = timesFor(offering, deliveryTypeOf(mode, state));
      if (state.delivery_time && times && !windowStillOpen(times, state.delivery_time))
        changes.delivery_time = null;
    }
    if (Object.keys(changes).length > 0) choose(changes);
  }, [ready, mode, user, saved, offering, cardGateway, state, choose]);
}

function CenteredPanel({ children }: { children: ReactNode }) {
  return (
    <div className={`${containerClass} py-16`}>
      <section className="mx-auto max-w-lg rounded-3xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10">
        {children}
      </section>
    </div>
  );
}

function EmptyCheckout() {
  const { t } = useTranslation();
  return (
    <CenteredPanel>
      <div data-checkout-empty>
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand">
          <CartIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">{t("cart.empty-title")}</h1>
        <p className="mt-3 text-sm leading-6 text-stone-600">{t("checkout.empty-text")}</p>
        <Link to="/products" className={`${buttonClass.primary} mt-8 w-full`}>
          {t("cart.start-shopping")}
        </Link>
      </div>
    </CenteredPanel>
  );
}

function OrderPlaced() {
  const { t } = useTranslation();
  return (
    <CenteredPanel>
      <div role="status" data-order-placed>
        <CheckCircleIcon className="mx-auto size-12 text-emerald-600" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-950">
          {t("checkout.placed.title")}
        </h1>
        <p className="mt-3 flex items-center justify-center gap-2 text-sm text-stone-600">
          <SpinnerIcon className="size-4" />
          {t("checkout.placed.text")}
        </p>
      </div>
    </CenteredPanel>
  );
}

function DigitalDelivery() {
  const { t } = useTranslation();
  return (
    <div
      className="flex items-start gap-4 rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sm text-sky-950"
      data-digital-delivery
    >
      <DownloadIcon className="size-6 shrink-0 text-sky-700" />
      <div>
        <p className="font-semibold">{t("checkout.digital.title")}</p>
        <p className="mt-1 leading-6 text-sky-900">{t("checkout.digital.text")}</p>
      </div>
    </div>
  );
}

const TITLES: Record<CheckoutMode, "checkout.title" | "checkout.guest-title" | "checkout.digital-title"> = {
  customer: "checkout.title",
  guest: "checkout.guest-title",
  digital: "checkout.digital-title",
};

/**
 * A checkout of spec §2 — the signed-in customer's, the guest's, or the one for digital goods —
 * as one page: the steps on the start side, the order summary beside them (below on phones). Every
 * choice lives in the checkout state, so a refused order, a reload or a trip to the cart loses none.
 */
export function CheckoutPage({
  mode,
  saved,
  offering,
  wallet,
}: {
  mode: CheckoutMode;
  /** A customer's saved addresses (null for a guest). */
  saved: AddressBook | null;
  /** The shop's delivery step (null for digital goods). */
  offering: DeliveryOffering | null;
  /** The card gateways the shop takes and the shopper's saved cards (null before a session). */
  wallet: CardWallet | null;
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const user = auth.status === "signed-in" ? auth.user : null;
  const guest = user?.isGuest ?? false;
  const navigate = useNavigate();
  const { cart } = useCart();
  const { state, ready, calculation, problems } = useCheckout();
  const failureText = useFailureText();
  const cardGateway = wallet ? wallet.cardGateway : DEFAULT_CARD_GATEWAY;
  useCheckoutDefaults(mode, user, saved, offering, cardGateway);

  const calc = useCalculation(mode, ready, cardGateway);
  const shopClosed = calculation?.shopClosed != null;
  const offer = useMemo<DeliveryOffer>(
    () => ({
      scheduled: offering?.schedule.scheduled ?? false,
      shopClosed,
      pickupPoints: offering?.options.pickupPoints.length ?? 0,
      postOptions: offering?.options.postOptions.length ?? 0,
      cardGateway,
      stripe: wallet?.stripeKey ? { jsUrl: wallet.stripeJsUrl, key: wallet.stripeKey } : null,
    }),
    [offering, cardGateway, wallet, shopClosed],
  );
  const order = usePlaceOrder(mode, offer, { recalculate: calc.recalculate });
  const [missingShown, setMissingShown] = useState(false);

  // The button pressed is disabled while the order is sent and the cart priced again, which drops
  // focus to the page: a refusal takes the shopper to where it is said, on the control that answers
  // it where there is one (another card), else to the words themselves.
  useEffect(() => {
    if (!order.problem) return;
    const { step } = order.problem;
    const where = step === "summary" ? null : document.getElementById(step);
    const target =
      where?.querySelector<HTMLElement>("[data-refusal-focus]") ??
      where?.querySelector<HTMLElement>("[data-step-message]") ??
      document.querySelector<HTMLElement>("[data-place-alert]");
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "center" });
  }, [order.problem]);

  // A cart of digital goods only has its own checkout, and the digital one cannot send a parcel.
  useEffect(() => {
    if (order.placed || !ready) return;
    if (mode !== "digital" && digitalOnly(cart.items, calculation))
      navigate(CHECKOUT_PATHS.digital, { replace: true });
    if (mode === "digital" && hasPhysicalLine(cart.items, calculation))
      navigate(guest ? CHECKOUT_PATHS.guest : CHECKOUT_PATHS.customer, { replace: true });
  }, [mode, guest, ready, cart.items, calculation, order.placed, navigate]);

  if (order.placed) return <OrderPlaced />;
  if (!ready) return <PageLoader />;
  if (cart.isEmpty) return <EmptyCheckout />;

  const missing: MissingChoices = order.missing;
  const problem: PlaceFailure | null = order.problem;
  const refusedFields = Object.entries(problem?.failure.fields ?? {});
  // A shop closed for now is said beside the time to choose, with the hour it opens (calculate's).
  const saidByTheTime = problem?.failure.code === ERRORS.SHOP_CLOSED.code;
  const serverMessages = (step: StepId | "summary"): string[] => {
    if (!problem) return [];
    const messages = refusedFields
      .filter(([field, key]) => stepOfField(field) === step && key !== CHECKOUT_ERROR_KEYS.shopClosed)
      .map(([, key]) => t(key));
    if (problem.step === step && messages.length === 0 && !saidByTheTime)
      messages.push(failureText(problem.failure));
    return [...new Set(messages)];
  };
  const lineProblems =
    problems.size > 0 || (calculation?.hasProblems === true && state.verified_response !== null);
  const blockedBy = lineProblems
    ? t("checkout.place.fix-lines")
    : calc.failure
      ? t("checkout.place.cannot-price")
      : calc.calculating || !state.verified_response
        ? t("checkout.place.calculating")
        : null;
  const placeAlert = problem
    ? problem.unanswered
      ? t("checkout.place.no-answer")
      : refusedFields.length > 0
        ? [
            ...(refusedFields.some(([field]) => stepOfField(field) !== "summary")
              ? [t("checkout.place.complete-steps")]
              : []),
            ...serverMessages("summary"),
          ].join(" ")
        : failureText(problem.failure)
    : calc.failure
      ? failureText(calc.failure)
      : missingShown && Object.keys(missing).length > 0
        ? t("checkout.place.complete-steps")
        : null;

  const onPlace = () => {
    void order.place().then((stillMissing) => {
      const fields = Object.keys(stillMissing) as CheckoutField[];
      setMissingShown(fields.length > 0);
      const first = fields[0];
      if (!first) return;
      const step = document.getElementById(stepOfField(first));
      step?.scrollIntoView({ behavior: "smooth", block: "start" });
      step?.focus({ preventScroll: true });
    });
  };

  const digital = mode === "digital";
  const currency = calculation?.currency ?? cart.items[0]?.currency ?? "USD";
  let step = 0;
  return (
    <div className={`${containerClass} py-8 sm:py-10`} data-checkout={mode}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3 sm:mb-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl">{t(TITLES[mode])}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {guest
              ? t("checkout.as-guest")
              : user
                ? t("checkout.as-customer", { name: accountLabel(user) })
                : null}
          </p>
        </div>
        <p className="inline-flex items-center gap-1.5 text-sm text-stone-600">
          <LockIcon className="size-4 text-emerald-700" />
          {t("checkout.secure")}
        </p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8 xl:grid-cols-[minmax(0,1fr)_27rem]">
        <div className="space-y-5" data-checkout-steps>
          {digital ? <DigitalDelivery /> : null}
          {!digital && offering ? (
            <DeliveryStep
              mode={mode}
              number={++step}
              offering={offering}
              saved={saved}
              missing={missing}
              messages={serverMessages("delivery")}
              timeRefused={problem?.step === "delivery"}
            />
          ) : null}
          <ContactStep
            mode={mode}
            guest={guest}
            askName={!!user && !displayName(user)}
            number={++step}
            missing={missing}
            messages={serverMessages("contact")}
          />
          <PaymentStep
            mode={mode}
            guest={guest}
            number={++step}
            saved={saved}
            missing={missing}
            currency={currency}
            walletBalance={calculation?.walletBalance ?? 0}
            cards={wallet}
            messages={serverMessages("payment")}
            onCreditChanged={calc.recalculate}
            giftCardRefusal={calc.giftCardRefusal}
            onGiftCardTyped={calc.clearGiftCardRefusal}
          />
          <NotesStep number={++step} digital={deliveryTypeOf(mode, state) === "digital"} />
        </div>
        <div className="lg:sticky lg:top-40">
          <OrderSummary
            items={cart.items}
            couponRefusal={calc.couponRefusal}
            onCouponTyped={calc.clearCouponRefusal}
            referralRefusal={calc.referralRefusal}
            onReferralTyped={calc.clearReferralRefusal}
            place={{
              busy: order.placing,
              blockedBy,
              alert: placeAlert,
              onDismissAlert: () => {
                order.dismissProblem();
                setMissingShown(false);
              },
              onPlace,
            }}
          />
        </div>
      </div>
      <PlaceBar busy={order.placing} blocked={blockedBy !== null} onPlace={onPlace} />
    </div>
  );
}

/**
 * On a phone the summary with its "Place order" comes after every step, at the very bottom: this
 * bar keeps the total and the button in reach. It is sticky at the end of the page, so its own
 * room is kept there and nothing is left under it once the page is scrolled to the end; the page
 * keeps a focused field clear of it (app.css `checkout-place-bar`). Larger screens keep the
 * summary in view beside the steps and do without it.
 */
function PlaceBar({ busy, blocked, onPlace }: { busy: boolean; blocked: boolean; onPlace: () => void }) {
  const { t } = useTranslation();
  const { state, calculation } = useCheckout();
  const current = calculation && state.verified_response ? calculation : null;
  return (
    <section aria-label={t("checkout.place.bar")} className="checkout-place-bar lg:hidden" data-place-bar>
      <p className="min-w-0">
        <span className="block text-xs text-stone-600">{t("checkout.summary.total")}</span>
        <span className="text-lg font-bold tabular-nums text-stone-950" data-place-bar-total>
          {current ? (
            <Money amount={current.totals.payable_amount} currency={current.currency} />
          ) : (
            t("checkout.place.calculating")
          )}
        </span>
      </p>
      <button
        type="button"
        onClick={onPlace}
        disabled={busy || blocked}
        aria-busy={busy || undefined}
        aria-describedby={blocked ? "place-blocked" : undefined}
        className={`${buttonClass.primary} shrink-0`}
        data-place-bar-button
      >
        {busy ? <SpinnerIcon className="size-5" /> : <LockIcon className="size-5" />}
        {busy ? t("checkout.place.busy") : t("checkout.place.button")}
      </button>
    </section>
  );
}
