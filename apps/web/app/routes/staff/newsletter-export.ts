import { NEWSLETTER_EXPORT_LIMIT } from "@stoa/contract";
import { redirect } from "react-router";
import { NEWSLETTER_PATH, newsletterListParams } from "../../staff/messages/message-params.ts";
import { newsletterCsv, newsletterCsvName } from "../../staff/messages/newsletter-csv.ts";
import { staffLoginHref } from "../../staff/staff-paths.ts";
import type { Route } from "./+types/newsletter-export";

/**
 * The newsletter's subscribers as a CSV file (email, language, subscribed at), newest first, up to
 * the contract's export limit a file; `?page=2` is the next part of a longer list. The file is never
 * cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const url = new URL(request.url);
  if (!storeApi.staffMember) throw redirect(staffLoginHref(`${url.pathname}${url.search}`));
  const { page } = newsletterListParams(url.searchParams);
  const answer = await storeApi.pageAnswer("staffNewsletterList", {
    query: { limit: NEWSLETTER_EXPORT_LIMIT, page },
    body: { q: "" },
  });
  // A file cannot show a problem: the list's page does (the role page for a role without messages).
  if (!answer.ok) throw redirect(NEWSLETTER_PATH);
  const list = answer.data;
  const name = newsletterCsvName(url.hostname, new Date().toISOString().slice(0, 10), page, list.last_page);
  return new Response(newsletterCsv(list.records), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
