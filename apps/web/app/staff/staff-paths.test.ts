import { describe, expect, it } from "vitest";
import { isStaffPath, staffLoginHref, staffReturnPath, staffStartOf } from "./staff-paths.ts";

describe("console paths", () => {
  it("are /staff and what is under it, with their data requests", () => {
    expect(isStaffPath("/staff")).toBe(true);
    expect(isStaffPath("/staff.data")).toBe(true);
    expect(isStaffPath("/staff/orders/12")).toBe(true);
    expect(isStaffPath("/staffroom")).toBe(false);
    expect(isStaffPath("/")).toBe(false);
    expect(isStaffPath("/orders")).toBe(false);
  });

  it("lead back after signing in only to a console page of this site", () => {
    expect(staffReturnPath("/staff/orders/12?x=1")).toBe("/staff/orders/12?x=1");
    expect(staffReturnPath(null)).toBe("/staff/today");
    expect(staffReturnPath("//evil.example/staff/x")).toBe("/staff/today");
    expect(staffReturnPath("https://evil.example/staff/orders")).toBe("/staff/today");
    expect(staffReturnPath("/staff/../checkout")).toBe("/staff/today");
    expect(staffReturnPath("/orders/1")).toBe("/staff/today");
    expect(staffReturnPath("/staff/login?next=/staff/login")).toBe("/staff/today");
  });

  it("name the page to come back to on the sign-in address", () => {
    expect(staffLoginHref("/staff/refunds?status=requested")).toBe(
      "/staff/login?next=%2Fstaff%2Frefunds%3Fstatus%3Drequested",
    );
    expect(staffLoginHref("/staff/today")).toBe("/staff/login");
  });

  it("start each role where its work is: the day's page, or the kitchen screen for the kitchen", () => {
    expect(staffStartOf("owner")).toBe("/staff/today");
    expect(staffStartOf("staff")).toBe("/staff/today");
    expect(staffStartOf("kitchen")).toBe("/staff/kitchen");
  });
});
