import { type Calculation, type CardGateway, CHECKOUT_ERROR_KEYS, ERRORS } from "@stoa/contract";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useCart } from "../cart/CartProvider.tsx";
import { loadStripe } from "../payments/stripe-js.ts";
import type { ActionFailure } from "../platform/api/form-answer.ts";
import { SESSION_ENDED_CODES } from "../platform/session/auth-state.ts";
import { cleanReferralCode } from "../referrals/referral-link.ts";
import { forgetLinkedReferralCode, linkedReferralCode } from "../referrals/referral-storage.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";
import { type DeliveryOffer, type MissingChoices, missingChoices } from "./checkout-checks.ts";
import { askCalculation, askToConfirmPayment, askToPlace, refusedForSure } from "./checkout-client.ts";
import {
  attemptRequestOf,
  type CheckoutMode,
  calculateRequestOf,
  createRequestOf,
  DEFAULT_CARD_GATEWAY,
} from "./checkout-request.ts";
import { attemptFor, cartSignature, fingerprintOf, newIdempotencyKey } from "./checkout-state.ts";

/** How long the shopper may keep changing things before the cart is priced again. */
export const RECALCULATE_AFTER_MS = 350;

/** A coupon (or referral code) the API would not take, and why (a translation key of the error catalogue). */
export type CouponRefusal = { code: string; key: string };

/**
 * The summary's pricing: the API prices the cart with the shopper's choices whenever one that
 * changes a price changes (debounced, the older question dropped), and the answer lands in the
 * checkout for the summary, the lines and the cart drawer.
 */
export function useCalculation(
  mode: CheckoutMode,
  enabled: boolean,
  cardGateway: CardGateway | null = DEFAULT_CARD_GATEWAY,
) {
  const { state, ready, dispatch, choose, setCalculation } = useCheckout();
  const { cart } = useCart();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [couponRefusal, setCouponRefusal] = useState<CouponRefusal | null>(null);
  const [giftCardRefusal, setGiftCardRefusal] = useState<CouponRefusal | null>(null);
  const [referralRefusal, setReferralRefusal] = useState<CouponRefusal | null>(null);
  const [round, setRound] = useState(0);
  const request = useMemo(
    () => calculateRequestOf(mode, state, cart.items, cardGateway),
    [mode, state, cart.items, cardGateway],
  );
  const question = JSON.stringify(request);
  const signature = cartSignature(cart.items);
  const active = enabled && ready && cart.items.length > 0;
  // Whenever the proof of the totals is dropped (a cart change, a refused order), the cart is priced again.
  const needsProof = state.verified_response === null;
  const asking = `${question}|${signature}|${round}`;
  const answeredFor = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `needsProof` asks again for the same cart on purpose.
  useEffect(() => {
    if (!active) {
      setPending(false);
      return;
    }
    if (!needsProof && answeredFor.current === asking) return;
    const controller = new AbortController();
    setPending(true);
    const timer = setTimeout(() => {
      const asked = JSON.parse(question) as typeof request;
      askCalculation(asked, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setPending(false);
          if (!answer.ok) {
            setFailure(answer.failure ?? unreachable());
            return;
          }
          const calculation: Calculation = answer.value.calculation;
          answeredFor.current = asking;
          setFailure(null);
          setCalculation(calculation);
          if (asked.coupon && calculation.couponError)
            setCouponRefusal({ code: asked.coupon, key: calculation.couponError });
          if (calculation.referral) setReferralRefusal(null);
          if (asked.gift_card && calculation.giftCardError)
            setGiftCardRefusal({ code: asked.gift_card, key: calculation.giftCardError });
          dispatch({
            type: "CALCULATED",
            cart: signature,
            verified_response: calculation.verified_response,
            payable_amount: calculation.totals.payable_amount,
            coupon: calculation.coupon,
            gift_card: calculation.giftCard?.code ?? null,
          });
          if (asked.refer_code && calculation.referralError === CHECKOUT_ERROR_KEYS.referralSignIn) {
            // Not refused: it waits for the contact that tells the shopper apart (a guest types one).
            setReferralRefusal({ code: asked.refer_code, key: calculation.referralError });
          } else if (asked.refer_code && calculation.referralError) {
            // A refused code is dropped, as a refused coupon is, and priced again without it; the
            // link's code is forgotten too, or the checkout would apply it again and again.
            setReferralRefusal({ code: asked.refer_code, key: calculation.referralError });
            if (linkedReferralCode() === cleanReferralCode(asked.refer_code)) forgetLinkedReferralCode();
            choose({ refer_code: null });
          }
        })
        .catch(() => undefined);
    }, RECALCULATE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, asking, needsProof, dispatch, choose, setCalculation]);

  return {
    calculating: pending,
    failure,
    couponRefusal,
    clearCouponRefusal: useCallback(() => setCouponRefusal(null), []),
    referralRefusal,
    clearReferralRefusal: useCallback(() => setReferralRefusal(null), []),
    giftCardRefusal,
    clearGiftCardRefusal: useCallback(() => setGiftCardRefusal(null), []),
    recalculate: useCallback(() => setRound((n) => n + 1), []),
  };
}

