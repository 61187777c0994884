import { describe, expect, it } from "vitest";
import { periodDays, reportDays, staffSalesReportBodySchema } from "./reports.ts";

describe("the sales report's ranges", () => {
  it("turns named periods into days of the shop's calendar, across years and leap days", () => {
    expect(periodDays("thisMonth", "2026-03-31")).toEqual({ from: "2026-03-01", to: "2026-03-31" });
    expect(periodDays("lastMonth", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodDays("lastMonth", "2024-03-01")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodDays("last30Days", "2026-03-01")).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("counts both ends and refuses more than a leap year", () => {
    expect(reportDays("2026-01-01", "2026-01-01")).toBe(1);
    expect(reportDays("2024-01-01", "2024-12-31")).toBe(366);
    expect(staffSalesReportBodySchema.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(true);
    expect(staffSalesReportBodySchema.safeParse({ from: "2024-01-01", to: "2025-01-01" }).success).toBe(
      false,
    );
    expect(staffSalesReportBodySchema.safeParse({ period: "thisMonth" }).success).toBe(true);
  });
});
