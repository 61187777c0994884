import { addStripeCardBodySchema } from "@stoa/contract";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/api.stripe-card";

/**
 * ADD_NEW_CARD on the storefront's own origin: without a payment method the API answers the client
 * secret of a SetupIntent on the shopper's Stripe customer, which Stripe.js confirms with the card
 * typed into Stripe's element; the card number never comes here.
 */
export async function action(args: Route.ActionArgs) {
  const check = validateWith(addStripeCardBodySchema, await args.request.json().catch(() => null));
  if (!check.ok) return Response.json(invalidFields(check.fields), { status: 400 });
  const { storeApi } = args.context;
  const outcome = await storeApi.form("addStripeCard", { body: check.data }, { endedSession: "answer" });
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  return fetchAnswer({ ok: true, card: outcome.data.card, clientSecret: outcome.data.clientSecret });
}
