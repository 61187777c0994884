import { ERRORS, type StaffCategoryList } from "@stoa/contract";
import { data, Link } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { CategoryForm } from "../../staff/categories/CategoryParts.tsx";
import {
  type CategoryFormText,
  categoryFormBody,
  categoryFormText,
  categoryLines,
  formFieldsOf,
  parentChoices,
  textOfCategory,
} from "../../staff/categories/category-form.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader, StaffPanel } from "../../staff/ui.tsx";
import type { Route } from "./+types/category";

function categoryIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param ?? "") || id < 1) throw pageProblem("not-found", 404);
  return id;
}

/** One category's form; the list is read too, for the parents it may be moved under. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const categoryId = categoryIdOf(params.id);
  const list = await context.storeApi.page("staffCategoryList", {});
  if (!list.categories.some((c) => c.id === categoryId)) throw pageProblem("not-found", 404);
  return { list, categoryId };
}

/**
 * Saves the category from the version the form was read at; when someone else changed it since,
 * the page says so and shows it as it stands, to make the change again on.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const categoryId = categoryIdOf(params.id);
  const form = await request.formData();
  const typed = categoryFormText(form);
  const check = categoryFormBody(typed);
  if (!check.ok) return data({ ...invalidFields(check.fields), typed }, { status: 400 });
  const version = form.get("version");
  const outcome = await storeApi.form("staffCategoryUpdate", {
    body: { ...check.data, categoryId, version: typeof version === "string" ? version : "" },
  });
  if (outcome.ok) return { ok: true as const };
  if (outcome.failure.code === ERRORS.STAFF_EDIT_CONFLICT.code) {
    const now = await storeApi.form("staffCategoryList", {});
    return data({ ...outcome.failure, list: now.ok ? now.data : null }, { status: outcome.status });
  }
  return data(
    { ...outcome.failure, fields: formFieldsOf(outcome.failure.fields), typed },
    { status: outcome.status },
  );
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  accountPageMeta(matches, `/staff/categories/${page?.categoryId ?? ""}`, (t) =>
    t("staff.categories.edit-title"),
  );

type Answer = { ok?: boolean; list?: StaffCategoryList | null; typed?: CategoryFormText };

export default function StaffCategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  const list = answer?.list ?? loaderData.list;
  const lines = categoryLines(list.categories, locale);
  const line = lines.find((l) => l.id === loaderData.categoryId);
  if (!line) return null;
  const conflict = failure?.code === ERRORS.STAFF_EDIT_CONFLICT.code;
  const text = !conflict && answer?.typed ? answer.typed : textOfCategory(line);
  return (
    <div className="max-w-3xl" data-staff-category={line.slug} data-category-version={line.version}>
      <p className="mb-2 text-sm">
        <Link
          to="/staff/categories"
          className="font-medium text-stone-600 hover:text-stone-950 hover:underline"
        >
          {t("staff.categories.back")}
        </Link>
      </p>
      <StaffPageHeader title={line.name} intro={<span dir="ltr">/{line.slug}</span>} />
      <FormNotice failure={formWideFailure(failure)} done={answer?.ok ? t("staff.categories.saved") : null} />
      <StaffPanel>
        {/* A new version (saved, or someone else's) draws the form afresh from the category. */}
        <CategoryForm
          key={line.version}
          text={text}
          fields={conflict ? undefined : failure?.fields}
          parents={parentChoices(lines, line.id)}
          intent="update"
          version={line.version}
          submit={t("staff.categories.save")}
        />
      </StaffPanel>
    </div>
  );
}
