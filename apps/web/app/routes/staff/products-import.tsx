import { ERRORS, FIELD_ERROR_KEYS, PRODUCT_CSV_MAX_BYTES, type ProductCsvPlan } from "@stoa/contract";
import { Link } from "react-router";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { ExportLinks, PlanView, UploadForm } from "../../staff/product-csv/ImportParts.tsx";
import {
  carriedCsv,
  csvCarried,
  PRODUCT_IMPORT_PATH,
  PRODUCTS_PATH,
} from "../../staff/product-csv/product-csv-file.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/products-import";

/** Asked only so that a role without the catalogue meets the role page rather than a form it cannot send. */
export async function loader({ context }: Route.LoaderArgs) {
  await context.storeApi.page("staffProductExport", { query: { after: 0, limit: 1 } });
  return null;
}

/** What a multipart post may carry beside the file itself (its boundaries and field names). */
const FORM_OVERHEAD_BYTES = 16 * 1024;

type Planned = { plan: ProductCsvPlan; carried: string; conflict: boolean };
type Applied = { applied: ProductCsvPlan };

/**
 * `check`: reads the uploaded file and answers the API's dry run. `apply`: sends the same file with
 * the dry run's fingerprint; when the shop changed since (or the file has bad rows after all) the
 * page shows the plan made again, never a half-done import.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  // The apply form carries the file as base64, URL-encoded: up to three bytes a byte in the worst case.
  if (Number(request.headers.get("content-length") ?? "0") > PRODUCT_CSV_MAX_BYTES * 3 + FORM_OVERHEAD_BYTES)
    return invalid({ file: FIELD_ERROR_KEYS.csvTooLarge });
  const form = await request.formData();
  const dryRun = async (csv: string, conflict: boolean) => {
    const outcome = await storeApi.form("staffProductImportDryRun", { body: { csv } });
    if (!outcome.ok) {
      // The API names the file `csv`; the form's field is `file`.
      const { csv: why, ...rest } = outcome.failure.fields;
      const fields = why ? { ...rest, file: why } : rest;
      return failed({ ...outcome, failure: { ...outcome.failure, fields } });
    }
    return { plan: outcome.data, carried: carriedCsv(csv), conflict } satisfies Planned;
  };
  if (form.get("intent") === "apply") {
    const csv = csvCarried(String(form.get("csv") ?? ""));
    const fingerprint = String(form.get("fingerprint") ?? "");
    const outcome = await storeApi.form("staffProductImportApply", { body: { csv, fingerprint } });
    if (outcome.ok) return { applied: outcome.data.plan } satisfies Applied;
    const { code } = outcome.failure;
    if (code === ERRORS.STAFF_EDIT_CONFLICT.code || code === ERRORS.PRODUCT_CSV_INVALID.code)
      return dryRun(csv, true);
    return failed(outcome);
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return invalid({ file: FIELD_ERROR_KEYS.required });
  if (file.size > PRODUCT_CSV_MAX_BYTES) return invalid({ file: FIELD_ERROR_KEYS.csvTooLarge });
  return dryRun(await file.text(), false);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, PRODUCT_IMPORT_PATH, (t) => t("staff.product-csv.title"));

export default function StaffProductImport({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureIn(actionData);
  const planned = actionData && !failure && "plan" in actionData ? (actionData as Planned) : null;
  const applied = actionData && !failure && "applied" in actionData ? (actionData as Applied).applied : null;
  return (
    <div className="max-w-4xl space-y-5" data-staff-product-import>
      <p className="text-sm">
        <Link to={PRODUCTS_PATH} className="font-medium text-stone-600 hover:text-stone-950 hover:underline">
          {t("staff.product-csv.back")}
        </Link>
      </p>
      <StaffPageHeader title={t("staff.product-csv.title")} intro={t("staff.product-csv.intro")} />
      <FormNotice
        failure={formWideFailure(failure)}
        done={
          applied
            ? t("staff.product-csv.applied", {
                created: applied.created,
                updated: applied.updated,
                stock: applied.stockChanges,
              })
            : null
        }
      />
      {planned ? (
        <PlanView plan={planned.plan} carried={planned.carried} conflict={planned.conflict} />
      ) : null}
      <UploadForm fields={failure?.fields} />
      <ExportLinks />
    </div>
  );
}
