import { checkoutRequestSchema } from "@stoa/contract";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { type FieldErrors, invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/checkout.calculate";

/** A request the page could not have sent as it came. */
const invalid = (fields: FieldErrors) => Response.json(invalidFields(fields), { status: 400 });

/**
 * The checkout's summary: the API prices the cart with the shopper's choices (every amount from
 * the catalogue, never from the browser) and says what is wrong with each line.
 */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  const check = validateWith(checkoutRequestSchema, await args.request.json().catch(() => null));
  if (!check.ok) return invalid(check.fields);
  const outcome = await storeApi.form("calculateOrder", { body: check.data }, { endedSession: "answer" });
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  return fetchAnswer({ ok: true, calculation: outcome.data });
}
