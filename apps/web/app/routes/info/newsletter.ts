import { ERRORS, newsletterBodySchema } from "@stoa/contract";
import { redirect } from "react-router";
import { withParam } from "../../account/account-paths.ts";
import {
  NEWSLETTER_ANCHOR,
  NEWSLETTER_PARAM,
  type NewsletterOutcome,
  newsletterParamOf,
} from "../../content/newsletter.ts";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { safeRedirect } from "../../platform/session/safe-redirect.ts";
import type { Route } from "./+types/newsletter";

/** Back to the page the form was on, at the form, saying how it went. */
function backTo(redirectTo: string, outcome: NewsletterOutcome) {
  const path = withParam(redirectTo.replace(/#.*$/, ""), NEWSLETTER_PARAM, newsletterParamOf(outcome));
  return redirect(`${path}#${NEWSLETTER_ANCHOR}`);
}

/**
 * The footer's newsletter sign-up (spec §7 storeSubscription/add). From the form's fetcher it
 * answers data; as a plain form post (no script yet) it redirects back to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const byScript = form.get("js") === "1";
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const check = validateWith(newsletterBodySchema, formValues(form, ["email"]));
  if (!check.ok) {
    const key = check.fields.email ?? ERRORS.INVALID_INPUT.key;
    return byScript ? invalid(check.fields) : backTo(redirectTo, { ok: false, key });
  }
  const outcome = await context.storeApi.form("newsletterSubscribe", { body: check.data });
  if (!outcome.ok) {
    const { fields, key } = outcome.failure;
    return byScript
      ? failed(outcome)
      : backTo(redirectTo, { ok: false, key: fields.email ?? key ?? ERRORS.INTERNAL.key });
  }
  return byScript
    ? { ok: true as const, intent: "newsletter", email: outcome.data.email }
    : backTo(redirectTo, { ok: true });
}

/** Nothing to show here: a bookmarked address goes home. */
export function loader() {
  return redirect("/");
}
