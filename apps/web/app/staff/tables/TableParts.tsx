import { type StaffTable, TABLE_AREA_MAX, TABLE_NAME_MAX, TABLE_SEATS_MAX } from "@stoa/contract";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { isolated } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { StaffField, StaffPanel, staffButton, staffInput } from "../ui.tsx";
import type { TableFormText } from "./table-form.ts";

export const TABLES_PATH = "/staff/tables";
export const SHEET_PATH = "/staff/tables/sheet";

/** Where one table's code (or several) is printed. */
export const sheetHref = (tableIds: number[] = []) =>
  tableIds.length > 0 ? `${SHEET_PATH}?tables=${tableIds.join(",")}` : SHEET_PATH;

/** A table in the list: name, area and seats, whether it takes orders, and what staff may do with it. */
export function TableRow({ table }: { table: StaffTable }) {
  const { t } = useTranslation();
  const action =
    "rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950";
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
      data-staff-table={table.name}
      data-table-id={table.id}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-950">
          <bdi>{table.name}</bdi>
        </p>
        <p className="text-sm text-stone-600">
          {table.area ? (
            <>
              <bdi>{table.area}</bdi> ·{" "}
            </>
          ) : null}
          {t("staff.tables.seats", { count: table.seats })}
        </p>
      </div>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
          table.active ? "bg-emerald-50 text-emerald-800" : "bg-stone-100 text-stone-600"
        }`}
        data-table-active={table.active}
      >
        {table.active ? t("staff.tables.active") : t("staff.tables.inactive")}
      </span>
      <div className="flex flex-wrap gap-1">
        <Link to={`${TABLES_PATH}?edit=${table.id}#table-form`} className={action} data-edit-table>
          {t("staff.tables.edit")}
        </Link>
        {table.active ? (
          <>
            <Link to={sheetHref([table.id])} className={action} data-print-table>
              {t("staff.tables.print-one")}
            </Link>
            <Link to={`${TABLES_PATH}?rotate=${table.id}`} className={action} data-rotate-table>
              {t("staff.tables.rotate")}
            </Link>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** Asking before a table gets a new code: every copy of its printed code stops working. */
export function ConfirmRotation({ table }: { table: StaffTable }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const panel = useRef<HTMLDivElement>(null);
  // With scripts the question takes the focus, so a keyboard or a screen reader lands on it.
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="rotate-title"
      aria-describedby="rotate-text"
      className="mb-4 rounded-xl border border-red-200 bg-red-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-red-700"
      data-rotate-confirm
    >
      <h2 id="rotate-title" className="break-words font-semibold text-red-900">
        {t("staff.tables.confirm-title", { name: isolated(table.name) })}
      </h2>
      <p id="rotate-text" className="mt-1 text-sm text-red-900">
        {t("staff.tables.confirm-text")}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="rotate" />
          <input type="hidden" name="tableId" value={table.id} />
          <button type="submit" className={staffButton.danger} disabled={busy} data-rotate-confirm-button>
            {t("staff.tables.confirm")}
          </button>
        </Form>
        <Link to={TABLES_PATH} className={staffButton.secondary} replace>
          {t("staff.tables.cancel")}
        </Link>
      </div>
    </div>
  );
}

/** Adding a table, or changing one (its name, area, seats, whether its code opens it). */
export function TableForm({
  text,
  fields,
  editing,
}: {
  text: TableFormText;
  fields?: FieldErrors;
  editing: StaffTable | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  // Each page load shows the form afresh (a table just added leaves it empty); a refused post,
  // which loads nothing, keeps what was typed.
  const { key } = useLocation();
  const input = (name: string) => ({
    id: `table-${name}`,
    name,
    "aria-invalid": fields?.[name] ? true : undefined,
    "aria-describedby": fields?.[name] ? `table-${name}-error` : undefined,
    className: staffInput,
  });
  return (
    <StaffPanel
      title={
        editing ? t("staff.tables.edit-title", { name: isolated(editing.name) }) : t("staff.tables.new-title")
      }
      data-table-form={editing ? "edit" : "new"}
    >
      <Form method="post" id="table-form" key={`${text.id}-${key}`} className="grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={text.id} />
        <StaffField id="table-name" name="name" label={t("staff.tables.fields.name")} fields={fields}>
          <input {...input("name")} defaultValue={text.name} maxLength={TABLE_NAME_MAX} required />
        </StaffField>
        <StaffField
          id="table-area"
          name="area"
          label={t("staff.tables.fields.area")}
          hint={t("staff.tables.hints.area")}
          fields={fields}
        >
          <input {...input("area")} defaultValue={text.area} maxLength={TABLE_AREA_MAX} />
        </StaffField>
        <StaffField id="table-seats" name="seats" label={t("staff.tables.fields.seats")} fields={fields}>
          <input
            {...input("seats")}
            type="number"
            inputMode="numeric"
            min={1}
            max={TABLE_SEATS_MAX}
            defaultValue={text.seats}
            required
          />
        </StaffField>
        <label className="flex items-start gap-3 text-sm text-stone-800 sm:col-span-3">
          <input
            type="checkbox"
            name="active"
            defaultChecked={text.active}
            className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
            aria-describedby="table-active-hint"
          />
          <span>
            <span className="font-medium">{t("staff.tables.fields.active")}</span>
            <span id="table-active-hint" className="block text-xs text-stone-500">
              {t("staff.tables.hints.active")}
            </span>
          </span>
        </label>
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <button type="submit" className={staffButton.primary} disabled={busy} data-save-table>
            {editing ? t("staff.tables.save") : t("staff.tables.create")}
          </button>
          {editing ? (
            <Link to={TABLES_PATH} className={staffButton.secondary}>
              {t("staff.tables.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </StaffPanel>
  );
}
