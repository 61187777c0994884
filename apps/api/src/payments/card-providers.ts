import { BAMBORA_LIVE_API_URL, type Config } from "../platform/config.ts";
import type { Database } from "../platform/db/database.ts";
import { BAMBORA_GATEWAY } from "./bambora/api.ts";
import { createBamboraPayments } from "./bambora/payments.ts";
import { type BamboraSavedCards, createBamboraSavedCards } from "./bambora/saved-cards.ts";
import { deploymentIdOf } from "./deployment.ts";
import type { PaymentProvider } from "./provider.ts";
import type { SavedCards } from "./saved-cards.ts";
import { type ProviderAccounts, providerAccounts, type SecretsConfig } from "./secrets.ts";
import { STRIPE_GATEWAY } from "./stripe/client.ts";
import { createStripePayments } from "./stripe/payments.ts";
import { createStripeSavedCards } from "./stripe/saved-cards.ts";

export { BAMBORA_GATEWAY, STRIPE_GATEWAY };

export type CardProviders = {
  /** Each store's accounts (secrets sealed in the database, or the environment's). */
  accounts: ProviderAccounts;
  /** Bambora is a stand-in (not Bambora's own address): it approves only Bambora's test cards. */
  bamboraStandIn: boolean;
  /** This deployment's id at shared provider accounts (deployment.ts). */
  deployment: () => Promise<string>;
  stripe: { payments: PaymentProvider; savedCards: SavedCards };
  bambora: { payments: PaymentProvider; savedCards: BamboraSavedCards };
};

/**
 * Stripe and Bambora as the configuration sets them up: one of each for the whole process, each
 * reading the store's own account as it stands (remembered for `STORE_FRESH_MS`), so a change of
 * keys needs no restart.
 */
export function cardProviders(
  db: Database,
  config: SecretsConfig &
    Pick<Config, "STRIPE_API_URL" | "BAMBORA_API_URL"> & {
      STOA_DEPLOYMENT_ID?: string;
      STORE_FRESH_MS?: number;
    },
): CardProviders {
  const accounts = providerAccounts(db, config);
  const deployment = () => deploymentIdOf(db, config.STOA_DEPLOYMENT_ID);
  const stripe = { accounts, connection: { url: config.STRIPE_API_URL }, deployment };
  const bambora = { accounts, connection: { baseUrl: config.BAMBORA_API_URL } };
  return {
    accounts,
    bamboraStandIn: config.BAMBORA_API_URL.replace(/\/+$/, "") !== BAMBORA_LIVE_API_URL,
    deployment,
    stripe: { payments: createStripePayments(db, stripe), savedCards: createStripeSavedCards(db, stripe) },
    bambora: {
      payments: createBamboraPayments(db, bambora),
      savedCards: createBamboraSavedCards(db, bambora),
    },
  };
}
