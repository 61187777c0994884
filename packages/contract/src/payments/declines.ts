/**
 * Why a payment provider said no. Every provider adapter maps its own answers onto these, so the
 * shop treats a decline the same whichever provider the store uses. `provider_error` means no
 * answer could be had: nothing is known to be charged, and asking again with the same idempotency
 * key is safe.
 */
export const PAYMENT_DECLINE_REASONS = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "provider_error",
] as const;
export type PaymentDeclineReason = (typeof PAYMENT_DECLINE_REASONS)[number];
