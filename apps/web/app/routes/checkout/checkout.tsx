import { redirect } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { CheckoutPage } from "../../checkout/CheckoutPage.tsx";
import { CHECKOUT_PATHS } from "../../checkout/checkout-request.ts";
import { deliveryOffering } from "../../checkout/delivery-offering.server.ts";
import { cardWallet } from "../../payments/card-wallet.server.ts";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, CHECKOUT_PATHS.customer, (t) => t("checkout.title"));

/**
 * The signed-in customer's checkout: their saved addresses and the shop's delivery step. A guest
 * session belongs on the guest checkout where the shop allows one; a visitor meets the login view.
 */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const { auth } = await storeApi.session();
  if (auth.status === "signed-in" && auth.user.isGuest) {
    const store = await storeApi.page("storeGetByDomain", {});
    if (store.shopSettings.guestCheckout) throw redirect(CHECKOUT_PATHS.guest);
  }
  if (!signedInCustomer(auth)) return { saved: null, offering: null, wallet: null };
  const [saved, offering, wallet] = await Promise.all([
    storeApi.page("addresses", {}),
    deliveryOffering(storeApi),
    cardWallet(storeApi, true),
  ]);
  return { saved, offering, wallet };
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <RequireAuth ready>
      <CheckoutPage
        mode="customer"
        saved={loaderData.saved}
        offering={loaderData.offering}
        wallet={loaderData.wallet}
      />
    </RequireAuth>
  );
}
