import { redirect } from "react-router";
import { reportCsv, reportCsvName } from "../../staff/reports/report-csv.ts";
import { REPORTS_PATH, reportBody, reportParams } from "../../staff/reports/report-params.ts";
import { staffLoginHref } from "../../staff/staff-paths.ts";
import type { Route } from "./+types/reports-export";

/**
 * The sales report of the range in the address as a CSV file (`staffSalesReport`), streamed
 * section by section. The file is never cached; a range the page would refuse, or a role without
 * reports, goes back to the page, which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const url = new URL(request.url);
  if (!storeApi.staffMember) throw redirect(staffLoginHref(`${url.pathname}${url.search}`));
  const params = reportParams(url.searchParams);
  const checked = reportBody(params);
  if (!checked.ok) throw redirect(`${REPORTS_PATH}${url.search}`);
  const answer = await storeApi.pageAnswer("staffSalesReport", { body: checked.body });
  if (!answer.ok) throw redirect(`${REPORTS_PATH}${url.search}`);
  const report = answer.data;
  return new Response(reportCsv(report), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${reportCsvName(url.hostname, report.from, report.to)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
