import {
  BAMBORA_GATEWAY,
  type CardGateway,
  type CheckoutRequest,
  type CreditCard,
  creditCardSchema,
  FIELD_ERROR_KEYS,
  STRIPE_GATEWAY,
  TEST_CARD_GATEWAY,
} from "@stoa/contract";
import type { CustomerRow } from "../customers/tables.ts";
import type { ProviderPaymentMethod } from "../payments/provider.ts";
import { ApiError, type FieldErrors } from "../platform/http/errors.ts";

/**
 * The card a checkout pays with, as its provider takes it: the typed card of the test provider,
 * or what Stripe's element or Bambora's tokenization page made of a card (a new one), or a card
 * the shopper saved before. Null for cash and for a checkout that names no card gateway.
 */
export type CardChoice = {
  gateway: CardGateway;
  card: CreditCard | null;
  paymentMethod: ProviderPaymentMethod | null;
};

function cardFieldErrors(error: { issues: { path: PropertyKey[]; message: string }[] }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = ["credit_card", ...issue.path.map(String)].join(".");
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Saved cards hang off a customer's account (spec §6): a guest session has none to pay with.
 * Whether the card is this customer's is the provider adapter's check, against the provider.
 */
function savedCard(customer: CustomerRow, cardId: string): ProviderPaymentMethod {
  if (customer.kind !== "customer") throw new ApiError("SAVED_CARDS_SIGN_IN");
  return { kind: "saved_card", customerId: customer.id, cardId };
}

export function cardChoiceOf(request: CheckoutRequest, customer: CustomerRow): CardChoice | null {
  switch (request.payment_gateway) {
    case TEST_CARD_GATEWAY: {
      const parsed = creditCardSchema.safeParse(request.credit_card ?? {});
      if (!parsed.success) throw new ApiError("INVALID_INPUT", cardFieldErrors(parsed.error));
      return { gateway: TEST_CARD_GATEWAY, card: parsed.data, paymentMethod: null };
    }
    case STRIPE_GATEWAY: {
      const id = request.stripePaymentMethodId;
      if (!id) throw new ApiError("INVALID_INPUT", { stripePaymentMethodId: FIELD_ERROR_KEYS.required });
      const paymentMethod: ProviderPaymentMethod =
        request.payment_sub_gateway === "saved_card" ? savedCard(customer, id) : { kind: "token", token: id };
      return { gateway: STRIPE_GATEWAY, card: null, paymentMethod };
    }
    case BAMBORA_GATEWAY: {
      const choice = request.bamboraCard;
      const saved = request.payment_sub_gateway === "saved_card";
      if (saved && !choice?.cardId)
        throw new ApiError("INVALID_INPUT", { "bamboraCard.cardId": FIELD_ERROR_KEYS.required });
      if (!saved && !choice?.token)
        throw new ApiError("INVALID_INPUT", { "bamboraCard.token": FIELD_ERROR_KEYS.required });
      const paymentMethod: ProviderPaymentMethod =
        saved && choice?.cardId
          ? savedCard(customer, choice.cardId)
          : { kind: "token", token: choice?.token ?? "", holderName: choice?.name || undefined };
      return { gateway: BAMBORA_GATEWAY, card: null, paymentMethod };
    }
    default:
      return null;
  }
}
