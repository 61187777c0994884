import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { CloseIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { buttonClass, inputClass } from "../platform/ui/ui.ts";

/**
 * The field and button of a code typed at checkout (a coupon, a referral code): read back in
 * capitals, left to right in every language, its error named for screen readers.
 */
export function CodeInput({
  field,
  id,
  name,
  code,
  onCode,
  refused,
  checking,
  maxLength,
  placeholder,
  applyLabel,
}: {
  field: RefObject<HTMLInputElement | null>;
  id: string;
  name: string;
  code: string;
  onCode: (code: string) => void;
  refused: boolean;
  checking: boolean;
  maxLength: number;
  placeholder: string;
  applyLabel: string;
}) {
  return (
    <div className="flex gap-2">
      <input
        ref={field}
        id={id}
        name={name}
        value={code}
        onChange={(event) => onCode(event.target.value)}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={maxLength}
        className={`${inputClass} min-w-0 flex-1 uppercase placeholder:normal-case`}
        placeholder={placeholder}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? `${id}-error` : undefined}
      />
      <button
        type="submit"
        className={`${buttonClass.secondary} shrink-0 px-4 aria-disabled:cursor-wait aria-disabled:opacity-60`}
        // While the code is checked the button stays focusable (a disabled one drops focus to the
        // page); a press meanwhile does nothing.
        disabled={!checking && code.trim() === ""}
        aria-disabled={checking || undefined}
      >
        {checking ? <SpinnerIcon className="size-4" /> : null}
        {applyLabel}
      </button>
    </div>
  );
}

/**
 * Applying a code swaps its field for the applied code, and removing swaps it back, so the control
 * focus was on goes away: focus follows to the answer (the applied code, or the field with its
 * refusal) once the shop has answered, or to the field again after a removal. Call `toAnswer` when
 * the shopper applies and `toField` when they remove.
 */
export function useCodeFocus(applied: boolean, checking: boolean) {
  const field = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const focusNext = useRef<"answer" | "field" | null>(null);
  useEffect(() => {
    if (focusNext.current === null || (focusNext.current === "answer" && checking)) return;
    const target = applied && focusNext.current === "answer" ? result.current : field.current;
    if (!target) return;
    focusNext.current = null;
    if (document.activeElement !== target) target.focus();
  }, [applied, checking]);
  return {
    field,
    result,
    toAnswer: () => {
      focusNext.current = "answer";
    },
    toField: () => {
      focusNext.current = "field";
    },
  };
}

/**
 * An applied code (a coupon, a referral code): its icon, the code read left to right, what it does,
 * and the button that removes it. `data` names the code for tests and scripts
 * (`data-coupon-applied`, `data-referral-applied`).
 */
export function AppliedCode({
  result,
  icon,
  code,
  children,
  removeLabel,
  removeName,
  onRemove,
  data,
}: {
  result: RefObject<HTMLDivElement | null>;
  icon: ReactNode;
  code: string;
  children: ReactNode;
  removeLabel: string;
  removeName: string;
  onRemove: () => void;
  data: { applied: string; remove: string };
}) {
  return (
    <div
      ref={result}
      tabIndex={-1}
      className="flex items-center gap-3 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-900 outline-none focus-visible:ring-2 focus-visible:ring-focus"
      {...{ [data.applied]: code }}
    >
      {icon}
      <p className="min-w-0 flex-1">
        <span className="font-semibold">
          <bdi dir="ltr">{code}</bdi>
        </span>{" "}
        {children}
      </p>
      <button
        type="button"
        onClick={onRemove}
        className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold hover:bg-emerald-100"
        aria-label={removeName}
        {...{ [data.remove]: "" }}
      >
        <CloseIcon className="size-3.5" />
        {removeLabel}
      </button>
    </div>
  );
}
