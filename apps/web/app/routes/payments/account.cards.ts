import {
  BAMBORA_GATEWAY,
  deleteBamboraCardBodySchema,
  deleteStripeCardBodySchema,
  STRIPE_GATEWAY,
} from "@stoa/contract";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/account.cards";

/**
 * DELETE_CARD_MODAL: removes one of the shopper's saved cards at its provider. The page posts the
 * gateway and the body of that provider's delete call.
 */
export async function action(args: Route.ActionArgs) {
  const { gateway, ...body } = ((await args.request.json().catch(() => null)) ?? {}) as Record<
    string,
    unknown
  >;
  const { storeApi } = args.context;
  let outcome: Awaited<ReturnType<typeof storeApi.form<"deleteBamboraCard">>>;
  if (gateway === BAMBORA_GATEWAY) {
    const check = validateWith(deleteBamboraCardBodySchema, body);
    if (!check.ok) return Response.json(invalidFields(check.fields), { status: 400 });
    outcome = await storeApi.form("deleteBamboraCard", { body: check.data }, { endedSession: "answer" });
  } else if (gateway === STRIPE_GATEWAY) {
    const check = validateWith(deleteStripeCardBodySchema, body);
    if (!check.ok) return Response.json(invalidFields(check.fields), { status: 400 });
    outcome = await storeApi.form("deleteStripeCard", { body: check.data }, { endedSession: "answer" });
  } else return Response.json(invalidFields({ gateway: "error-field-invalid" }), { status: 400 });
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  return fetchAnswer({ ok: true });
}
