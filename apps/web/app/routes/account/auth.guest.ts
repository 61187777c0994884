import { redirect } from "react-router";
import { failed } from "../../platform/api/form-answer.ts";
import type { Route } from "./+types/auth.guest";

/** Guest checkout (spec §2/§4): a guest session, then the guest checkout page. */
export async function action(args: Route.ActionArgs) {
  const outcome = await args.context.storeApi.form("guestLogin", { body: {} });
  if (!outcome.ok) return failed(outcome);
  return redirect("/checkout/guest", {
    headers: { "Set-Cookie": args.context.storeApi.sessionCookie(outcome.data.token) },
  });
}

export function loader() {
  return redirect("/checkout");
}
