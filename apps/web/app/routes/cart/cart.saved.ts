import { ERRORS, SAVED_CART_LIMIT, savedCartBodySchema } from "@stoa/contract";
import { optionsOfNewLines, withoutRefusedLines } from "../../cart/saved-cart.server.ts";
import type { SavedCartRequest } from "../../cart/saved-cart-client.ts";
import { fetchAnswer, fetchFailure } from "../../platform/api/fetch-answer.server.ts";
import { invalidFields } from "../../platform/api/form-answer.ts";
import type { Route } from "./+types/cart.saved";

function notSignedIn(): Response {
  const { code, key, status } = ERRORS.UNAUTHORIZED;
  return Response.json({ ok: false, code, key, message: "", fields: {} }, { status });
}

const invalid = (field: string) =>
  Response.json(invalidFields({ [field]: "error-field-invalid" }), { status: 400 });

/** The ids of the lines the device already has, whose option names it keeps. */
function knownOf(value: unknown): Set<string> | null {
  if (!Array.isArray(value) || value.length > SAVED_CART_LIMIT) return null;
  return value.every((id) => typeof id === "string" && id.length <= 1000) ? new Set(value) : null;
}

/**
 * The saved cart of the signed-in shopper or guest (decision 015), for the cart in the browser:
 * `read` it, `merge` the device's lines into it at sign-in, or `save` the device's lines over it.
 * Read and merge answer the lines with the option names of those the device does not have.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  if (!storeApi.hasSession) return notSignedIn();
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  const intent = body?.intent as SavedCartRequest["intent"] | undefined;
  if (!body || (intent !== "read" && intent !== "merge" && intent !== "save")) return invalid("intent");
  const lines = intent === "read" ? null : savedCartBodySchema.safeParse({ items: body.items });
  if (lines && !lines.success) return invalid("items");
  if (intent === "save" && lines?.data) {
    const outcome = await withoutRefusedLines(lines.data, (body) =>
      storeApi.form("saveCart", { body }, { endedSession: "answer" }),
    );
    return outcome.ok ? fetchAnswer({ ok: true }) : fetchFailure(storeApi, outcome);
  }
  const known = knownOf(body.known);
  if (!known) return invalid("known");
  const outcome =
    intent === "merge" && lines?.data
      ? await withoutRefusedLines(lines.data, (body) =>
          storeApi.form("mergeCart", { body }, { endedSession: "answer" }),
        )
      : await storeApi.form("savedCart", {}, { endedSession: "answer" });
  if (!outcome.ok) return fetchFailure(storeApi, outcome);
  const options = await optionsOfNewLines(storeApi, outcome.data.items, known);
  return fetchAnswer({ ok: true, items: outcome.data.items, options });
}
