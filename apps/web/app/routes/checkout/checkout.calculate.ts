import { checkoutRequestSchema } from "@stoa/contract";
import {
  checkoutAnswer,
  checkoutFailure,
  checkoutInvalid,
  jsonBody,
} from "../../checkout/checkout-answers.server.ts";
import { validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/checkout.calculate";

/**
 * The checkout's summary: the API prices the cart with the shopper's choices (every amount from
 * the catalogue, never from the browser) and says what is wrong with each line.
 */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  const check = validateWith(checkoutRequestSchema, await jsonBody(args.request));
  if (!check.ok) return checkoutInvalid(check.fields);
  const outcome = await storeApi.form("calculateOrder", { body: check.data }, { endedSession: "answer" });
  if (!outcome.ok) return checkoutFailure(storeApi, outcome);
  return checkoutAnswer({ ok: true, calculation: outcome.data });
}
