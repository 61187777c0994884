import {
  CATEGORY_LAYOUTS,
  type CategoryLayout,
  LOCALES,
  type Locale,
  localized,
  type StaffCategory,
  type StaffCategoryForm,
  staffCategoryFormSchema,
} from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { type Validation, validateWith } from "../../platform/form-values.ts";

/*
 * The category form as typed: a name per language, the parent's id ("" at the top), the layout
 * ("" for the shop's own) and the two switches. A refused form is shown again from these, so nothing
 * typed is lost, with or without scripts.
 */
export type CategoryFormText = {
  names: Record<Locale, string>;
  parentId: string;
  layout: string;
  isShow: boolean;
  isAvailable: boolean;
};

export const nameField = (locale: Locale) => `name-${locale}`;

export function categoryFormText(form: FormData): CategoryFormText {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  return {
    names: Object.fromEntries(LOCALES.map((locale) => [locale, text(nameField(locale))])) as Record<
      Locale,
      string
    >,
    parentId: text("parentId"),
    layout: text("layout"),
    isShow: form.get("isShow") === "on",
    isAvailable: form.get("isAvailable") === "on",
  };
}

/** The typed form checked by the contract's own schema; its errors land on the form's field names. */
export function categoryFormBody(text: CategoryFormText): Validation<StaffCategoryForm> {
  const check = validateWith(staffCategoryFormSchema, {
    nameLocalizations: Object.fromEntries(
      LOCALES.flatMap((locale) =>
        text.names[locale] || locale === "en" ? [[locale, text.names[locale]]] : [],
      ),
    ),
    parentId: text.parentId === "" ? null : /^\d{1,9}$/.test(text.parentId) ? Number(text.parentId) : -1,
    layout: text.layout === "" ? null : text.layout,
    isShow: text.isShow,
    isAvailable: text.isAvailable,
  });
  if (check.ok) return check;
  return { ok: false, fields: formFieldsOf(check.fields) };
}

/** The API's (and the schema's) field names as the form's: `nameLocalizations.ar` is `name-ar`. */
export function formFieldsOf(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([field, key]) => {
      const name = /^nameLocalizations\.(\w+)$/.exec(field);
      return [name ? `name-${name[1]}` : field, key];
    }),
  );
}

export function textOfCategory(category: StaffCategory): CategoryFormText {
  return {
    names: Object.fromEntries(
      LOCALES.map((locale) => [locale, category.nameLocalizations[locale] ?? ""]),
    ) as Record<Locale, string>,
    parentId: category.parentId === null ? "" : String(category.parentId),
    layout: category.layout ?? "",
    isShow: category.isShow,
    isAvailable: category.isAvailable,
  };
}

export const NEW_CATEGORY_TEXT: CategoryFormText = {
  names: { en: "", ar: "", he: "" },
  parentId: "",
  layout: "",
  isShow: true,
  isAvailable: true,
};

export function isLayout(value: string): value is CategoryLayout {
  return (CATEGORY_LAYOUTS as readonly string[]).includes(value);
}

/** A category with how deep it sits, for the list's indent and the parent picker. */
export type CategoryLine = StaffCategory & { depth: number; name: string };

/** The console's list (parents first, as the API answers it) with each one's depth and name. */
export function categoryLines(categories: readonly StaffCategory[], locale: Locale): CategoryLine[] {
  const depthOf = new Map<number, number>();
  return categories.map((category) => {
    const depth = category.parentId === null ? 0 : (depthOf.get(category.parentId) ?? -1) + 1;
    depthOf.set(category.id, depth);
    return { ...category, depth, name: localized(category.nameLocalizations, locale) || category.slug };
  });
}

/** The parents a category may be moved under: any but itself and those below it. */
export function parentChoices(lines: readonly CategoryLine[], categoryId: number | null): CategoryLine[] {
  if (categoryId === null) return [...lines];
  const below = new Set<number>([categoryId]);
  for (const line of lines) if (line.parentId !== null && below.has(line.parentId)) below.add(line.id);
  return lines.filter((line) => !below.has(line.id));
}
