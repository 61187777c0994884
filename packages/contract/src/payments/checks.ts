// A plain check of the saved Stripe card a stored checkout keeps, without zod: see
// platform/plain-checks.ts and decision 026. It answers what `stripePaymentMethodIdSchema`
// (./schemas.ts) answers; checks.test.ts holds it to it.
import { isString } from "../platform/plain-checks.ts";

/** A Stripe payment method id as Stripe.js answers it (`pm_…`). */
export const STRIPE_PAYMENT_METHOD_ID_PATTERN = /^pm_\w{1,250}$/;

/** `stripePaymentMethodIdSchema`: a Stripe payment method id (`pm_…`), trimmed. */
export function asStripePaymentMethodId(value: unknown): string | null {
  if (!isString(value)) return null;
  const id = value.trim();
  return STRIPE_PAYMENT_METHOD_ID_PATTERN.test(id) ? id : null;
}
