import type { CardBrand, PaymentDeclineReason } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { type CardProviderName, cardProviderCustomers } from "./tables.ts";

/*
 * Cards a shopper saved with a card provider for later orders. The card numbers stay at the
 * provider: Stoa keeps only which provider customer (Stripe) or payment profile (Bambora) belongs to
 * which customer of which store, and every call names the store and the customer, so a card id of
 * another customer or another store is refused as unknown.
 */

/** The billing profile of spec §3, as a Bambora payment profile holds it. */
export type BillingProfile = {
  name: string;
  addressLine1: string;
  country: string;
  city: string;
  province: string;
  postalCode: string;
};

export type SavedCard = {
  /** The provider's id of the card: a Stripe payment method id, a Bambora profile card id. */
  id: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string | null;
};

export type CustomerOfStore = { storeId: number; customerId: number };

export type AddCardRequest = CustomerOfStore & {
  /**
   * What the provider's page in the browser made of the card (a Stripe payment method id, a
   * Bambora single-use token). Stripe without one answers a client secret for its own element.
   */
  token?: string;
  holderName?: string;
  billing?: BillingProfile;
  idempotencyKey: string;
};

export type AddCardResult =
  | { outcome: "saved"; card: SavedCard }
  /** The storefront finishes with the provider's own page (Stripe's element, 3-D Secure). */
  | { outcome: "requires_action"; clientSecret: string; setupRef: string }
  | { outcome: "declined"; reason: PaymentDeclineReason };

export interface SavedCards {
  readonly name: CardProviderName;
  /** The provider's customer or profile of a shop customer, made on first need; its reference. */
  ensureCustomer(
    customer: CustomerOfStore & { email?: string | null; name?: string; billing?: BillingProfile },
  ): Promise<string>;
  addCard(request: AddCardRequest): Promise<AddCardResult>;
  /** The customer's cards; none when the customer never saved one. */
  listCards(customer: CustomerOfStore): Promise<SavedCard[]>;
  /** Removes one of the customer's cards; `not_found` for a card that is not theirs. */
  deleteCard(request: CustomerOfStore & { cardId: string }): Promise<"deleted" | "not_found">;
}

/** The provider could not be reached or answered in a way no retry by the shopper can mend. */
export class CardProviderUnavailable extends Error {
  constructor(provider: CardProviderName, what: string) {
    super(`${provider} could not ${what}`);
    this.name = "CardProviderUnavailable";
  }
}

/** Card brands as Stoa names them, from the provider's names for them. */
export function brandOf(providerBrand: string | null | undefined): CardBrand {
  switch ((providerBrand ?? "").toLowerCase()) {
    case "visa":
    case "vi":
      return "visa";
    case "mastercard":
    case "mc":
      return "mastercard";
    case "amex":
    case "am":
      return "amex";
    case "discover":
    case "nn":
      return "discover";
    default:
      return "unknown";
  }
}

type ProviderCustomerRow = typeof cardProviderCustomers.$inferSelect;

function byCustomer(customer: CustomerOfStore, provider: CardProviderName) {
  return and(
    eq(cardProviderCustomers.storeId, customer.storeId),
    eq(cardProviderCustomers.customerId, customer.customerId),
    eq(cardProviderCustomers.provider, provider),
  );
}

/** The provider's record of a shop customer, confirmed or not yet; null when there is none. */
export async function providerCustomerOf(
  db: Database,
  customer: CustomerOfStore,
  provider: CardProviderName,
): Promise<ProviderCustomerRow | null> {
  const [row] = await db.select().from(cardProviderCustomers).where(byCustomer(customer, provider));
  return row ?? null;
}

/**
 * Records a provider reference for a customer unless one is there already; answers the one that
 * stands (the first writer's, when two requests race).
 */
export async function claimProviderCustomer(
  db: Database,
  customer: CustomerOfStore,
  provider: CardProviderName,
  providerRef: string,
  confirmed: boolean,
): Promise<ProviderCustomerRow> {
  await db
    .insert(cardProviderCustomers)
    .values({ ...customer, provider, providerRef, confirmed })
    .onConflictDoNothing();
  const row = await providerCustomerOf(db, customer, provider);
  if (!row) throw new Error(`the ${provider} customer of customer ${customer.customerId} vanished`);
  return row;
}

export async function confirmProviderCustomer(
  db: Database,
  customer: CustomerOfStore,
  provider: CardProviderName,
): Promise<void> {
  await db
    .update(cardProviderCustomers)
    .set({ confirmed: true, updatedAt: sql`now()` })
    .where(byCustomer(customer, provider));
}

/** The card providers that hold saved cards of a customer (a data export names them). */
export async function providersHoldingCards(db: Database, customer: CustomerOfStore): Promise<string[]> {
  const rows = await db
    .select({ provider: cardProviderCustomers.provider })
    .from(cardProviderCustomers)
    .where(
      and(
        eq(cardProviderCustomers.storeId, customer.storeId),
        eq(cardProviderCustomers.customerId, customer.customerId),
      ),
    );
  return rows.map((row) => row.provider);
}

/**
 * Drops the shop's references to a customer at the card providers (an erasure): their saved
 * cards can no longer be reached from the shop. The cards themselves stay at the provider, which
 * the shop asks to delete them by its own means (decision 060).
 */
export async function dropProviderCustomers(db: Database, customer: CustomerOfStore): Promise<void> {
  await db
    .delete(cardProviderCustomers)
    .where(
      and(
        eq(cardProviderCustomers.storeId, customer.storeId),
        eq(cardProviderCustomers.customerId, customer.customerId),
      ),
    );
}