function unreachable(): ActionFailure {
  const { code, key } = ERRORS.INTERNAL;
  return { ok: false, code, key, message: "", fields: {} };
}

/** Refusals that belong to the card: shown at the payment step as well as by the button. */
const PAYMENT_CODES: ReadonlySet<string> = new Set([
  ERRORS.PAYMENT_DECLINED.code,
  ERRORS.INSUFFICIENT_FUNDS.code,
  ERRORS.CARD_EXPIRED.code,
  ERRORS.PAYMENT_UNAVAILABLE.code,
]);

export type PlaceFailure = {
  failure: ActionFailure;
  /** The order may have been placed: the shopper is asked to try again, with the same key. */
  unanswered: boolean;
  /** Which step of the page it concerns besides the button ("delivery": the order's time). */
  step: "payment" | "delivery" | "summary";
};

/**
 * "Place order": checks what is still to choose, then sends the order once per attempt with its
 * Idempotency-Key (kept in the checkout until the order is placed, the API refuses it, or the cart
 * changes), and on success resets the cart and the checkout and shows the order.
 */
export function usePlaceOrder(
  mode: CheckoutMode,
  offer: DeliveryOffer,
  { recalculate }: { recalculate: () => void },
) {
  const { state, dispatch, choose } = useCheckout();
  const { openModal, closeModal } = useModal();
  const { cart, dispatch: dispatchCart } = useCart();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [missing, setMissing] = useState<MissingChoices>({});
  const [problem, setProblem] = useState<PlaceFailure | null>(null);
  const [placed, setPlaced] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef({ state, items: cart.items });
  latest.current = { state, items: cart.items };

  // What was missing is checked again as the shopper fills it in, so a message goes once it is answered.
  useEffect(() => {
    setMissing((shown) => {
      if (Object.keys(shown).length === 0) return shown;
      const now = missingChoices(mode, state, offer);
      return Object.fromEntries(Object.entries(now).filter(([field]) => field in shown)) as MissingChoices;
    });
  }, [mode, state, offer]);

  // A new card, or a new delivery time, answers what the shop refused about the old one.
  const { credit_card, bamboraCard, stripeCard, stripePaymentMethodId, payment_gateway, delivery_time } =
    state;
  useEffect(() => {
    if (credit_card || payment_gateway) setProblem((shown) => (shown?.step === "payment" ? null : shown));
  }, [credit_card, payment_gateway]);
  // A spent card is dropped after a decline (which must stay said); only a card given anew answers it.
  useEffect(() => {
    if (bamboraCard || stripeCard || stripePaymentMethodId)
      setProblem((shown) => (shown?.step === "payment" ? null : shown));
  }, [bamboraCard, stripeCard, stripePaymentMethodId]);
  useEffect(() => {
    if (delivery_time) setProblem((shown) => (shown?.step === "delivery" ? null : shown));
  }, [delivery_time]);

  const place = useCallback(async (): Promise<MissingChoices> => {
    if (inFlight.current) return {};
    const { state: current, items } = latest.current;
    const stillMissing = missingChoices(mode, current, offer);
    setMissing(stillMissing);
    if (Object.keys(stillMissing).length > 0) return stillMissing;
    inFlight.current = true;
    setProblem(null);
    const request = createRequestOf(
      mode,
      current,
      items,
      offer.cardGateway === undefined ? DEFAULT_CARD_GATEWAY : offer.cardGateway,
    );
    const attempt = attemptFor(current, fingerprintOf(attemptRequestOf(request)), newIdempotencyKey);
    dispatch({ type: "PLACING", attempt });
    let answer = await askToPlace(request, attempt.key);
    const action = answer.ok ? answer.value.paymentAction : null;
    if (answer.ok && action) {
      // The card's bank wants the shopper to confirm: Stripe.js shows its window, then the shop is asked.
      openModal("PAYMENT_MODAL");
      answer = await confirmWithBank(offer.stripe ?? null, action.clientSecret, answer.value.order.id);
      closeModal();
    }
    inFlight.current = false;
    if (answer.ok) {
      setPlaced(true);
      navigate(`/order-received?order=${answer.value.order.id}`);
      dispatchCart({ type: "RESET_CART" });
      // The order has taken the link's code: the next order is no first one to bring it to.
      if (request.refer_code) forgetLinkedReferralCode();
      dispatch({ type: "RESET", owner: current.owner });
      return {};
    }
    const { failure } = answer;
    if (!refusedForSure(failure)) {
      dispatch({ type: "UNANSWERED" });
      setProblem({ failure: failure ?? unreachable(), unanswered: true, step: "summary" });
      return {};
    }
    dispatch({ type: "REFUSED" });
    if (SESSION_ENDED_CODES.has(failure.code)) {
      navigate("/");
      return {};
    }
    if (failure.code === ERRORS.DELIVERY_WINDOW_FULL.code) {
      choose({ delivery_time: null });
      void revalidate();
    }
    // The cart priced again says what changed: the lines, or that the shop has closed since and when it opens.
    if (
      failure.code === ERRORS.CART_CHANGED.code ||
      failure.code === ERRORS.OUT_OF_STOCK.code ||
      failure.code === ERRORS.SHOP_CLOSED.code
    )
      recalculate();
    const step = stepOf(failure);
    // A refused card's single-use token is spent: the next attempt needs the card again.
    if (step === "payment" && current.bamboraCard?.kind === "new") choose({ bamboraCard: null });
    // So is a payment method Stripe made of a card that was refused.
    if (step === "payment" && current.stripeCard) choose({ stripeCard: null, stripePaymentMethodId: null });
    setProblem({ failure, unanswered: false, step });
    return {};
  }, [mode, offer, dispatch, dispatchCart, choose, navigate, revalidate, recalculate, openModal, closeModal]);

  return {
    place,
    placing: state.isPayment,
    placed,
    missing,
    problem,
    dismissProblem: useCallback(() => setProblem(null), []),
  };
}

