import {
  SALES_REPORT_PERIODS,
  type SalesReportPeriod,
  type StaffSalesReportBody,
  staffSalesReportBodySchema,
} from "@stoa/contract";
import type { FieldErrors, MessageKey } from "../../platform/api/form-answer.ts";

export const REPORTS_PATH = "/staff/reports";
export const REPORTS_EXPORT_PATH = "/staff/reports/export";

/** What the report's GET form sent, as typed: a named period, or a custom from and to. */
export type ReportParams = { period: SalesReportPeriod | null; from: string; to: string };

const isPeriod = (value: string | null): value is SalesReportPeriod =>
  value !== null && (SALES_REPORT_PERIODS as readonly string[]).includes(value);

/**
 * The range in a report page's address. `period=custom` (or a from or to without a period) is a
 * custom range; an unknown period or none at all is this month, so a bare link always opens.
 */
export function reportParams(search: URLSearchParams): ReportParams {
  const period = search.get("period");
  const from = (search.get("from") ?? "").trim().slice(0, 20);
  const to = (search.get("to") ?? "").trim().slice(0, 20);
  if (isPeriod(period)) return { period, from, to };
  if (period === "custom" || from || to) return { period: null, from, to };
  return { period: "thisMonth", from, to };
}

/** The API's body for these params, or each field's error as the contract words it. */
export function reportBody(
  params: ReportParams,
): { ok: true; body: StaffSalesReportBody } | { ok: false; errors: FieldErrors } {
  const body = params.period
    ? { period: params.period }
    : { period: null, from: params.from || null, to: params.to || null };
  const parsed = staffSalesReportBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "to");
    errors[field] ??= issue.message as MessageKey;
  }
  return { ok: false, errors };
}

/** The page's (or its CSV's) address for a range. */
export function reportHref(params: ReportParams, path = REPORTS_PATH): string {
  const search = new URLSearchParams(
    params.period ? { period: params.period } : { period: "custom", from: params.from, to: params.to },
  );
  return `${path}?${search}`;
}
