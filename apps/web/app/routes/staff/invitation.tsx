import { ERRORS, staffAcceptInvitationBodySchema } from "@stoa/contract";
import { Form, redirect, useNavigation } from "react-router";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { StoreIcon } from "../../platform/ui/icons.tsx";
import { LanguageMenu } from "../../shell/LanguageSwitcher.tsx";
import { STAFF_HOME_PATH, STAFF_LOGIN_PATH } from "../../staff/staff-paths.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/invitation";

/**
 * The emailed invitation (or password-reset) link, `/staff/invitation?token=…`: no session needed.
 * It says which shop, address and role the link is for; a link that is unknown, used or expired
 * (STAFF_INVITATION_INVALID) says so in the page's language instead of a form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  if (token.length < 20 || token.length > 128) return { token, invitation: null };
  const answer = await context.storeApi.form("staffInvitation", { body: { token } });
  if (answer.ok) return { token, invitation: answer.data };
  if (answer.failure.code === ERRORS.STAFF_INVITATION_INVALID.code) return { token, invitation: null };
  throw new Response(null, { status: 503 });
}

/** Sets the password once; the answer is a session, kept in the console's cookie, and Today opens. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const check = validateWith(staffAcceptInvitationBodySchema, formValues(form, ["token", "password"]));
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("staffAcceptInvitation", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return redirect(STAFF_HOME_PATH, {
    headers: { "Set-Cookie": context.storeApi.staffSessionCookie(outcome.data) },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/invitation", (t) => t("staff.invitation.title"));

export default function StaffInvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = failureIn(actionData);
  const fields = failure?.fields;
  const { invitation, token } = loaderData;
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <div className="flex justify-end p-3">
        <LanguageMenu />
      </div>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-16">
        <section
          className="w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
          data-staff-invitation={invitation ? invitation.kind : "invalid"}
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand text-white">
            <StoreIcon className="size-5" />
          </span>
          {invitation ? (
            <>
              <h1 className="mt-4 text-xl font-bold tracking-tight text-stone-950">
                {t(invitation.kind === "invite" ? "staff.invitation.title" : "staff.invitation.reset-title")}
              </h1>
              <p className="mt-1 text-sm text-stone-600">
                {t("staff.invitation.intro", { shop: invitation.storeName })}
              </p>
              <dl className="mt-4 space-y-1 rounded-lg bg-stone-50 p-3 text-sm">
                <div className="flex flex-wrap gap-x-2">
                  <dt className="text-stone-500">{t("staff.invitation.email")}</dt>
                  <dd className="min-w-0 break-all font-medium text-stone-900" dir="ltr">
                    {invitation.email}
                  </dd>
                </div>
                <div className="flex flex-wrap gap-x-2">
                  <dt className="text-stone-500">{t("staff.invitation.role")}</dt>
                  <dd className="font-medium text-stone-900" data-invitation-role={invitation.role}>
                    {t(`staff.roles.${invitation.role}`)}
                  </dd>
                </div>
              </dl>
              <div className="mt-6">
                <FormNotice failure={formWideFailure(failure)} />
                <Form method="post" className="space-y-4" data-staff-invitation-form>
                  <input type="hidden" name="token" value={token} />
                  {/* The address, for password managers to file the new password under. */}
                  <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
                  <div>
                    <label htmlFor="invitation-password" className={staffLabel}>
                      {t("staff.invitation.password")}
                    </label>
                    <input
                      id="invitation-password"
                      name="password"
                      type="password"
                      autoComplete="new-password"
                      required
                      minLength={8}
                      dir="ltr"
                      className={staffInput}
                      aria-invalid={fields?.password ? true : undefined}
                      aria-describedby={
                        fields?.password ? "invitation-password-error" : "invitation-password-hint"
                      }
                    />
                    <p id="invitation-password-hint" className="mt-1.5 text-xs text-stone-500">
                      {t("staff.invitation.password-hint")}
                    </p>
                    <FieldError id="invitation-password-error" fields={fields} name="password" />
                  </div>
                  <button type="submit" className={`${staffButton.primary} w-full`} disabled={busy}>
                    {busy ? t("staff.invitation.pending") : t("staff.invitation.submit")}
                  </button>
                </Form>
              </div>
            </>
          ) : (
            <>
              <h1 className="mt-4 text-xl font-bold tracking-tight text-stone-950">
                {t("staff.invitation.invalid-title")}
              </h1>
              <p
                className="mt-2 text-sm text-stone-600"
                data-form-error={ERRORS.STAFF_INVITATION_INVALID.code}
              >
                {t("error-staff-invitation")}
              </p>
              <a href={STAFF_LOGIN_PATH} className={`${staffButton.secondary} mt-6 w-full`}>
                {t("staff.invitation.to-login")}
              </a>
            </>
          )}
        </section>
      </main>
    </div>
  );
}
