import { ERRORS, type StaffCategoryList } from "@stoa/contract";
import { data } from "react-router";
import { failed, invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { CategoryForm, CategoryTree } from "../../staff/categories/CategoryParts.tsx";
import {
  type CategoryFormText,
  categoryFormBody,
  categoryFormText,
  categoryLines,
  formFieldsOf,
  NEW_CATEGORY_TEXT,
} from "../../staff/categories/category-form.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader, StaffPanel } from "../../staff/ui.tsx";
import type { Route } from "./+types/categories";

/** The shop's category tree, and a form to make a category (managers and owners). */
export async function loader({ context }: Route.LoaderArgs) {
  return { list: await context.storeApi.page("staffCategoryList", {}) };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/**
 * Makes a category, or moves one up or down among its siblings, or shows or hides it. A move or a
 * switch is made from the version the list was read at: when someone else changed the category
 * since, the page says so and shows the list as it stands.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = text(form.get("intent"));
  if (intent === "create") {
    const typed = categoryFormText(form);
    const check = categoryFormBody(typed);
    if (!check.ok) return data({ ...invalidFields(check.fields), typed }, { status: 400 });
    const outcome = await storeApi.form("staffCategoryCreate", { body: check.data });
    if (outcome.ok) return { ok: true as const, intent, made: outcome.data.slug };
    const fields = formFieldsOf(outcome.failure.fields);
    return data({ ...outcome.failure, fields, typed }, { status: outcome.status });
  }
  const categoryId = Number(text(form.get("categoryId")));
  const version = text(form.get("version"));
  if (!Number.isInteger(categoryId) || categoryId < 1) return data(invalidFields({}), { status: 400 });
  const conflictOr = async (outcome: { failure: { code: string }; status: number }) => {
    if (outcome.failure.code !== ERRORS.STAFF_EDIT_CONFLICT.code) return failed(outcome as never);
    const now = await storeApi.form("staffCategoryList", {});
    return data({ ...outcome.failure, list: now.ok ? now.data : null }, { status: outcome.status });
  };
  if (intent === "up" || intent === "down") {
    const outcome = await storeApi.form("staffCategoryMove", {
      body: { categoryId, version, direction: intent },
    });
    return outcome.ok ? { ok: true as const, intent, list: outcome.data } : conflictOr(outcome);
  }
  if (intent === "toggle-show") {
    const current = await storeApi.form("staffCategoryList", {});
    if (!current.ok) return failed(current);
    const category = current.data.categories.find((c) => c.id === categoryId);
    if (!category) return data({ ...invalidFields({}), list: current.data }, { status: 404 });
    const { nameLocalizations, parentId, isShow, isAvailable, layout } = category;
    const outcome = await storeApi.form("staffCategoryUpdate", {
      body: {
        categoryId,
        version,
        nameLocalizations: { en: nameLocalizations.en ?? category.slug, ...nameLocalizations },
        parentId,
        isShow: !isShow,
        isAvailable,
        layout,
      },
    });
    return outcome.ok ? { ok: true as const, intent } : conflictOr(outcome);
  }
  return data(invalidFields({}), { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/categories", (t) => t("staff.categories.title"));

type Answer = {
  ok?: boolean;
  intent?: string;
  made?: string;
  list?: StaffCategoryList | null;
  typed?: CategoryFormText;
};

export default function StaffCategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  // After a move or a conflict the list shows what the API answered (its loader is not asked
  // again after a refused post when scripts run).
  const list = answer?.list ?? loaderData.list;
  const lines = categoryLines(list.categories, locale);
  const made = answer?.ok && answer.intent === "create";
  const done = answer?.ok ? t(made ? "staff.categories.made" : "staff.categories.saved") : null;
  const typed = answer?.typed && failure ? answer.typed : NEW_CATEGORY_TEXT;
  return (
    <div className="max-w-4xl" data-staff-categories>
      <StaffPageHeader title={t("staff.categories.title")} intro={t("staff.categories.intro")} />
      <FormNotice failure={formWideFailure(failure)} done={done} />
      <StaffPanel className="mb-6" data-staff-category-list>
        {lines.length === 0 ? (
          <p className="text-sm text-stone-600">{t("staff.categories.empty")}</p>
        ) : (
          <CategoryTree lines={lines} />
        )}
      </StaffPanel>
      <StaffPanel title={t("staff.categories.new")} data-staff-category-new>
        {/* Drawn afresh after a category is made: the next one starts empty. */}
        <CategoryForm
          key={made ? answer?.made : "new"}
          text={typed}
          fields={answer?.typed ? failure?.fields : undefined}
          parents={lines}
          intent="create"
          submit={t("staff.categories.create")}
        />
      </StaffPanel>
    </div>
  );
}
