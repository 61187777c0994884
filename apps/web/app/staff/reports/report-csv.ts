import type { SalesFigures, StaffSalesReport } from "@stoa/contract";
import { csvLine } from "@stoa/contract";

const FIGURES: (keyof SalesFigures)[] = [
  "orders",
  "goods",
  "discounts",
  "coupons",
  "tax",
  "shipping",
  "tips",
  "sales",
  "refunds",
  "net",
];

/** Minor units as a number of major units (two decimals, as the shop's money is shown). */
const major = (amount: number) => amount / 100;
const row = (figures: SalesFigures) =>
  FIGURES.map((key) => (key === "orders" ? figures.orders : major(figures[key])));

/**
 * The sales report as a CSV file, streamed section by section: the range and currency, the totals,
 * then each day, each month, each payment method and the top products, each section with its own
 * header line and a blank line between. Amounts are major units of the named currency; every field
 * goes through `csvField`, so a product named `=cmd()` stays text.
 */
export function reportCsv(report: StaffSalesReport): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const sections: (() => string)[] = [
    () =>
      csvLine(["report", "from", "to", "timezone", "currency"]) +
      csvLine(["sales", report.from, report.to, report.timezone, report.currency]),
    () => csvLine(["totals", ...FIGURES]) + csvLine(["all", ...row(report.totals)]),
    () => csvLine(["date", ...FIGURES]) + report.days.map((day) => csvLine([day.date, ...row(day)])).join(""),
    () =>
      csvLine(["month", ...FIGURES]) +
      report.months.map((month) => csvLine([month.month, ...row(month)])).join(""),
    () =>
      csvLine(["payment_method", "orders", "amount"]) +
      report.byMethod.map((m) => csvLine([m.method, m.orders, major(m.amount)])).join(""),
    () =>
      csvLine(["top_by", "rank", "product_id", "product", "units", "revenue"]) +
      [
        ...report.topByUnits.map((p, i) =>
          csvLine(["units", i + 1, p.productId, p.name, p.units, major(p.revenue)]),
        ),
        ...report.topByRevenue.map((p, i) =>
          csvLine(["revenue", i + 1, p.productId, p.name, p.units, major(p.revenue)]),
        ),
      ].join(""),
  ];
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const section = sections[next];
      if (!section) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`${next > 0 ? "\r\n" : ""}${section()}`));
      next += 1;
    },
  });
}

/** The file's name: the shop's domain (letters, digits, dots and dashes only) and the range. */
export function reportCsvName(domain: string, from: string, to: string): string {
  const shop = domain.replace(/[^a-z0-9.-]/gi, "").replace(/^\.+/, "") || "shop";
  return `sales-${shop}-${from}-to-${to}.csv`;
}
