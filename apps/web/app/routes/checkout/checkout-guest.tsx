import { useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { CheckoutPage } from "../../checkout/CheckoutPage.tsx";
import { CHECKOUT_PATHS } from "../../checkout/checkout-request.ts";
import { deliveryOffering } from "../../checkout/delivery-offering.server.ts";
import { PlainGuestCheckout } from "../../checkout/PlainGuestCheckout.tsx";
import { placePlainOrder, plainCheckoutPage } from "../../checkout/plain-checkout.server.ts";
import { cardWallet } from "../../payments/card-wallet.server.ts";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import type { Route } from "./+types/checkout-guest";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, CHECKOUT_PATHS.guest, (t) => t("checkout.guest-title"));

/**
 * Guest checkout (spec §2), only where the shop's `guestCheckout` is on: a visitor starts a guest
 * session from the login view's guest button (or the plain page's); a signed-in customer has their
 * own checkout. The plain page (decision 047) is what shows before the scripts run.
 */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const [store, { auth }] = await Promise.all([storeApi.page("storeGetByDomain", {}), storeApi.session()]);
  if (!store.shopSettings.guestCheckout || signedInCustomer(auth)) throw redirect(CHECKOUT_PATHS.customer);
  if (auth.status !== "signed-in") return { offering: null, wallet: null, plain: null };
  const [offering, wallet, plain] = await Promise.all([
    deliveryOffering(storeApi),
    cardWallet(storeApi, false),
    plainCheckoutPage(storeApi, args.request.headers.get("cookie")),
  ]);
  return { offering, wallet, plain };
}

/** "Place order" of the plain page: the order page, or the form again with what to fix. */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  const { auth } = await storeApi.session();
  if (auth.status !== "signed-in" || signedInCustomer(auth)) throw redirect(CHECKOUT_PATHS.guest);
  const answer = await placePlainOrder(storeApi, args.request);
  if (answer instanceof Response) return answer;
  return data(answer, { status: 400 });
}

/** Whether the page's scripts run: false in the server's render and the first one in the browser. */
function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}

export default function GuestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const scripted = useScripted();
  // A page the plain form posted stays the plain page: it shows what that post answered.
  if (!scripted || actionData)
    return <PlainGuestCheckout page={loaderData.plain} answer={actionData ?? null} />;
  return (
    <RequireAuth ready allowGuest>
      <CheckoutPage mode="guest" saved={null} offering={loaderData.offering} wallet={loaderData.wallet} />
    </RequireAuth>
  );
}
