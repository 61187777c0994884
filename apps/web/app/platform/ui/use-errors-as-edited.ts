import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { FieldErrors } from "../api/form-answer.ts";
import { errorsAfterEdit } from "../form-values.ts";
import { focusWhatToFix } from "./focus-what-to-fix.ts";

type EditableField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isField(target: EventTarget | null): target is EditableField {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  );
}

/**
 * The field errors a form shows, kept in step with the shopper's edits. `found` is what the last
 * submit (or the store's answer to it) found; as the fields of `form` change, each error follows
 * errorsAfterEdit, so a field put right no longer says it is wrong while the rest are fixed.
 * `check` finds the form's errors as it stands now; `foundByCheck` says `found` came from it.
 */
export function useErrorsAsEdited(
  found: FieldErrors,
  form: RefObject<HTMLFormElement | null>,
  check: (form: HTMLFormElement) => FieldErrors,
  foundByCheck: boolean,
): FieldErrors {
  const [edited, setEdited] = useState<{ found: FieldErrors; shown: FieldErrors } | null>(null);
  const latestCheck = useRef(check);
  useEffect(() => {
    latestCheck.current = check;
  });
  const showing = Object.keys(found).length > 0;

  useEffect(() => {
    const node = form.current;
    if (!node || !showing) return;
    // Every kind of field (text, box, list) says `input` as it changes; the form hears them all.
    // The form hears it before React does, and a render in between would put a controlled field
    // back to its old value (the browser runs queued work between the two listeners): the errors
    // are looked at again in a task of their own, once the whole event is handled.
    const onInput = (event: Event) => {
      const field = event.target;
      if (!isField(field) || !field.name) return;
      const { name } = field;
      setTimeout(() => {
        if (!node.isConnected) return;
        const now = latestCheck.current(node);
        setEdited((before) => ({
          found,
          shown: errorsAfterEdit(before?.found === found ? before.shown : found, name, now, foundByCheck),
        }));
      }, 0);
    };
    node.addEventListener("input", onInput);
    return () => node.removeEventListener("input", onInput);
  }, [form, found, showing, foundByCheck]);

  return edited?.found === found ? edited.shown : found;
}

const NO_ERRORS: FieldErrors = {};

/**
 * A form checked in the page alone (a checkout dialog, a card): `show` puts what its submit found
 * on the fields, focus goes to the first to fix, and each error goes once its field is put right.
 * `check` finds the form's errors as it stands; errors shown with `byCheck: false` came from
 * elsewhere (the card provider), so only an edit of their own field answers them.
 */
export function useCheckedForm(check: (form: HTMLFormElement) => FieldErrors) {
  const form = useRef<HTMLFormElement>(null);
  const [found, setFound] = useState<{ errors: FieldErrors; byCheck: boolean }>({
    errors: NO_ERRORS,
    byCheck: true,
  });
  const errors = useErrorsAsEdited(found.errors, form, check, found.byCheck);
  useEffect(() => {
    if (Object.keys(found.errors).length > 0 && form.current) focusWhatToFix(form.current);
  }, [found]);
  return {
    form,
    errors,
    show: useCallback(
      (errors: FieldErrors, { byCheck = true }: { byCheck?: boolean } = {}) => setFound({ errors, byCheck }),
      [],
    ),
  };
}
