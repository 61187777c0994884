import {
  BAMBORA_GATEWAY,
  CARD_PAYMENT,
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

/** What of a checkout (or a table's share) names its card. */
export type CardRequest = Pick<
  CheckoutRequest,
  "payment_gateway" | "payment_sub_gateway" | "credit_card" | "stripePaymentMethodId" | "bamboraCard"
>;

const invalidGateway = () => new ApiError("INVALID_INPUT", { payment_gateway: FIELD_ERROR_KEYS.invalid });

/**
 * Saved cards hang off a customer's account (spec §6): a guest session has none to pay with.
 * Whether the card is this customer's is the provider adapter's check, against the provider.
 */
function savedCard(customer: CustomerRow | null, cardId: string): ProviderPaymentMethod {
  if (customer?.kind !== "customer") throw new ApiError("SAVED_CARDS_SIGN_IN");
  return { kind: "saved_card", customerId: customer.id, cardId };
}

/**
 * A saved card, paid through the provider that saved it: which one is told by the field its id
 * came in (`stripePaymentMethodId` or `bamboraCard.cardId`), never by a choice of the shopper.
 */
function savedCardChoice(request: CardRequest, customer: CustomerRow | null): CardChoice {
  const stripeId = request.stripePaymentMethodId;
  const bamboraId = request.bamboraCard?.cardId;
  if (stripeId && bamboraId)
    throw new ApiError("INVALID_INPUT", { "bamboraCard.cardId": FIELD_ERROR_KEYS.invalid });
  if (!stripeId && !bamboraId)
    throw new ApiError("INVALID_INPUT", {
      [request.payment_gateway === BAMBORA_GATEWAY ? "bamboraCard.cardId" : "stripePaymentMethodId"]:
        FIELD_ERROR_KEYS.required,
    });
  const gateway = stripeId ? STRIPE_GATEWAY : BAMBORA_GATEWAY;
  if (request.payment_gateway !== CARD_PAYMENT && request.payment_gateway !== gateway) throw invalidGateway();
  return { gateway, card: null, paymentMethod: savedCard(customer, stripeId ?? bamboraId ?? "") };
}

/** A card given for this order, as the provider the shop takes new cards through wants it. */
function newCardChoice(request: CardRequest, gateway: CardGateway): CardChoice {
  switch (gateway) {
    case TEST_CARD_GATEWAY: {
      const parsed = creditCardSchema.safeParse(request.credit_card ?? {});
      if (!parsed.success) throw new ApiError("INVALID_INPUT", cardFieldErrors(parsed.error));
      return { gateway, card: parsed.data, paymentMethod: null };
    }
    case STRIPE_GATEWAY: {
      const id = request.stripePaymentMethodId;
      if (!id) throw new ApiError("INVALID_INPUT", { stripePaymentMethodId: FIELD_ERROR_KEYS.required });
      return { gateway, card: null, paymentMethod: { kind: "token", token: id } };
    }
    case BAMBORA_GATEWAY: {
      const choice = request.bamboraCard;
      if (!choice?.token)
        throw new ApiError("INVALID_INPUT", { "bamboraCard.token": FIELD_ERROR_KEYS.required });
      return {
        gateway,
        card: null,
        paymentMethod: { kind: "token", token: choice.token, holderName: choice.name || undefined },
      };
    }
  }
}

/**
 * The card of a checkout paid by card (`payment_gateway: card`). A saved card goes through the
 * provider that saved it; a new card through `newCardGateway`, the provider the shop takes new
 * cards through (null: the shop takes none). A diner at a table has no account here (null): a saved
 * card is theirs only when signed in. A checkout that still names a provider is taken only
 * where that is the card's own provider: a card made for another provider's page is never sent to
 * this one.
 */
export function cardChoiceOf(
  request: CardRequest,
  customer: CustomerRow | null,
  newCardGateway: CardGateway | null,
): CardChoice | null {
  const gateway = request.payment_gateway;
  if (gateway === null || gateway === "cash") return null;
  if (request.payment_sub_gateway === "saved_card") return savedCardChoice(request, customer);
  if (!newCardGateway || (gateway !== CARD_PAYMENT && gateway !== newCardGateway)) throw invalidGateway();
  return newCardChoice(request, newCardGateway);
}
