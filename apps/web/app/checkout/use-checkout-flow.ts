import { type Calculation, ERRORS } from "@stoa/contract";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useCart } from "../cart/CartProvider.tsx";
import type { ActionFailure } from "../platform/api/form-answer.ts";
import { SESSION_ENDED_CODES } from "../platform/session/auth-state.ts";
import { useCheckout } from "./CheckoutProvider.tsx";
import { type DeliveryOffer, type MissingChoices, missingChoices } from "./checkout-checks.ts";
import { askCalculation, askToPlace, refusedForSure } from "./checkout-client.ts";
import {
  attemptRequestOf,
  type CheckoutMode,
  calculateRequestOf,
  createRequestOf,
} from "./checkout-request.ts";
import { attemptFor, cartSignature, fingerprintOf, newIdempotencyKey } from "./checkout-state.ts";

/** How long the shopper may keep changing things before the cart is priced again. */
export const RECALCULATE_AFTER_MS = 350;

/** A coupon the API would not take, and why (a translation key of the error catalogue). */
export type CouponRefusal = { code: string; key: string };

/**
 * The summary's pricing: the API prices the cart with the shopper's choices whenever one that
 * changes a price changes (debounced, the older question dropped), and the answer lands in the
 * checkout for the summary, the lines and the cart drawer.
 */
export function useCalculation(mode: CheckoutMode, enabled: boolean) {
  const { state, ready, dispatch, setCalculation } = useCheckout();
  const { cart } = useCart();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [couponRefusal, setCouponRefusal] = useState<CouponRefusal | null>(null);
  const [round, setRound] = useState(0);
  const request = useMemo(() => calculateRequestOf(mode, state, cart.items), [mode, state, cart.items]);
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
          dispatch({
            type: "CALCULATED",
            cart: signature,
            verified_response: calculation.verified_response,
            payable_amount: calculation.totals.payable_amount,
            coupon: calculation.coupon,
          });
        })
        .catch(() => undefined);
    }, RECALCULATE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, asking, needsProof, dispatch, setCalculation]);

  return {
    calculating: pending,
    failure,
    couponRefusal,
    clearCouponRefusal: useCallback(() => setCouponRefusal(null), []),
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
  /** Which step of the page it concerns besides the button. */
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
  const { credit_card, payment_gateway, delivery_time } = state;
  useEffect(() => {
    if (credit_card || payment_gateway) setProblem((shown) => (shown?.step === "payment" ? null : shown));
  }, [credit_card, payment_gateway]);
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
    const request = createRequestOf(mode, current, items);
    const attempt = attemptFor(current, fingerprintOf(attemptRequestOf(request)), newIdempotencyKey);
    dispatch({ type: "PLACING", attempt });
    const answer = await askToPlace(request, attempt.key);
    inFlight.current = false;
    if (answer.ok) {
      setPlaced(true);
      navigate(`/order-received?order=${answer.value.order.id}`);
      dispatchCart({ type: "RESET_CART" });
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
    if (failure.code === ERRORS.CART_CHANGED.code || failure.code === ERRORS.OUT_OF_STOCK.code) recalculate();
    setProblem({ failure, unanswered: false, step: stepOf(failure) });
    return {};
  }, [mode, offer, dispatch, dispatchCart, choose, navigate, revalidate, recalculate]);

  return {
    place,
    placing: state.isPayment,
    placed,
    missing,
    problem,
    dismissProblem: useCallback(() => setProblem(null), []),
  };
}

function stepOf(failure: ActionFailure): PlaceFailure["step"] {
  if (PAYMENT_CODES.has(failure.code) || Object.keys(failure.fields).some((f) => f.startsWith("credit_card")))
    return "payment";
  if (failure.code === ERRORS.DELIVERY_WINDOW_FULL.code) return "delivery";
  return "summary";
}
