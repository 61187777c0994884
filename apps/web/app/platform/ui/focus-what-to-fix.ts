import { useEffect, useRef } from "react";
import type { FieldErrors } from "../platform/api/form-answer.ts";

/**
 * A form sent back with errors (by its own checks or by the server) takes the shopper to the first
 * field to fix, in the form's order: focus moves there and the field is scrolled to the middle of
 * its dialog, label and message in view. Otherwise focus would stay on the submit button, below
 * fields a phone's screen has scrolled away and a screen reader does not announce. The fields mark
 * themselves `aria-invalid` and point at their message (FormFields.tsx), which is what is looked for.
 */
export function useFirstInvalidFocus(errors: FieldErrors) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Each check or answer gives a new errors object, so a second failed submit moves focus again.
    if (Object.keys(errors).length === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "center" });
  }, [errors]);
  return form;
}
