import { data, Link, redirect } from "react-router";
import { failed, invalid, invalidFields } from "../../platform/api/form-answer.ts";
import { isolated } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import {
  ConfirmRotation,
  SHEET_PATH,
  sheetHref,
  TABLES_PATH,
  TableForm,
  TableRow,
} from "../../staff/tables/TableParts.tsx";
import {
  NEW_TABLE_TEXT,
  type TableFormText,
  tableFormBody,
  tableFormText,
  textOfTable,
} from "../../staff/tables/table-form.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader, staffButton } from "../../staff/ui.tsx";
import type { Route } from "./+types/tables";

/** The shop's tables; `?edit=<id>` puts one in the form, `?rotate=<id>` asks before giving it a new code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { tables } = await context.storeApi.page("staffTableList", {});
  const byParam = (name: string) => tables.find((table) => String(table.id) === params.get(name)) ?? null;
  return {
    tables,
    editing: byParam("edit"),
    rotating: byParam("rotate"),
    saved: byParam("saved"),
    rotated: byParam("rotated"),
  };
}

/**
 * `intent=save` adds or changes a table (a refusal shows the form again as typed); `intent=rotate`
 * gives one a new code, after the page asked (`?rotate=<id>`), so it works without scripts and
 * never on one slip.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "rotate") {
    const tableId = Number(form.get("tableId"));
    if (!Number.isInteger(tableId) || tableId < 1) return invalid({ tableId: "error-field-invalid" });
    const outcome = await context.storeApi.form("staffTableRotateCode", { body: { tableId } });
    if (!outcome.ok) return failed(outcome);
    return redirect(`${TABLES_PATH}?rotated=${outcome.data.id}`);
  }
  if (intent !== "save") return invalid({ intent: "error-field-invalid" });
  const text = tableFormText(form);
  const check = tableFormBody(text);
  if (!check.ok) return data({ ...invalidFields(check.fields), text }, { status: 400 });
  const outcome = await context.storeApi.form("staffTableSave", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, text }, { status: outcome.status });
  return redirect(`${TABLES_PATH}?saved=${outcome.data.id}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, TABLES_PATH, (t) => t("staff.tables.title"));

export default function StaffTables({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tables, editing, rotating, saved, rotated } = loaderData;
  const failure = failureIn(actionData);
  const typed = (actionData as { text?: TableFormText } | undefined)?.text;
  const text = typed ?? (editing ? textOfTable(editing) : NEW_TABLE_TEXT);
  const shownEditing = typed?.id ? (tables.find((table) => String(table.id) === typed.id) ?? null) : editing;
  const done = rotated ? (
    <>
      {t("staff.tables.rotated", { name: isolated(rotated.name) })}{" "}
      <Link to={sheetHref([rotated.id])} className="font-semibold underline" data-print-rotated>
        {t("staff.tables.print-new")}
      </Link>
    </>
  ) : saved ? (
    t("staff.tables.saved", { name: isolated(saved.name) })
  ) : null;
  return (
    <div className="max-w-4xl" data-staff-tables>
      <StaffPageHeader title={t("staff.tables.title")} intro={t("staff.tables.intro")}>
        <a href="#table-form" className={staffButton.secondary}>
          {t("staff.tables.new-title")}
        </a>
        {tables.some((table) => table.active) ? (
          <Link to={SHEET_PATH} className={staffButton.primary} data-print-tables>
            {t("staff.tables.print")}
          </Link>
        ) : null}
      </StaffPageHeader>
      <FormNotice failure={typed ? formWideFailure(failure) : failure} done={failure ? null : done} />
      {rotating && !failure ? <ConfirmRotation table={rotating} /> : null}
      {tables.length === 0 ? (
        <p className="mb-6 rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
          {t("staff.tables.empty")}
        </p>
      ) : (
        <ul
          className="mb-6 divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
          data-tables-list
        >
          {tables.map((table) => (
            <TableRow key={table.id} table={table} />
          ))}
        </ul>
      )}
      <TableForm text={text} fields={typed ? failure?.fields : undefined} editing={shownEditing} />
    </div>
  );
}
