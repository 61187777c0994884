import type { CardSummary } from "@stoa/contract";
import Stripe from "stripe";
import { brandOf } from "../saved-cards.ts";
import type { ProviderAccounts, StripeAccount } from "../secrets.ts";

/** The checkout's `payment_gateway` that pays through Stripe. */
export { STRIPE_GATEWAY } from "@stoa/contract";

/**
 * Where and how the SDK reaches Stripe. `url` points it elsewhere than api.stripe.com (the tests'
 * fake, a journey's stand-in) through the SDK's own host, port and protocol options.
 */
export type StripeConnection = {
  url?: string;
  /** The SDK retries a request that got no answer, under the same idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
};

export type StripeOptions = {
  accounts: Pick<ProviderAccounts, "stripe">;
  connection?: StripeConnection;
  /**
   * This deployment's id (deployment.ts): keys and metadata sent to a shared account carry it.
   * The adapters read the database's when left out.
   */
  deployment?: () => Promise<string>;
};

function connectionConfig(connection: StripeConnection | undefined): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: connection?.maxNetworkRetries ?? 2,
    timeout: connection?.timeoutMs ?? 30_000,
    telemetry: false,
  };
  if (!connection?.url) return config;
  const url = new URL(connection.url);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...config, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** The SDK client of a store's account, made once per secret key and reused for its connections. */
export function stripeClients(options: StripeOptions & Required<Pick<StripeOptions, "deployment">>) {
  const config = connectionConfig(options.connection);
  const clients = new Map<string, Stripe>();
  return async function clientOf(
    storeId: number,
  ): Promise<{ stripe: Stripe; account: StripeAccount; deployment: string } | null> {
    const account = await options.accounts.stripe(storeId);
    if (!account) return null;
    const deployment = await options.deployment();
    const key = account.secretKey.reveal();
    let stripe = clients.get(key);
    if (!stripe) {
      stripe = new Stripe(key, config);
      clients.set(key, stripe);
    }
    return { stripe, account, deployment };
  };
}

/** The SDK's error of a failed request, told apart from anything else thrown on the way. */
export function stripeErrorOf(error: unknown): Stripe.errors.StripeError | null {
  return error instanceof Stripe.errors.StripeError ? error : null;
}

/** Stoa's short view of a card Stripe holds. */
export function cardOfPaymentMethod(method: Stripe.PaymentMethod | string | null): CardSummary | null {
  if (!method || typeof method === "string" || !method.card) return null;
  return { brand: brandOf(method.card.brand), last4: method.card.last4 };
}

/** Metadata Stoa puts on what it makes at Stripe: whose it is, readable in Stripe's dashboard too. */
export const STORE_METADATA = "stoa_store";
export const ORDER_METADATA = "stoa_order";
/** The deployment that made it (deployment.ts): another deployment on the same account leaves it alone. */
export const DEPLOYMENT_METADATA = "stoa_deployment";
/** The idempotency key of the authorization that made a PaymentIntent. */
export const ATTEMPT_METADATA = "stoa_attempt";
