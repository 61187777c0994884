import type { OrderIdentities } from "../orders/identities.ts";
import type { LinkKeys } from "../orders/links.ts";
import type { Database } from "../platform/db/database.ts";
import type { CheckoutSettingsSource } from "../pricing/checkout-settings.ts";
import type { PaymentProviders } from "./payments.ts";

/**
 * What the order flows need besides the request: the database, the link keys, the card providers,
 * where new orders get their ids and numbers, and the stores' checkout settings.
 */
export type OrderFlowDeps = {
  db: Database;
  keys: () => Promise<LinkKeys>;
  payments: PaymentProviders;
  identities: OrderIdentities;
  settings?: CheckoutSettingsSource;
};
