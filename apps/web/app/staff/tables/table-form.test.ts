import { describe, expect, it } from "vitest";
import { NEW_TABLE_TEXT, sheetTableIds, tableFormBody, tableFormText } from "./table-form.ts";

const form = (values: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of values) data.append(name, value);
  return data;
};

describe("the table form", () => {
  it("reads a new table and an edit", () => {
    const made = tableFormBody(
      tableFormText(
        form([
          ["name", " Terrace 2 "],
          ["area", "Terrace"],
          ["seats", "6"],
          ["active", "on"],
        ]),
      ),
    );
    expect(made).toEqual({
      ok: true,
      data: { id: null, name: "Terrace 2", area: "Terrace", seats: 6, active: true },
    });
    const edited = tableFormBody(
      tableFormText(
        form([
          ["id", "12"],
          ["name", "T"],
          ["seats", "2"],
        ]),
      ),
    );
    expect(edited).toMatchObject({ ok: true, data: { id: 12, active: false } });
  });

  it("says what is wrong with a field", () => {
    const check = tableFormBody({ ...NEW_TABLE_TEXT, seats: "many" });
    expect(check).toEqual({
      ok: false,
      fields: { name: "error-field-required", seats: "error-field-invalid" },
    });
  });
});

describe("the sheet's tables", () => {
  it("takes ids from the address and ignores the rest", () => {
    expect(sheetTableIds(new URLSearchParams("tables=3,5,x,-1"))).toEqual([3, 5]);
    expect(sheetTableIds(new URLSearchParams(""))).toEqual([]);
  });
});
