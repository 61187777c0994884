import { clientLogBodySchema } from "@stoa/contract";

import type { Route } from "./+types/error-beacon";

/**
 * The storefront's log call (spec §7): a beacon from the page with level, code and message, passed
 * to the store API, which caps and throttles it. A bad or refused line is dropped quietly: logging
 * must never break a page.
 */
export async function action(args: Route.ActionArgs) {
  const text = await args.request.text().catch(() => "");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(null, { status: 204 });
  }
  const line = clientLogBodySchema.safeParse(body);
  if (line.success) {
    await args.context.storeApi.send("clientLog", { body: line.data });
  }
  return new Response(null, { status: 204 });
}
