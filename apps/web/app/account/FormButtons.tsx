import type { ReactNode } from "react";
import { ArrowStartIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { buttonClass } from "../platform/ui/ui.ts";

/** The submit button: disabled, with a spinner, while the form is on its way (spec §2). */
export function SubmitButton({
  busy,
  children,
  className = "",
  tone = "primary",
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  tone?: "primary" | "secondary" | "danger";
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className={`${buttonClass[tone]} w-full ${className}`}
    >
      {busy ? <SpinnerIcon className="size-4" /> : null}
      {children}
    </button>
  );
}

/** A quiet "back" control inside a view (to the previous step or view). */
export function BackButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-stone-600 hover:text-stone-950"
    >
      <ArrowStartIcon className="size-4" />
      {label}
    </button>
  );
}

export const linkButtonClass = "font-semibold text-brand hover:underline";
