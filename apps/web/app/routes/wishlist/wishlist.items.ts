import { ERRORS, WISHLIST_LIMIT, wishlistAddBodySchema } from "@stoa/contract";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import type { WishlistChange, WishlistRecordRef } from "../../wishlist/wishlist-state.ts";
import type { Route } from "./+types/wishlist.items";

function notSignedIn(): Response {
  const { code, key, status } = ERRORS.UNAUTHORIZED;
  return Response.json({ ok: false, code, key, message: "", fields: {} }, { status });
}

/**
 * The ids of what the signed-in customer saved (spec §6: only asked when signed in; §9: up to
 * 300), for the hearts across the page. Products themselves are not needed here.
 */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  if (!signedInCustomer((await storeApi.session()).auth)) return notSignedIn();
  const outcome = await storeApi.form(
    "wishlistList",
    { query: { limit: WISHLIST_LIMIT, page: 1 } },
    { endedSession: "answer" },
  );
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  const records: WishlistRecordRef[] = outcome.data.records.map(({ id, productId }) => ({ id, productId }));
  return fetchAnswer({ ok: true, records });
}

/** A heart pressed: `intent=add` with a product id, or `intent=remove` with the record id. */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  if (!signedInCustomer((await storeApi.session()).auth)) return notSignedIn();
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "add") {
    const check = wishlistAddBodySchema.safeParse({ productId: Number(form.get("productId")) });
    if (!check.success)
      return Response.json(invalidFields({ productId: "error-field-invalid" }), { status: 400 });
    const outcome = await storeApi.form("wishlistAdd", { body: check.data }, { endedSession: "answer" });
    if (!outcome.ok) return fetchFailure(storeApi, outcome);
    const { id, productId } = outcome.data;
    return fetchAnswer({ ok: true, record: { id, productId } } satisfies WishlistChange);
  }
  if (intent === "remove") {
    const id = String(form.get("id") ?? "");
    if (!/^\d{1,10}$/.test(id))
      return Response.json(invalidFields({ id: "error-field-invalid" }), { status: 400 });
    const outcome = await storeApi.form(
      "wishlistRemove",
      { query: { idList: id } },
      { endedSession: "answer" },
    );
    if (!outcome.ok) return fetchFailure(storeApi, outcome);
    return fetchAnswer({ ok: true, record: null } satisfies WishlistChange);
  }
  return Response.json(invalidFields({ intent: "error-field-invalid" }), { status: 400 });
}
