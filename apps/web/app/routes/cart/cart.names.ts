import { isLocale, savedCartBodySchema } from "@stoa/contract";
import { lineNamesOf } from "../../cart/saved-cart.server.ts";
import { fetchAnswer } from "../../platform/api/fetch-answer.server.ts";
import { invalidFields } from "../../platform/api/form-answer.ts";
import type { Route } from "./+types/cart.names";

const invalid = (field: string) =>
  Response.json(invalidFields({ [field]: "error-field-invalid" }), { status: 400 });

/**
 * The cart's lines named in the page's language, for a cart filled in another one (decision 035):
 * anyone may ask, signed in or not, as the names are the catalogue's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || !isLocale(body.locale)) return invalid("locale");
  const lines = savedCartBodySchema.safeParse({ items: body.items });
  if (!lines.success) return invalid("items");
  return fetchAnswer({ ok: true, names: await lineNamesOf(context.storeApi, lines.data.items, body.locale) });
}
