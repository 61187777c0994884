import { downloadFile, fillPath } from "@stoa/contract";
import { redirect } from "react-router";
import { downloadProblemOf, downloadsHref } from "../../orders/download-link.ts";
import { signedInShopper } from "../../platform/session/auth-state.ts";
import type { Route } from "./+types/download";

const PASSED_ON = ["content-type", "content-length", "content-disposition"];

/**
 * A download link (decision 018) on the shop's own origin: the file is fetched with the signed-in
 * shopper's own token and passed on, so a link given to someone else opens nothing for them. A link
 * that does not work leads to `/downloads`, which gives fresh ones and says what happened.
 */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const link = downloadFile.params.safeParse(args.params);
  const query = downloadFile.query.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!link.success || !query.success) return redirect(downloadsHref("invalid"));
  if (!signedInShopper((await storeApi.session()).auth)) return redirect(downloadsHref("sign-in"));
  const answer = await storeApi.file(fillPath(downloadFile.path, link.data), query.data);
  if (!answer.ok) {
    const problem = downloadProblemOf(answer);
    if (problem === "sign-in") {
      return redirect(downloadsHref(problem), { headers: { "Set-Cookie": storeApi.endedSessionCookie() } });
    }
    return redirect(downloadsHref(problem));
  }
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const name of PASSED_ON) {
    const value = answer.response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.response.body, { status: 200, headers });
}
