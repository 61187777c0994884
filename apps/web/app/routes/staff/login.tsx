import { staffLoginBodySchema } from "@stoa/contract";
import { Form, redirect, useNavigation } from "react-router";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { StoreIcon } from "../../platform/ui/icons.tsx";
import { LanguageMenu } from "../../shell/LanguageSwitcher.tsx";
import { useShop } from "../../shell/root-data.ts";
import { shopName } from "../../shell/shop.ts";
import { staffReturnPath } from "../../staff/staff-paths.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/login";

/** Already signed in, the sign-in page leads on to where it was asked to. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = url.searchParams.get("next");
  if (context.storeApi.staffMember) throw redirect(staffReturnPath(next));
  return { next: next ?? "", signedOut: url.searchParams.has("signedOut") };
}

/**
 * Signs a member of staff in: the API checks the password (and throttles guesses); the token goes
 * into the console's own cookie (decision 053), never into the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const check = validateWith(staffLoginBodySchema, formValues(form, ["email", "password"]));
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("staffLogin", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return redirect(staffReturnPath(form.get("next")), {
    headers: { "Set-Cookie": context.storeApi.staffSessionCookie(outcome.data) },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/login", (t) => t("staff.login.title"));

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const busy = useNavigation().state === "submitting";
  const failure = failureIn(actionData);
  const fields = failure?.fields;
  const name = shopName(store, locale);
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <div className="flex justify-end p-3">
        <LanguageMenu />
      </div>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-16">
        <section className="w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand text-white">
            <StoreIcon className="size-5" />
          </span>
          <h1 className="mt-4 text-xl font-bold tracking-tight text-stone-950">{t("staff.login.title")}</h1>
          <p className="mt-1 text-sm text-stone-600">{t("staff.login.intro", { shop: name })}</p>
          <div className="mt-6">
            <FormNotice
              failure={formWideFailure(failure)}
              done={loaderData.signedOut && !failure ? t("staff.login.signed-out") : null}
            />
            <Form method="post" className="space-y-4" data-staff-login>
              <input type="hidden" name="next" value={loaderData.next} />
              <div>
                <label htmlFor="staff-email" className={staffLabel}>
                  {t("staff.login.email")}
                </label>
                <input
                  id="staff-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  dir="ltr"
                  className={staffInput}
                  aria-invalid={fields?.email ? true : undefined}
                  aria-describedby={fields?.email ? "staff-email-error" : undefined}
                />
                <FieldError id="staff-email-error" fields={fields} name="email" />
              </div>
              <div>
                <label htmlFor="staff-password" className={staffLabel}>
                  {t("staff.login.password")}
                </label>
                <input
                  id="staff-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  dir="ltr"
                  className={staffInput}
                  aria-invalid={fields?.password ? true : undefined}
                  aria-describedby={fields?.password ? "staff-password-error" : undefined}
                />
                <FieldError id="staff-password-error" fields={fields} name="password" />
              </div>
              <button type="submit" className={`${staffButton.primary} w-full`} disabled={busy}>
                {busy ? t("staff.login.pending") : t("staff.login.submit")}
              </button>
            </Form>
          </div>
        </section>
      </main>
    </div>
  );
}
