import { addBamboraCardBodySchema } from "@stoa/contract";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/api.bambora";

/**
 * The card check of spec §7 on the storefront's own origin: ADD_NEW_CARD_BAMBORA posts the token
 * Bambora made of the card in the browser, the name on it and the billing profile, and the API
 * saves it to the shopper's payment profile (Bambora checks the card as it does). The card number
 * itself never comes here.
 */
export async function action(args: Route.ActionArgs) {
  const check = validateWith(addBamboraCardBodySchema, await args.request.json().catch(() => null));
  if (!check.ok) return Response.json(invalidFields(check.fields), { status: 400 });
  const { storeApi } = args.context;
  const outcome = await storeApi.form("addBamboraCard", { body: check.data }, { endedSession: "answer" });
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  return fetchAnswer({ ok: true, card: outcome.data.card });
}
