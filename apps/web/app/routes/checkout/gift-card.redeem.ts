import { giftCardRedeemBodySchema } from "@stoa/contract";
import { redirect } from "react-router";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/gift-card.redeem";

/**
 * Redeems a gift card into the signed-in customer's credit (store API giftCard/redeem), for the
 * checkout's gift card field: the page then prices the order again with the new credit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const check = validateWith(giftCardRedeemBodySchema, formValues(await request.formData(), ["code"]));
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("giftCardRedeem", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "gift-card", ...outcome.data };
}

/** Nothing to show here: a bookmarked address goes to checkout. */
export function loader() {
  return redirect("/checkout");
}
