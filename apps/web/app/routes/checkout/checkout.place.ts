import { checkoutRequestSchema, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "@stoa/contract";
import { guestOrderCookie } from "../../orders/guest-order-link.server.ts";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { type FieldErrors, invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { isHttps } from "../../platform/session/auth-cookie.server.ts";
import type { Route } from "./+types/checkout.place";

/** A request the page could not have sent as it came. */
const invalid = (fields: FieldErrors) => Response.json(invalidFields(fields), { status: 400 });

/**
 * "Place order": the API places it once per Idempotency-Key, so a second press, a retry after a
 * lost answer or a reload while waiting all come back with the same order. A guest's order comes
 * with the token of its link, which this browser keeps in an httpOnly cookie for `/order-received`
 * (orders/guest-order-link.server.ts): the page scripts and the address bar never hold it.
 */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  const key = args.request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? "";
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return invalid({ [IDEMPOTENCY_KEY_HEADER]: "error-field-invalid" });
  const check = validateWith(checkoutRequestSchema, await args.request.json().catch(() => null));
  if (!check.ok) return invalid(check.fields);
  const outcome = await storeApi.form(
    "createOrder",
    { body: check.data },
    { endedSession: "answer", headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
  );
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  const { order, guestAccessToken, paymentAction } = outcome.data;
  // A card whose bank wants the shopper to confirm (3-D Secure) leaves the order waiting: the page
  // finishes it with Stripe.js and asks `/checkout/confirm-payment`.
  const answer = fetchAnswer({
    ok: true,
    order: { id: order.id, orderNumber: order.orderNumber },
    paymentAction,
  });
  if (guestAccessToken)
    answer.headers.append(
      "Set-Cookie",
      guestOrderCookie(order.id, guestAccessToken, { secure: isHttps(args.request) }),
    );
  return answer;
}
