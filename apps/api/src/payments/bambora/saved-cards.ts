import { randomBytes } from "node:crypto";
import type { Database } from "../../platform/db/database.ts";
import {
  type AddCardResult,
  type BillingProfile,
  brandOf,
  CardProviderUnavailable,
  type CustomerOfStore,
  claimProviderCustomer,
  confirmProviderCustomer,
  providerCustomerOf,
  type SavedCard,
  type SavedCards,
} from "../saved-cards.ts";
import {
  type BamboraAnswer,
  type BamboraJson,
  type BamboraOptions,
  BamboraUnreachable,
  bamboraClient,
} from "./api.ts";
import { bamboraDeclineReason } from "./payments.ts";

/*
 * Saved cards in Bambora's Payment Profiles: one profile per customer of a store, holding the
 * billing profile of spec §3 and the cards tokenized in the shopper's browser. Stoa chooses the
 * profile's `customer_code` and writes it down before asking Bambora to make the profile, so a
 * retry after a crash finds the profile instead of making a second one. A card id is a number
 * within the customer's own profile: no id can reach another customer's card.
 */

function billingOf(
  billing: BillingProfile | undefined,
  email: string | null | undefined,
): BamboraJson | undefined {
  if (!billing) return email ? { email_address: email } : undefined;
  return {
    name: billing.name,
    address_line1: billing.addressLine1,
    city: billing.city,
    province: billing.province,
    country: billing.country,
    postal_code: billing.postalCode,
    ...(email ? { email_address: email } : {}),
  };
}

/** Profile cards carry two-digit years. */
function fullYear(year: unknown): number {
  const value = Number(year);
  return value < 100 ? 2000 + value : value;
}

function savedCardOf(card: BamboraJson): SavedCard {
  const number = String(card.number ?? "");
  return {
    id: String(card.card_id),
    brand: brandOf(card.card_type),
    last4: number.slice(-4),
    expiryMonth: Number(card.expiry_month),
    expiryYear: fullYear(card.expiry_year),
    holderName: card.name ? String(card.name) : null,
  };
}

function succeeded(answer: BamboraAnswer): boolean {
  return answer.status === 200 && Number(answer.body.code) === 1;
}

/** Bambora's billing fields back in the words of spec §3; null when the profile keeps none. */
function billingProfileOf(billing: BamboraJson | undefined): BillingProfile | null {
  if (!billing?.name && !billing?.address_line1) return null;
  return {
    name: String(billing.name ?? ""),
    addressLine1: String(billing.address_line1 ?? ""),
    country: String(billing.country ?? ""),
    city: String(billing.city ?? ""),
    province: String(billing.province ?? ""),
    postalCode: String(billing.postal_code ?? ""),
  };
}

/** Saved cards at Bambora, and the billing profile its payment profile keeps (ADD_NEW_CARD_BAMBORA). */
export type BamboraSavedCards = SavedCards & {
  /** The billing profile of the customer's payment profile; null before their first card. */
  billingProfile(customer: CustomerOfStore): Promise<BillingProfile | null>;
  /** Writes the billing profile to the customer's payment profile, making the profile when needed. */
  saveBillingProfile(
    customer: CustomerOfStore & { email?: string | null },
    billing: BillingProfile,
  ): Promise<void>;
};

