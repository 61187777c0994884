import { redirect } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { CheckoutPage } from "../../checkout/CheckoutPage.tsx";
import { CHECKOUT_PATHS } from "../../checkout/checkout-request.ts";
import { deliveryOffering } from "../../checkout/delivery-offering.server.ts";
import { cardWallet } from "../../payments/card-wallet.server.ts";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import type { Route } from "./+types/checkout-guest";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, CHECKOUT_PATHS.guest, (t) => t("checkout.guest-title"));

/**
 * Guest checkout (spec §2), only where the shop's `guestCheckout` is on: a visitor starts a guest
 * session from the login view's guest button; a signed-in customer has their own checkout.
 */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const [store, { auth }] = await Promise.all([storeApi.page("storeGetByDomain", {}), storeApi.session()]);
  if (!store.shopSettings.guestCheckout || signedInCustomer(auth)) throw redirect(CHECKOUT_PATHS.customer);
  if (auth.status !== "signed-in") return { offering: null, wallet: null };
  const [offering, wallet] = await Promise.all([deliveryOffering(storeApi), cardWallet(storeApi, false)]);
  return { offering, wallet };
}

export default function GuestCheckout({ loaderData }: Route.ComponentProps) {
  return (
    <RequireAuth ready allowGuest>
      <CheckoutPage mode="guest" saved={null} offering={loaderData.offering} wallet={loaderData.wallet} />
    </RequireAuth>
  );
}
