import type { StaffSalesReport } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { reportCsv, reportCsvName } from "./report-csv.ts";
import { reportBody, reportHref, reportParams } from "./report-params.ts";

const figures = {
  orders: 2,
  goods: 1500,
  discounts: 50,
  coupons: 50,
  tax: 0,
  shipping: 1000,
  tips: 300,
  sales: 2750,
  refunds: 500,
  net: 2250,
};
const report: StaffSalesReport = {
  timezone: "Asia/Jerusalem",
  today: "2026-01-20",
  period: null,
  currency: "USD",
  from: "2026-01-11",
  to: "2026-01-11",
  totals: figures,
  days: [{ date: "2026-01-11", ...figures }],
  months: [{ month: "2026-01", ...figures }],
  byMethod: [{ method: "cash", orders: 2, amount: 2750 }],
  topByUnits: [{ productId: 7, name: '=HYPERLINK("x")', units: 3, revenue: 750 }],
  topByRevenue: [{ productId: 7, name: '=HYPERLINK("x")', units: 3, revenue: 750 }],
};

describe("the sales report's CSV", () => {
  it("writes each section with its header, amounts in major units, no formula", async () => {
    const text = await new Response(reportCsv(report)).text();
    const lines = text.split("\r\n");
    expect(lines.slice(0, 5)).toEqual([
      "report,from,to,timezone,currency",
      "sales,2026-01-11,2026-01-11,Asia/Jerusalem,USD",
      "",
      "totals,orders,goods,discounts,coupons,tax,shipping,tips,sales,refunds,net",
      "all,2,15,0.5,0.5,0,10,3,27.5,5,22.5",
    ]);
    expect(lines).toContain("2026-01-11,2,15,0.5,0.5,0,10,3,27.5,5,22.5");
    expect(lines).toContain("cash,2,27.5");
    expect(lines).toContain(`units,1,7,"'=HYPERLINK(""x"")",3,7.5`);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(reportCsvName("shop.example", "2026-01-01", "2026-01-31")).toBe(
      "sales-shop.example-2026-01-01-to-2026-01-31.csv",
    );
  });

  it("reads the range from the address: this month by default, a custom range checked", () => {
    expect(reportParams(new URLSearchParams())).toEqual({ period: "thisMonth", from: "", to: "" });
    const custom = reportParams(new URLSearchParams("period=custom&from=2026-01-10&to=2026-01-01"));
    expect(reportBody(custom)).toEqual({ ok: false, errors: { to: "error-end-before-start" } });
    expect(reportBody(reportParams(new URLSearchParams("from=2026-01-01")))).toEqual({
      ok: false,
      errors: { to: "error-field-required" },
    });
    expect(reportHref({ period: null, from: "2026-01-01", to: "2026-01-31" })).toBe(
      "/staff/reports?period=custom&from=2026-01-01&to=2026-01-31",
    );
  });
});
