import type { PaymentDeclineReason } from "@stoa/contract";
import type { CardChoice } from "../flows/card-choice.ts";
import type { PaymentProviders } from "../flows/payments.ts";
import { askProvider, DECLINE_ERRORS } from "../flows/payments.ts";
import type { AuthorizeResult, PaymentDeclined, PaymentStepResult } from "../payments/provider.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { BookingRow } from "./tables.ts";

/*
 * A booking's deposit, through the store's card provider. The provider names a payment by an
 * order: a booking's deposit is named by minus the booking's id, so it is never taken for an
 * order's. The provider's keys come from the booking's own Idempotency-Key (or its code), so a
 * retried request asks the same questions and money moves once.
 */

/** `depositPaymentRef` keeps the gateway with the provider's reference: "<gateway> <ref>". */
export const depositRef = (gateway: string, ref: string) => `${gateway} ${ref}`;
function parseDepositRef(kept: string): { gateway: string; ref: string } | null {
  const [gateway, ref] = kept.split(" ");
  return gateway && ref ? { gateway, ref } : null;
}

const depositKey = (row: BookingRow, step: string) =>
  `booking-${row.id}:${row.idempotencyKey ?? row.code}:${step}`;

export type DepositOutcome = { paid: true; ref: string } | { paid: false; reason: PaymentDeclineReason };

/** Authorizes and captures the deposit at once (the time is held for it); a bank's extra step is not waited for. */
export async function chargeDeposit(
  payments: PaymentProviders,
  store: StoreRow,
  row: BookingRow,
  card: CardChoice,
): Promise<DepositOutcome> {
  const provider = payments(store, card.gateway, "checkout");
  if (!provider) return { paid: false, reason: "provider_error" };
  const authorized: AuthorizeResult | PaymentDeclined = await askProvider(() =>
    provider.authorize({
      storeId: store.id,
      orderId: -row.id,
      amount: row.deposit,
      currency: row.currency,
      card: card.card ?? undefined,
      paymentMethod: card.paymentMethod ?? undefined,
      idempotencyKey: depositKey(row, "authorize"),
    }),
  );
  if (authorized.outcome === "requires_action") {
    await askProvider(() =>
      provider.void({
        storeId: store.id,
        paymentRef: authorized.paymentRef,
        idempotencyKey: depositKey(row, "void"),
      }),
    );
    return { paid: false, reason: "card_declined" };
  }
  if (authorized.outcome !== "approved") return { paid: false, reason: authorized.reason };
  const captured: PaymentStepResult = await askProvider(() =>
    provider.capture({
      storeId: store.id,
      paymentRef: authorized.paymentRef,
      idempotencyKey: depositKey(row, "capture"),
    }),
  );
  if (captured.outcome !== "approved")
    return { paid: false, reason: captured.outcome === "declined" ? captured.reason : "card_declined" };
  return { paid: true, ref: depositRef(card.gateway, authorized.paymentRef) };
}

/** The error a declined deposit answers. */
export const depositDeclined = (reason: PaymentDeclineReason) =>
  new ApiError(DECLINE_ERRORS[reason] ?? "PAYMENT_DECLINED");

/** Gives a paid deposit back in full; whether the provider did. */
export async function refundDeposit(
  payments: PaymentProviders,
  store: StoreRow,
  row: BookingRow,
): Promise<boolean> {
  const kept = row.depositPaymentRef ? parseDepositRef(row.depositPaymentRef) : null;
  if (!kept || row.depositStatus !== "paid") return false;
  const provider = payments(store, kept.gateway, "existing");
  if (!provider) return false;
  const refunded = await askProvider(() =>
    provider.refund({
      storeId: store.id,
      paymentRef: kept.ref,
      amount: row.deposit,
      idempotencyKey: depositKey(row, "refund"),
    }),
  );
  return refunded.outcome === "approved";
}
