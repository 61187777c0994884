import { emailLoginBodySchema } from "@stoa/contract";
import { data, redirect } from "react-router";
import { LOGIN_ERROR_PARAM, withParam } from "../../account/account-paths.ts";
import { ERROR_CODE_INVALID_INPUT, failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { safeRedirect } from "../../platform/session/safe-redirect.ts";
import type { Route } from "./+types/auth.login";

/**
 * Email sign-in. From the login view's fetcher it answers data; as a plain form post (no script
 * yet) it redirects back to the page, with the session cookie or with the error code to show.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const byScript = form.get("js") === "1";
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const check = validateWith(emailLoginBodySchema, formValues(form, ["userEmail", "password"]));
  if (!check.ok) {
    return byScript
      ? invalid(check.fields)
      : redirect(withParam(redirectTo, LOGIN_ERROR_PARAM, ERROR_CODE_INVALID_INPUT));
  }
  const outcome = await args.context.storeApi.form("emailLogin", { body: check.data });
  if (!outcome.ok) {
    return byScript
      ? failed(outcome)
      : redirect(withParam(redirectTo, LOGIN_ERROR_PARAM, outcome.failure.code));
  }
  const headers = { "Set-Cookie": args.context.storeApi.sessionCookie(outcome.data.token) };
  return byScript
    ? data({ ok: true as const, intent: "login" }, { headers })
    : redirect(redirectTo, { headers });
}

/** Nothing to show here; a bookmarked sign-in address opens the login view on the home page. */
export function loader() {
  return redirect("/?login=1");
}
