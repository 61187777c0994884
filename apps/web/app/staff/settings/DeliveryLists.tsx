import { LOCALES } from "@stoa/contract";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { FieldError, staffButton, staffInput, staffLabel } from "../ui.tsx";

/*
 * What the postal options and pickup points pages share: a row's buttons (edit, move, offer or
 * not), each a plain form, and the fields of one text per language.
 */

const SMALL_BUTTON =
  "inline-flex min-h-10 items-center justify-center gap-1 rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40";

/** Edit, up, down, and stop or start offering one row of a list. */
export function RowActions({
  id,
  name,
  first,
  last,
  active,
  editHref,
}: {
  id: number;
  name: string;
  first: boolean;
  last: boolean;
  active: boolean;
  editHref: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-row-actions={id}>
      <Link
        to={editHref}
        className={SMALL_BUTTON}
        aria-label={t("staff.delivery-lists.edit-named", { name })}
      >
        {t("staff.delivery-lists.edit")}
      </Link>
      <Form method="post" className="contents">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="direction"
          value="up"
          className={SMALL_BUTTON}
          disabled={first}
          aria-label={t("staff.delivery-lists.up-named", { name })}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          className={SMALL_BUTTON}
          disabled={last}
          aria-label={t("staff.delivery-lists.down-named", { name })}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </Form>
      <Form method="post" className="contents">
        <input type="hidden" name="intent" value="active" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="active" value={active ? "false" : "true"} />
        <button type="submit" className={SMALL_BUTTON} data-toggle-active={id}>
          {t(active ? "staff.delivery-lists.deactivate" : "staff.delivery-lists.activate")}
        </button>
      </Form>
    </div>
  );
}

/** Whether a row is offered to shoppers, as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${active ? "bg-emerald-50 text-emerald-800" : "bg-stone-100 text-stone-600"}`}
      data-active={active}
    >
      {t(active ? "staff.delivery-lists.active" : "staff.delivery-lists.inactive")}
    </span>
  );
}

/** One input per language, named `<name>.<locale>`. */
export function PerLanguageInputs({
  name,
  label,
  values,
  fields,
  maxLength,
  idPrefix,
}: {
  name: string;
  label: (language: string) => string;
  values: Record<string, string>;
  fields?: FieldErrors;
  maxLength: number;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {LOCALES.map((locale) => {
        const id = `${idPrefix}-${name}-${locale}`;
        const field = `${name}.${locale}`;
        return (
          <div key={locale} lang={locale}>
            <label htmlFor={id} className={staffLabel}>
              {label(t(`staff.shop.languages.${locale}`))}
            </label>
            <input
              id={id}
              name={field}
              defaultValue={values[locale] ?? ""}
              maxLength={maxLength}
              dir="auto"
              autoComplete="off"
              className={staffInput}
              aria-invalid={fields?.[field] ? true : undefined}
              aria-describedby={fields?.[field] ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} fields={fields} name={field} />
          </div>
        );
      })}
    </div>
  );
}

/** The add or edit form's frame: its title, fields, and save (and cancel, when editing). */
export function EditorFrame({
  title,
  editing,
  cancelHref,
  saveLabel,
  busy,
  children,
  ...rest
}: {
  title: string;
  editing: number | null;
  cancelHref: string;
  saveLabel: string;
  busy: boolean;
  children: ReactNode;
} & Record<`data-${string}`, string | boolean | undefined>) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="space-y-4" {...rest}>
      <h2 className="text-base font-semibold text-stone-900">{title}</h2>
      <input type="hidden" name="intent" value="save" />
      {editing !== null ? <input type="hidden" name="id" value={editing} /> : null}
      {children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={staffButton.primary} disabled={busy}>
          {saveLabel}
        </button>
        {editing !== null ? (
          <Link to={cancelHref} className={staffButton.secondary}>
            {t("staff.delivery-lists.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
