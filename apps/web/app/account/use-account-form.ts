import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  type ActionFailure,
  type ActionResult,
  type ActionSuccess,
  type FieldErrors,
  needsAlert,
} from "../platform/api/form-answer.ts";
import { formValues, type Schema, validateWith } from "../platform/form-values.ts";
import { focusWhatToFix } from "../platform/ui/focus-what-to-fix.ts";
import { useErrorsAsEdited } from "../platform/ui/use-errors-as-edited.ts";

const NO_ERRORS: FieldErrors = {};

type Check = { schema: Schema<unknown>; names: readonly string[] };

/**
 * One account form posting to a route action through a fetcher: the spec's §5 checks run first
 * with the contract schema (nothing is sent while a field is wrong), then the server's answer lands
 * on the fields or in the alert, and `onSuccess` runs once per successful answer. A form sent back
 * takes the shopper to what to fix, and each error goes once its field is put right.
 */
export function useAccountForm(onSuccess?: (result: ActionSuccess) => void) {
  const fetcher = useFetcher<ActionResult>();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [dismissed, setDismissed] = useState<ActionResult | undefined>(undefined);
  const handled = useRef<ActionResult | undefined>(undefined);
  const latestOnSuccess = useRef(onSuccess);
  useEffect(() => {
    latestOnSuccess.current = onSuccess;
  });
  // The form last sent and the check it was sent with: edits are checked again with them.
  const sentForm = useRef<HTMLFormElement | null>(null);
  const sentCheck = useRef<Check | null>(null);
  const alertId = useId();

  const idle = fetcher.state === "idle";
  const result = idle ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && handled.current !== result) {
      handled.current = result;
      latestOnSuccess.current?.(result);
    }
  }, [result]);

  const failure: ActionFailure | undefined =
    result && !result.ok && result !== dismissed ? result : undefined;
  const { data } = fetcher;
  const dismiss = useCallback(() => setDismissed(data), [data]);

  /** An onSubmit that validates the named fields with the schema and stops a wrong form. */
  const validated = useCallback(
    <T>(schema: Schema<T>, names: readonly string[], prepare?: (form: HTMLFormElement) => void) =>
      (event: FormEvent<HTMLFormElement>) => {
        sentForm.current = event.currentTarget;
        sentCheck.current = { schema, names };
        prepare?.(event.currentTarget);
        const check = validateWith(schema, formValues(new FormData(event.currentTarget), names));
        if (check.ok) {
          setClientErrors(null);
          setDismissed(undefined);
          return;
        }
        event.preventDefault();
        setClientErrors(check.fields);
      },
    [],
  );

  const found = clientErrors ?? failure?.fields ?? NO_ERRORS;
  const recheck = useCallback((form: HTMLFormElement): FieldErrors => {
    const check = sentCheck.current;
    if (!check) return NO_ERRORS;
    const now = validateWith(check.schema, formValues(new FormData(form), check.names));
    return now.ok ? NO_ERRORS : now.fields;
  }, []);
  const errors = useErrorsAsEdited(found, sentForm, recheck, found === clientErrors);

  // Each failed check and each failed answer is a new object: focus moves once for each, never
  // while the shopper edits, nor when an older answer shows again.
  const movedFor = useRef<unknown>(null);
  useEffect(() => {
    const problem = clientErrors ?? failure;
    const form = sentForm.current;
    if (!problem || problem === movedFor.current || !form?.isConnected) return;
    movedFor.current = problem;
    focusWhatToFix(form);
  }, [clientErrors, failure]);

  return {
    fetcher,
    busy: !idle,
    /** The failure that needs the alert; field errors are in `errors`. A new local check hides it. */
    alert: failure && !clientErrors && needsAlert(failure) ? failure : undefined,
    /** The id of the alert's words, for the field the alert is about to point at. */
    alertId,
    errors,
    dismiss,
    validated,
  };
}
