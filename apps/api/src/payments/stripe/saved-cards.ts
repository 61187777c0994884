import type Stripe from "stripe";
import type { Database } from "../../platform/db/database.ts";
import { deploymentIdOf, deploymentKey } from "../deployment.ts";
import {
  type AddCardResult,
  brandOf,
  CardProviderUnavailable,
  type CustomerOfStore,
  claimProviderCustomer,
  providerCustomerOf,
  type SavedCard,
  type SavedCards,
} from "../saved-cards.ts";
import {
  DEPLOYMENT_METADATA,
  STORE_METADATA,
  type StripeOptions,
  stripeClients,
  stripeErrorOf,
} from "./client.ts";
import { stripeDeclineReason } from "./payments.ts";

/*
 * Saved cards at Stripe: one Stripe customer per customer of a store, cards saved on it through
 * SetupIntents (the card typed into Stripe's own element, so its number never reaches Stoa), and
 * every card checked against the customer before it is listed, used or removed.
 */

function savedCardOf(method: Stripe.PaymentMethod): SavedCard | null {
  if (!method.card) return null;
  return {
    id: method.id,
    brand: brandOf(method.card.brand),
    last4: method.card.last4,
    expiryMonth: method.card.exp_month,
    expiryYear: method.card.exp_year,
    holderName: method.billing_details?.name ?? null,
  };
}

function ownerOf(method: Stripe.PaymentMethod): string | null {
  return typeof method.customer === "string" ? method.customer : (method.customer?.id ?? null);
}

export function createStripeSavedCards(db: Database, options: StripeOptions): SavedCards {
  const clientOf = stripeClients({ deployment: () => deploymentIdOf(db), ...options });

  async function clientOfStore(storeId: number) {
    const client = await clientOf(storeId);
    if (!client) throw new CardProviderUnavailable("stripe", `find the Stripe account of store ${storeId}`);
    return client;
  }

  async function stripeOf(storeId: number): Promise<Stripe> {
    return (await clientOfStore(storeId)).stripe;
  }

  /** Runs a request, turning a failure to reach Stripe into the one error callers expect. */
  async function asking<T>(what: string, ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof CardProviderUnavailable || !stripeErrorOf(error)) throw error;
      throw new CardProviderUnavailable("stripe", what);
    }
  }

  /** The customer's Stripe customer id, or null when they have none (and so no saved cards). */
  async function existing(customer: CustomerOfStore): Promise<string | null> {
    const row = await providerCustomerOf(db, customer, "stripe");
    return row?.confirmed ? row.providerRef : null;
  }

  /** The customer's card with this id; null when it is not theirs or not there. */
  async function ownCard(stripe: Stripe, customerRef: string, cardId: string) {
    try {
      const method = await stripe.paymentMethods.retrieve(cardId);
      return ownerOf(method) === customerRef ? method : null;
    } catch (error) {
      if (stripeErrorOf(error)?.code === "resource_missing") return null;
      throw error;
    }
  }

  const savedCards: SavedCards = {
    name: "stripe",

    async ensureCustomer(customer) {
      const known = await existing(customer);
      if (known) return known;
      const { stripe, deployment } = await clientOfStore(customer.storeId);
      // The key makes a retry after a crash find the customer the first attempt made.
      const created = await asking("create a customer", () =>
        stripe.customers.create(
          {
            email: customer.email ?? undefined,
            name: customer.name || customer.billing?.name || undefined,
            metadata: {
              [DEPLOYMENT_METADATA]: deployment,
              [STORE_METADATA]: String(customer.storeId),
              stoa_customer: String(customer.customerId),
            },
          },
          {
            idempotencyKey: deploymentKey(
              deployment,
              `stoa-customer-${customer.storeId}-${customer.customerId}`,
            ),
          },
        ),
      );
      return (await claimProviderCustomer(db, customer, "stripe", created.id, true)).providerRef;
    },

    async addCard(request): Promise<AddCardResult> {
      const customerRef = await savedCards.ensureCustomer(request);
      const { stripe, deployment } = await clientOfStore(request.storeId);
      try {
        const setup = await stripe.setupIntents.create(
          {
            customer: customerRef,
            usage: "off_session",
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            metadata: { [DEPLOYMENT_METADATA]: deployment, [STORE_METADATA]: String(request.storeId) },
            ...(request.token ? { payment_method: request.token, confirm: true } : {}),
            expand: ["payment_method"],
          },
          { idempotencyKey: deploymentKey(deployment, request.idempotencyKey) },
        );
        const method = typeof setup.payment_method === "string" ? null : setup.payment_method;
        const card = setup.status === "succeeded" && method ? savedCardOf(method) : null;
        if (card) return { outcome: "saved", card };
        if (setup.client_secret)
          return { outcome: "requires_action", clientSecret: setup.client_secret, setupRef: setup.id };
        return { outcome: "declined", reason: "provider_error" };
      } catch (error) {
        const stripeError = stripeErrorOf(error);
        if (stripeError?.type === "StripeCardError")
          return { outcome: "declined", reason: stripeDeclineReason(stripeError) };
        if (stripeError?.type === "StripeInvalidRequestError" && stripeError.param === "payment_method")
          return { outcome: "declined", reason: "card_declined" };
        if (stripeError) return { outcome: "declined", reason: "provider_error" };
        throw error;
      }
    },

    async listCards(customer) {
      const customerRef = await existing(customer);
      if (!customerRef) return [];
      const stripe = await stripeOf(customer.storeId);
      const methods = await asking("list the saved cards", () =>
        stripe.customers.listPaymentMethods(customerRef, { type: "card", limit: 100 }),
      );
      return methods.data.flatMap((method) => savedCardOf(method) ?? []);
    },

    async deleteCard(request) {
      const customerRef = await existing(request);
      if (!customerRef) return "not_found";
      const stripe = await stripeOf(request.storeId);
      return asking("remove a saved card", async () => {
        const method = await ownCard(stripe, customerRef, request.cardId);
        if (!method) return "not_found";
        await stripe.paymentMethods.detach(method.id);
        return "deleted";
      });
    },
  };
  return savedCards;
}
