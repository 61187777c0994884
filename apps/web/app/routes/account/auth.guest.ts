import { redirect } from "react-router";
import { callAccount, failed, sessionCookie } from "../../platform/session/session.server.ts";
import type { Route } from "./+types/auth.guest";

/** Guest checkout (spec §2/§4): a guest session, then the guest checkout page. */
export async function action(args: Route.ActionArgs) {
  const outcome = await callAccount(args, "guestLogin", { body: {} });
  if (!outcome.ok) return failed(outcome);
  return redirect("/checkout/guest", {
    headers: { "Set-Cookie": sessionCookie(args.request, outcome.data.token) },
  });
}

export function loader() {
  return redirect("/checkout");
}
