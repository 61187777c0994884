import { type StaffTable, type StaffTableSaveBody, staffTableSaveBodySchema } from "@stoa/contract";
import { type Validation, validateWith } from "../../platform/form-values.ts";

/** A table's form as typed: what comes back into the fields when the shop refuses it. */
export type TableFormText = { id: string; name: string; area: string; seats: string; active: boolean };

const value = (form: FormData, name: string) => {
  const found = form.get(name);
  return typeof found === "string" ? found.trim() : "";
};

export function tableFormText(form: FormData): TableFormText {
  return {
    id: value(form, "id"),
    name: value(form, "name"),
    area: value(form, "area"),
    seats: value(form, "seats"),
    active: form.get("active") === "on",
  };
}

/** The typed table checked by the contract's own schema, so its field errors read as the API's. */
export function tableFormBody(text: TableFormText): Validation<StaffTableSaveBody> {
  return validateWith(staffTableSaveBodySchema, {
    id: /^\d{1,9}$/.test(text.id) ? Number(text.id) : null,
    name: text.name,
    area: text.area,
    seats: /^\d{1,3}$/.test(text.seats) ? Number(text.seats) : Number.NaN,
    active: text.active,
  });
}

export function textOfTable(table: StaffTable): TableFormText {
  return {
    id: String(table.id),
    name: table.name,
    area: table.area,
    seats: String(table.seats),
    active: table.active,
  };
}

/** A new table: four seats, taking orders. */
export const NEW_TABLE_TEXT: TableFormText = { id: "", name: "", area: "", seats: "4", active: true };

/** The tables a sheet prints, from `?tables=3,5` (every active one when none). */
export function sheetTableIds(params: URLSearchParams): number[] {
  return (params.get("tables") ?? "")
    .split(",")
    .filter((id) => /^\d{1,9}$/.test(id))
    .map(Number)
    .slice(0, 300);
}
