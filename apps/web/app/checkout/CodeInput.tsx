import type { RefObject } from "react";
import { SpinnerIcon } from "../platform/ui/icons.tsx";
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
