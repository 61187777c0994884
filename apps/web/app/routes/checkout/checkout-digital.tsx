import { RequireAuth } from "../../account/AccessGate.tsx";
import { CheckoutPage } from "../../checkout/CheckoutPage.tsx";
import { CHECKOUT_PATHS } from "../../checkout/checkout-request.ts";
import { cardWallet } from "../../payments/card-wallet.server.ts";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/checkout-digital";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, CHECKOUT_PATHS.digital, (t) => t("checkout.digital-title"));

/** The checkout of a cart of digital goods only: nothing to ship, an email for the download links. */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const customer = signedInCustomer((await storeApi.session()).auth);
  const [saved, wallet] = await Promise.all([
    customer ? storeApi.page("addresses", {}) : null,
    cardWallet(storeApi, customer !== null),
  ]);
  return { saved, wallet };
}

export default function DigitalCheckout({ loaderData }: Route.ComponentProps) {
  const { store } = useShop();
  return (
    <RequireAuth ready allowGuest={store.shopSettings.guestCheckout}>
      <CheckoutPage mode="digital" saved={loaderData.saved} offering={null} wallet={loaderData.wallet} />
    </RequireAuth>
  );
}
