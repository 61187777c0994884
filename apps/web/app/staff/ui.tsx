import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ActionFailure, FieldErrors } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { AlertIcon, CheckCircleIcon, ChevronEndIcon, ChevronStartIcon } from "../platform/ui/icons.tsx";

/** The console's controls: the storefront's look, a little denser, for a working screen. */
export const staffButton = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-stone-700 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-900 hover:border-stone-400 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60",
} as const;

export const staffInput =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20 sm:text-sm";

export const staffLabel = "mb-1.5 block text-sm font-medium text-stone-800";

/** A page's heading row: the title and, at the end, what the page offers. */
export function StaffPageHeader({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-stone-950">{title}</h1>
        {intro ? <p className="max-w-2xl text-sm text-stone-600">{intro}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/** A white panel with its heading. */
export function StaffPanel({
  title,
  children,
  className = "",
  ...rest
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
} & Record<`data-${string}`, string | boolean | undefined>) {
  return (
    <section
      className={`rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
      {...rest}
    >
      {title ? (
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500">{title}</h2>
      ) : null}
      {children}
    </section>
  );
}

/** What a form's post answered, said once above it: a failure in words, or what was done. */
export function FormNotice({ failure, done }: { failure?: ActionFailure | null; done?: ReactNode }) {
  const { t } = useTranslation();
  if (failure) {
    const text = failure.key ? t(failure.key) : failure.message;
    return (
      <p
        role="alert"
        className="mb-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        data-form-error={failure.code}
      >
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <span>{text}</span>
      </p>
    );
  }
  if (done) {
    return (
      <p
        role="status"
        className="mb-4 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900"
        data-form-done
      >
        <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
        <span>{done}</span>
      </p>
    );
  }
  return null;
}

/** A field's error, under it, tied to it by `aria-describedby`. */
export function FieldError({ id, fields, name }: { id: string; fields?: FieldErrors; name: string }) {
  const { t } = useTranslation();
  const key = fields?.[name];
  if (!key) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700" data-field-error={name}>
      {t(key)}
    </p>
  );
}

/** A field's label, its control, its error and its hint: the console's forms lay every field out so. */
export function StaffField({
  id,
  label,
  hint,
  fields,
  name,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  fields?: FieldErrors;
  name: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={staffLabel}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} fields={fields} name={name} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Previous and next page links of a staff list; plain links, so they work without scripts. */
export function StaffPages({
  current,
  last,
  hrefFor,
}: {
  current: number;
  last: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  const link =
    "inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100";
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex items-center justify-between gap-2">
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} rel="prev" className={link}>
          <ChevronStartIcon className="size-4" />
          {t("staff.pages.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm tabular-nums text-stone-600">
        {t("staff.pages.of", { page: current, last })}
      </span>
      {current < last ? (
        <Link to={hrefFor(current + 1)} rel="next" className={link}>
          {t("staff.pages.next")}
          <ChevronEndIcon className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A failure an action answered (`data(failure, status)`), or null for a success or no post yet. */
export function failureIn(answer: unknown): ActionFailure | null {
  return answer && typeof answer === "object" && (answer as { ok?: unknown }).ok === false
    ? (answer as ActionFailure)
    : null;
}

/** A failure the form as a whole shows above it: one with no field to show it beside. */
export function formWideFailure(failure: ActionFailure | null): ActionFailure | null {
  return failure && Object.keys(failure.fields).length === 0 ? failure : null;
}
