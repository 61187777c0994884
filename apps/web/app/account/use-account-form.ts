import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  type ActionFailure,
  type ActionResult,
  type ActionSuccess,
  type FieldErrors,
  needsAlert,
} from "../platform/api/form-answer.ts";
import { formValues, type Schema, validateWith } from "../platform/form-values.ts";

const NO_ERRORS: FieldErrors = {};

/**
 * One account form posting to a route action through a fetcher: the spec's §5 checks run first
 * with the contract schema (nothing is sent while a field is wrong), then the server's answer lands
 * on the fields or in the alert, and `onSuccess` runs once per successful answer.
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

  return {
    fetcher,
    busy: !idle,
    /** The failure that needs the alert; field errors are in `errors`. A new local check hides it. */
    alert: failure && !clientErrors && needsAlert(failure) ? failure : undefined,
    errors: clientErrors ?? failure?.fields ?? NO_ERRORS,
    dismiss,
    validated,
  };
}
