import { PRODUCT_CSV_COLUMNS, type ProductCsvPlan } from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { FieldError, StaffPanel, staffButton, staffInput, staffLabel } from "../ui.tsx";
import { PRODUCT_EXPORT_PATH } from "./product-csv-file.ts";

/** The two downloads: every column, or stock only. Plain links: the browser saves the file. */
export function ExportLinks() {
  const { t } = useTranslation();
  return (
    <StaffPanel title={t("staff.product-csv.export-title")} data-product-export>
      <p className="mb-3 text-sm text-stone-600">{t("staff.product-csv.export-intro")}</p>
      <div className="flex flex-wrap gap-2">
        <a href={PRODUCT_EXPORT_PATH} className={staffButton.secondary} download data-export="products">
          {t("staff.product-csv.export-products")}
        </a>
        <a
          href={`${PRODUCT_EXPORT_PATH}?kind=stock`}
          className={staffButton.secondary}
          download
          data-export="stock"
        >
          {t("staff.product-csv.export-stock")}
        </a>
      </div>
    </StaffPanel>
  );
}

/** Choosing a file and asking what it would change; a multipart form that works without scripts. */
export function UploadForm({ fields }: { fields?: FieldErrors }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <StaffPanel title={t("staff.product-csv.import-title")} data-product-import>
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="intent" value="check" />
        <div>
          <label htmlFor="csv-file" className={staffLabel}>
            {t("staff.product-csv.file")}
          </label>
          <input
            id="csv-file"
            name="file"
            type="file"
            required
            accept=".csv,text/csv"
            className={`${staffInput} file:me-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-stone-900`}
            aria-invalid={fields?.file ? true : undefined}
            aria-describedby={fields?.file ? "csv-file-error" : "csv-file-hint"}
          />
          <p id="csv-file-hint" className="mt-1 text-xs text-stone-500">
            {t("staff.product-csv.file-hint")}
          </p>
          <details className="mt-1 text-xs text-stone-500">
            <summary className="cursor-pointer">{t("staff.product-csv.columns")}</summary>
            <p className="mt-1 break-words font-mono" dir="ltr">
              {PRODUCT_CSV_COLUMNS.join(", ")}
            </p>
          </details>
          <FieldError id="csv-file-error" fields={fields} name="file" />
        </div>
        <button type="submit" className={staffButton.primary} disabled={busy}>
          {t("staff.product-csv.check")}
        </button>
      </Form>
    </StaffPanel>
  );
}

function Counts({ plan }: { plan: ProductCsvPlan }) {
  const { t } = useTranslation();
  const items = [
    ["created", t("staff.product-csv.created", { count: plan.created })],
    ["updated", t("staff.product-csv.updated", { count: plan.updated })],
    ["unchanged", t("staff.product-csv.unchanged", { count: plan.unchanged })],
    ["stock", t("staff.product-csv.stock-changes", { count: plan.stockChanges })],
  ] as const;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-plan-counts>
      {items.map(([name, text]) => (
        <li key={name} className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800" data-count={name}>
          {text}
        </li>
      ))}
    </ul>
  );
}

/** Every bad row: its line in the file, the column, what is wrong, in the member's language. */
function Problems({ plan }: { plan: ProductCsvPlan }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3" data-plan-problems>
      <p className="mb-2 text-sm font-semibold text-red-800">
        {t("staff.product-csv.problems", { count: plan.problems.length })}
      </p>
      <ul className="space-y-1 text-sm text-red-800">
        {plan.problems.map((problem) => (
          <li
            key={`${problem.line}-${problem.field}-${problem.key}`}
            data-problem-line={problem.line}
            data-problem-field={problem.field}
          >
            <span className="font-semibold">{t("staff.product-csv.line", { line: problem.line })}</span>
            {problem.field ? (
              <>
                {" · "}
                <bdi className="font-mono">{problem.field}</bdi>
              </>
            ) : null}
            {": "}
            {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The changed rows, field by field: what the shop has and what the file says. */
function Changes({ plan }: { plan: ProductCsvPlan }) {
  const { t } = useTranslation();
  const more = plan.created + plan.updated - plan.changes.length;
  return (
    <div className="space-y-2" data-plan-changes>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
        {plan.changes.map((row) => (
          <li key={row.line} className="p-3 text-sm" data-change-sku={row.sku} data-change-kind={row.kind}>
            <p className="mb-1 flex flex-wrap items-baseline gap-x-2">
              <bdi className="font-mono font-semibold text-stone-950">{row.sku}</bdi>
              <span className="rounded bg-stone-100 px-1.5 text-xs font-medium text-stone-700">
                {row.kind === "new" ? t("staff.product-csv.kind-new") : t("staff.product-csv.kind-update")}
              </span>
              <span className="text-xs text-stone-500">
                {t("staff.product-csv.line", { line: row.line })}
              </span>
            </p>
            <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-3 gap-y-0.5">
              {row.changes.map((change) => (
                <div key={change.field} className="contents" data-change-field={change.field}>
                  <dt className="truncate font-mono text-xs text-stone-500">{change.field}</dt>
                  <dd className="min-w-0 break-words text-stone-800">
                    {row.kind === "update" ? (
                      <>
                        <del className="text-stone-500">
                          <bdi>{change.before || "—"}</bdi>
                        </del>
                        {/* Before, then after, in the reading direction: the arrow turns round in Arabic and Hebrew. */}
                        <span aria-hidden="true" className="mx-1 inline-block rtl:-scale-x-100">
                          →
                        </span>
                      </>
                    ) : null}
                    <ins className="no-underline font-medium">
                      <bdi>{change.after || "—"}</bdi>
                    </ins>
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="text-sm text-stone-600">{t("staff.product-csv.more", { count: more })}</p>
      ) : null}
    </div>
  );
}

/**
 * What the file would do, and the button that does exactly that: the file goes back with the dry
 * run's fingerprint, and the API refuses it if the shop changed since (the page then shows the
 * new plan).
 */
export function PlanView({
  plan,
  carried,
  conflict,
}: {
  plan: ProductCsvPlan;
  carried: string;
  conflict: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const changes = plan.created + plan.updated;
  return (
    <StaffPanel title={t("staff.product-csv.plan-title")} className="space-y-4" data-plan>
      {conflict ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
        >
          {t("staff.product-csv.changed-since")}
        </p>
      ) : null}
      <Counts plan={plan} />
      {plan.problems.length ? (
        <>
          <Problems plan={plan} />
          <p className="text-sm text-stone-700">{t("staff.product-csv.nothing-imported")}</p>
        </>
      ) : changes === 0 ? (
        <p className="text-sm text-stone-700" data-plan-nothing>
          {t("staff.product-csv.nothing-to-do")}
        </p>
      ) : (
        <>
          <Changes plan={plan} />
          <Form method="post" data-apply-form>
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="csv" value={carried} />
            <input type="hidden" name="fingerprint" value={plan.fingerprint} />
            <button type="submit" className={staffButton.primary} disabled={busy}>
              {t("staff.product-csv.apply", { count: changes })}
            </button>
          </Form>
        </>
      )}
    </StaffPanel>
  );
}
