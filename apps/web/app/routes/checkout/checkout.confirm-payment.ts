import { orderIdBodySchema } from "@stoa/contract";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/checkout.confirm-payment";

/**
 * After the shopper confirmed the card with its bank (PAYMENT_MODAL, 3-D Secure): the API asks the
 * provider and places the order, or answers the decline, which releases what the order held.
 */
export async function action(args: Route.ActionArgs) {
  const check = validateWith(orderIdBodySchema, await args.request.json().catch(() => null));
  if (!check.ok) return Response.json(invalidFields(check.fields), { status: 400 });
  const { storeApi } = args.context;
  const outcome = await storeApi.form("confirmPayment", { body: check.data }, { endedSession: "answer" });
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  const { order, paymentAction } = outcome.data;
  return fetchAnswer({ ok: true, order: { id: order.id, orderNumber: order.orderNumber }, paymentAction });
}