/**
 * 3-D Secure: Stripe.js takes the shopper through the bank's confirmation, then the shop asks
 * Stripe what became of the payment. A payment still waiting, or a Stripe.js that cannot load, is
 * the bank's refusal as far as this attempt goes (the order is released by the shop, never charged).
 */
async function confirmWithBank(
  stripe: { jsUrl: string; key: string } | null,
  clientSecret: string,
  orderId: number,
): Promise<Awaited<ReturnType<typeof askToConfirmPayment>>> {
  if (stripe) {
    try {
      const client = await loadStripe(stripe.jsUrl, stripe.key);
      await client.handleNextAction({ clientSecret });
    } catch {
      // Asked anyway: the shop answers what the bank decided, or that it decided nothing.
    }
  }
  const answer = await askToConfirmPayment(orderId);
  if (answer.ok && answer.value.paymentAction) {
    const { code, key } = ERRORS.PAYMENT_DECLINED;
    return { ok: false, failure: { ok: false, code, key, message: "", fields: {} } };
  }
  return answer;
}

function stepOf(failure: ActionFailure): PlaceFailure["step"] {
  if (PAYMENT_CODES.has(failure.code) || Object.keys(failure.fields).some((f) => f.startsWith("credit_card")))
    return "payment";
  if (failure.code === ERRORS.DELIVERY_WINDOW_FULL.code || failure.code === ERRORS.SHOP_CLOSED.code)
    return "delivery";
  return "summary";
}