export function createBamboraSavedCards(db: Database, options: BamboraOptions): BamboraSavedCards {
  const request = bamboraClient(options);

  /** A profiles request that must be answered; no account, no answer or a server error is unavailability. */
  async function profiles(
    storeId: number,
    what: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<BamboraAnswer> {
    let answer: BamboraAnswer | null;
    try {
      answer = await request(storeId, "profiles", method, path, body);
    } catch (error) {
      if (error instanceof BamboraUnreachable) throw new CardProviderUnavailable("bambora", what);
      throw error;
    }
    if (!answer || answer.status === 401 || answer.status >= 500)
      throw new CardProviderUnavailable("bambora", what);
    return answer;
  }

  const profilePath = (code: string) => `/v1/profiles/${encodeURIComponent(code)}`;

  async function existing(customer: CustomerOfStore): Promise<string | null> {
    const row = await providerCustomerOf(db, customer, "bambora");
    return row?.confirmed ? row.providerRef : null;
  }

  const savedCards: BamboraSavedCards = {
    name: "bambora",

    async billingProfile(customer) {
      const code = await existing(customer);
      if (!code) return null;
      const answer = await profiles(customer.storeId, "read a payment profile", "GET", profilePath(code));
      if (!succeeded(answer)) throw new CardProviderUnavailable("bambora", "read a payment profile");
      return billingProfileOf(answer.body.billing);
    },

    async saveBillingProfile(customer, billing) {
      const known = await existing(customer);
      // A new profile is made with the billing profile already in it.
      if (!known) {
        await savedCards.ensureCustomer({ ...customer, billing });
        return;
      }
      const answer = await profiles(customer.storeId, "update a payment profile", "PUT", profilePath(known), {
        billing: billingOf(billing, customer.email),
      });
      if (!succeeded(answer)) throw new CardProviderUnavailable("bambora", "update a payment profile");
    },

    async ensureCustomer(customer) {
      const known = await existing(customer);
      if (known) return known;
      const claimed = await claimProviderCustomer(
        db,
        customer,
        "bambora",
        randomBytes(16).toString("hex"),
        false,
      );
      if (claimed.confirmed) return claimed.providerRef;
      const code = claimed.providerRef;
      // An earlier attempt may have made the profile and died before writing that down.
      const found = await profiles(customer.storeId, "look up a payment profile", "GET", profilePath(code));
      if (!succeeded(found)) {
        const billing = billingOf(customer.billing, customer.email);
        const made = await profiles(customer.storeId, "create a payment profile", "POST", "/v1/profiles", {
          customer_code: code,
          ...(billing ? { billing } : {}),
        });
        // A request racing this one for the same customer may have made it in the meantime.
        const there =
          succeeded(made) ||
          succeeded(await profiles(customer.storeId, "look up a payment profile", "GET", profilePath(code)));
        if (!there) throw new CardProviderUnavailable("bambora", "create a payment profile");
      }
      await confirmProviderCustomer(db, customer, "bambora");
      return code;
    },

    async addCard(add): Promise<AddCardResult> {
      if (!add.token) return { outcome: "declined", reason: "card_declined" };
      const code = await savedCards.ensureCustomer(add);
      const answer = await profiles(add.storeId, "save a card", "POST", `${profilePath(code)}/cards`, {
        token: { name: add.holderName ?? add.billing?.name ?? "", code: add.token },
      });
      if (!succeeded(answer))
        return { outcome: "declined", reason: bamboraDeclineReason(answer.body.code, answer.body.message) };
      const cards = await savedCards.listCards(add);
      const card = cards.find((saved) => saved.id === String(answer.body.card_id)) ?? cards.at(-1);
      if (!card) throw new CardProviderUnavailable("bambora", "find the card it saved");
      return { outcome: "saved", card };
    },

    async listCards(customer) {
      const code = await existing(customer);
      if (!code) return [];
      const answer = await profiles(
        customer.storeId,
        "list the saved cards",
        "GET",
        `${profilePath(code)}/cards`,
      );
      if (!succeeded(answer)) throw new CardProviderUnavailable("bambora", "list the saved cards");
      const cards: BamboraJson[] = Array.isArray(answer.body.card) ? answer.body.card : [];
      return cards.map(savedCardOf);
    },

    async deleteCard(remove) {
      const code = await existing(remove);
      if (!code || !/^\d{1,9}$/.test(remove.cardId)) return "not_found";
      const answer = await profiles(
        remove.storeId,
        "remove a saved card",
        "DELETE",
        `${profilePath(code)}/cards/${remove.cardId}`,
      );
      return succeeded(answer) ? "deleted" : "not_found";
    },
  };
  return savedCards;
}
