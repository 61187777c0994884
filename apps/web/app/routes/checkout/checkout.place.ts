import { checkoutRequestSchema, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "@stoa/contract";
import {
  checkoutAnswer,
  checkoutFailure,
  checkoutInvalid,
  jsonBody,
} from "../../checkout/checkout-answers.server.ts";
import { validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/checkout.place";

/**
 * "Place order": the API places it once per Idempotency-Key, so a second press, a retry after a
 * lost answer or a reload while waiting all come back with the same order.
 */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  const key = args.request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? "";
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    return checkoutInvalid({ [IDEMPOTENCY_KEY_HEADER]: "error-field-invalid" });
  const check = validateWith(checkoutRequestSchema, await jsonBody(args.request));
  if (!check.ok) return checkoutInvalid(check.fields);
  const outcome = await storeApi.form(
    "createOrder",
    { body: check.data },
    { endedSession: "answer", headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
  );
  if (!outcome.ok) return checkoutFailure(storeApi, outcome);
  const { order, guestAccessToken } = outcome.data;
  return checkoutAnswer({
    ok: true,
    order: { id: order.id, orderNumber: order.orderNumber },
    guestAccessToken,
  });
}
