import { describe, expect, it } from "vitest";
import { auditChanges, compactValue } from "./audit-diff.ts";

describe("auditChanges", () => {
  it("lists the fields that changed, with compact JSON values", () => {
    expect(
      auditChanges(
        { status: "placed", note: "x", hours: { open: 9 } },
        { status: "confirmed", note: "x", hours: { open: 10 } },
      ),
    ).toEqual([
      { field: "status", before: '"placed"', after: '"confirmed"' },
      { field: "hours", before: '{"open":9}', after: '{"open":10}' },
    ]);
  });

  it("shows a field on one side only against null", () => {
    expect(auditChanges(null, { email: "a@b.c", role: "staff" })).toEqual([
      { field: "email", before: null, after: '"a@b.c"' },
      { field: "role", before: null, after: '"staff"' },
    ]);
    expect(auditChanges({ disabled: false }, {})).toEqual([
      { field: "disabled", before: "false", after: null },
    ]);
  });

  it("compares plain values whole", () => {
    expect(auditChanges(5, 7)).toEqual([{ field: "", before: "5", after: "7" }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges("same", "same")).toEqual([]);
  });
});

describe("compactValue", () => {
  it("cuts long values", () => {
    const text = compactValue("a".repeat(200), 20) ?? "";
    expect(text).toHaveLength(20);
    expect(text.endsWith("…")).toBe(true);
    expect(compactValue(undefined)).toBeNull();
  });
});
