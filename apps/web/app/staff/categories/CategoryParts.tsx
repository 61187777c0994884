import { CATEGORY_LAYOUTS, CATEGORY_NAME_MAX, LOCALES, type Locale } from "@stoa/contract";
import { Form, Link, useNavigation } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { FieldError, staffButton, staffInput, staffLabel } from "../ui.tsx";
import { type CategoryFormText, type CategoryLine, nameField } from "./category-form.ts";

/** The language names the name fields are labelled with, each in its own language. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", ar: "العربية", he: "עברית" };

function Switch({
  name,
  checked,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm text-stone-800">
      <input
        type="checkbox"
        name={name}
        defaultChecked={checked}
        className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
        aria-describedby={`category-${name}-hint`}
      />
      <span>
        <span className="font-medium">{label}</span>
        <span id={`category-${name}-hint`} className="block text-xs text-stone-500">
          {hint}
        </span>
      </span>
    </label>
  );
}

/**
 * A category's form, to make one or change it: names per language (English needed: the slug is
 * made from it), the parent, the layout of its page, shown and offered. A plain post.
 */
export function CategoryForm({
  text,
  fields,
  parents,
  intent,
  version,
  submit,
}: {
  text: CategoryFormText;
  fields?: FieldErrors;
  /** The categories it may sit under. */
  parents: readonly CategoryLine[];
  intent: "create" | "update";
  version?: string;
  submit: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const described = (name: string) =>
    fields?.[name] ? { "aria-invalid": true as const, "aria-describedby": `category-${name}-error` } : {};
  return (
    <Form method="post" className="space-y-5" data-category-form={intent}>
      <input type="hidden" name="intent" value={intent} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className={staffLabel}>{t("staff.categories.name")}</legend>
        {LOCALES.map((locale) => {
          const name = nameField(locale);
          return (
            <div key={locale} className="min-w-0">
              <label htmlFor={`category-${name}`} className="mb-1 block text-xs font-medium text-stone-600">
                {LANGUAGE_NAMES[locale]}
                {locale === "en" ? <span aria-hidden="true"> *</span> : null}
              </label>
              <input
                id={`category-${name}`}
                name={name}
                lang={locale}
                dir={locale === "en" ? "ltr" : "rtl"}
                required={locale === "en"}
                maxLength={CATEGORY_NAME_MAX}
                defaultValue={text.names[locale]}
                className={staffInput}
                {...described(name)}
              />
              <FieldError id={`category-${name}-error`} fields={fields} name={name} />
            </div>
          );
        })}
      </fieldset>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0">
          <label htmlFor="category-parentId" className={staffLabel}>
            {t("staff.categories.parent")}
          </label>
          <select
            id="category-parentId"
            name="parentId"
            defaultValue={text.parentId}
            className={staffInput}
            {...described("parentId")}
          >
            <option value="">{t("staff.categories.top")}</option>
            {parents.map((parent) => (
              <option key={parent.id} value={String(parent.id)}>
                {`${"— ".repeat(parent.depth)}${parent.name}`}
              </option>
            ))}
          </select>
          <FieldError id="category-parentId-error" fields={fields} name="parentId" />
        </div>
        <div className="min-w-0">
          <label htmlFor="category-layout" className={staffLabel}>
            {t("staff.categories.layout")}
          </label>
          <select
            id="category-layout"
            name="layout"
            defaultValue={text.layout}
            className={staffInput}
            {...described("layout")}
          >
            <option value="">{t("staff.categories.shop-layout")}</option>
            {CATEGORY_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {t(`staff.categories.layouts.${layout}`)}
              </option>
            ))}
          </select>
          <FieldError id="category-layout-error" fields={fields} name="layout" />
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Switch
          name="isShow"
          checked={text.isShow}
          label={t("staff.categories.show")}
          hint={t("staff.categories.show-hint")}
        />
        <Switch
          name="isAvailable"
          checked={text.isAvailable}
          label={t("staff.categories.available")}
          hint={t("staff.categories.available-hint")}
        />
      </div>
      <button type="submit" className={staffButton.primary} disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

/** One small form posting a change of one category from the version the list was read at. */
function LineButton({
  line,
  intent,
  label,
  text,
}: {
  line: CategoryLine;
  intent: "up" | "down" | "toggle-show";
  label: string;
  text: string;
}) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="categoryId" value={String(line.id)} />
      <input type="hidden" name="version" value={line.version} />
      <button
        type="submit"
        className={`${staffButton.secondary} px-2.5 py-1.5 text-xs`}
        aria-label={label}
        data-category-action={intent}
      >
        {text}
      </button>
    </Form>
  );
}

/** The shop's category tree, each line indented under its parent, with its order and visibility. */
export function CategoryTree({ lines }: { lines: readonly CategoryLine[] }) {
  const { t } = useTranslation();
  const siblingsOf = (line: CategoryLine) => lines.filter((other) => other.parentId === line.parentId);
  return (
    <ul className="divide-y divide-stone-200" aria-label={t("staff.categories.tree")}>
      {lines.map((line) => {
        const siblings = siblingsOf(line);
        const first = siblings[0]?.id === line.id;
        const last = siblings[siblings.length - 1]?.id === line.id;
        return (
          <li
            key={line.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
            style={{ paddingInlineStart: `${line.depth * 1.5}rem` }}
            data-staff-category={line.slug}
            data-category-shown={line.isShow ? "true" : "false"}
          >
            <div className="min-w-0">
              <Link
                to={`/staff/categories/${line.id}`}
                className="font-medium text-stone-950 hover:underline"
                data-category-name
              >
                {line.name}
              </Link>
              <div className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-500">
                <span dir="ltr" className="font-mono">
                  /{line.slug}
                </span>
                {line.isShow ? null : (
                  <span className="rounded-full bg-stone-200 px-2 font-medium text-stone-700">
                    {t("staff.categories.hidden")}
                  </span>
                )}
                {line.isAvailable ? null : (
                  <span className="rounded-full bg-amber-100 px-2 font-medium text-amber-900">
                    {t("staff.categories.not-available")}
                  </span>
                )}
                {line.layout ? <span>{t(`staff.categories.layouts.${line.layout}`)}</span> : null}
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              {first ? null : (
                <LineButton
                  line={line}
                  intent="up"
                  label={t("staff.categories.up", { name: line.name })}
                  text="↑"
                />
              )}
              {last ? null : (
                <LineButton
                  line={line}
                  intent="down"
                  label={t("staff.categories.down", { name: line.name })}
                  text="↓"
                />
              )}
              <LineButton
                line={line}
                intent="toggle-show"
                label={t(line.isShow ? "staff.categories.hide-named" : "staff.categories.show-named", {
                  name: line.name,
                })}
                text={t(line.isShow ? "staff.categories.hide" : "staff.categories.unhide")}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
