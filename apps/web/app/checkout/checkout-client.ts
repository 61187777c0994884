import {
  type Calculation,
  type CheckoutRequestInput,
  ERRORS,
  IDEMPOTENCY_KEY_HEADER,
  type PaymentAction,
} from "@stoa/contract";
import type { ActionFailure } from "../platform/api/form-answer.ts";

export const CALCULATE_PATH = "/checkout/calculate";
export const PLACE_PATH = "/checkout/place";

/** What the checkout routes answer: the data, a refusal, or (failure null) no answer at all. */
export type CheckoutAnswer<T> = { ok: true; value: T } | { ok: false; failure: ActionFailure | null };

/** A placed order as the place route answers it (a guest's link token goes to a cookie, not here). */
export type PlacedOrderRef = {
  order: { id: number; orderNumber: number };
  /** Set when the card's bank wants the shopper to confirm the payment first (3-D Secure). */
  paymentAction?: PaymentAction | null;
};

export const CONFIRM_PAYMENT_PATH = "/checkout/confirm-payment";

/** After 3-D Secure: the shop asks the provider what became of the payment and places the order, or says why not. */
export function askToConfirmPayment(orderId: number) {
  return post<PlacedOrderRef>(CONFIRM_PAYMENT_PATH, { orderId }, {});
}

async function post<T>(
  path: string,
  body: unknown,
  { signal, headers = {} }: { signal?: AbortSignal; headers?: Record<string, string> },
): Promise<CheckoutAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
    });
    const answer = (await response.json()) as ({ ok: true } & T) | ActionFailure;
    return answer.ok ? { ok: true, value: answer as T } : { ok: false, failure: answer };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Offline, or an answer that is not JSON: nothing is known of what happened.
    return { ok: false, failure: null };
  }
}

export function askCalculation(request: CheckoutRequestInput, signal: AbortSignal) {
  return post<{ calculation: Calculation }>(CALCULATE_PATH, request, { signal });
}

export function askToPlace(request: CheckoutRequestInput, idempotencyKey: string) {
  return post<PlacedOrderRef>(PLACE_PATH, request, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/**
 * Whether the shop answered a refusal (nothing was placed, the next press is a new attempt) rather
 * than no answer at all or a failure on the way, after which the order may exist and only the same
 * key may be tried again.
 */
export function refusedForSure(failure: ActionFailure | null): failure is ActionFailure {
  return failure !== null && failure.code !== ERRORS.INTERNAL.code;
}
