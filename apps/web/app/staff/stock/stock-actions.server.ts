import { ERRORS } from "@stoa/contract";
import { data } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import type { StoreApi } from "../../platform/api/store-api.server.ts";
import { adjustBody, adjustText } from "./stock-forms.ts";

/**
 * An adjustment posted from the stock list or a product's page. A refusal answers the form as it
 * was typed, with the row it came from (`productId`, `variationId`), so the page shows the error
 * beside that row and loses nothing; a count refused because the level moved also answers the
 * product as it stands now.
 */
export async function adjustAction(storeApi: StoreApi, form: FormData) {
  const typed = adjustText(form);
  const check = adjustBody(typed);
  if (!check.ok)
    return data({ ...invalidFields(check.fields), intent: "adjust" as const, typed }, { status: 400 });
  const outcome = await storeApi.form("staffStockAdjust", { body: check.data });
  if (outcome.ok)
    return {
      ok: true as const,
      intent: "adjust" as const,
      product: outcome.data.product,
      movement: outcome.data.movement,
      variationId: check.data.variationId,
    };
  const conflict = outcome.failure.code === ERRORS.STAFF_EDIT_CONFLICT.code;
  return data({ ...outcome.failure, intent: "adjust" as const, typed, conflict }, { status: outcome.status });
}
