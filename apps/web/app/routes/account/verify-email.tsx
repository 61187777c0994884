import { verifyEmailBodySchema } from "@stoa/contract";
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { VERIFY_RETURN_COOKIE, verifyReturnOf } from "../../account/account-paths.ts";
import { failed, invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { isHttps, verifyReturnCookie } from "../../platform/session/auth-cookie.server.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { readCookie } from "../../platform/session/cookies.ts";
import { AlertIcon, CheckCircleIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import { useAuth } from "../../shell/root-data.ts";
import type { Route } from "./+types/verify-email";

const VERIFIED_PARAM = "verified";

/**
 * The emailed link lands here with `?token=`: it is spent at once and the page moves on to a
 * token-free address, so the token neither stays in history nor leaks through a referrer.
 * Without a token the page is the email-not-verified page, or /profile once the email is verified.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const token = url.searchParams.get("token");
  if (token !== null) {
    const body = verifyEmailBodySchema.safeParse({ token });
    if (!body.success)
      return { verified: false, failure: invalidFields({ token: "error-code-expired" }), returnTo: null };
    const outcome = await args.context.storeApi.form("verifyEmail", { body: body.data });
    if (!outcome.ok) return { verified: false, failure: outcome.failure, returnTo: null };
    throw redirect(`/verify-email?${VERIFIED_PARAM}=1`);
  }
  if (url.searchParams.get(VERIFIED_PARAM) === "1") {
    // Registered at checkout: lead back to it, once; the cookie is spent here.
    const returnTo = verifyReturnOf(readCookie(args.request.headers.get("cookie"), VERIFY_RETURN_COOKIE));
    const answer = { verified: true, failure: null, returnTo };
    if (!returnTo) return answer;
    return data(answer, {
      headers: { "Set-Cookie": verifyReturnCookie(null, isHttps(args.request)) },
    });
  }
  if (signedInCustomer((await args.context.storeApi.session()).auth)) throw redirect("/profile");
  return { verified: false, failure: null, returnTo: null };
}

/** The email-not-verified page's resend button. */
export async function action(args: Route.ActionArgs) {
  const outcome = await args.context.storeApi.form("resendVerificationEmail", {});
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "resend", message: outcome.data.message };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/verify-email", (t) => t("verify.title"));

function Outcome({ success, children }: { success: boolean; children: ReactNode }) {
  return (
    <div className={`${containerClass} py-16`}>
      <section
        className="mx-auto max-w-md rounded-3xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10"
        data-verify-result={success ? "verified" : "failed"}
      >
        <span
          className={`mx-auto flex size-14 items-center justify-center rounded-full ${success ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700"}`}
        >
          {success ? <CheckCircleIcon className="size-7" /> : <AlertIcon className="size-7" />}
        </span>
        {children}
      </section>
    </div>
  );
}

function Verified({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const signedIn = Boolean(signedInCustomer(useAuth()));
  return (
    <Outcome success>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">{t("email-verified")}</h1>
      <p className="mt-3 text-sm leading-6 text-stone-600">
        {t(returnTo ? "verify.checkout-text" : "verify.success-text")}
      </p>
      <div className="mt-8 grid gap-3">
        {returnTo ? (
          <Link to={returnTo} className={`${buttonClass.primary} w-full`} data-back-to-checkout>
            {t("verify.to-checkout")}
          </Link>
        ) : signedIn ? (
          <Link to="/profile" className={`${buttonClass.primary} w-full`}>
            {t("verify.to-profile")}
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => openModal("LOGIN_VIEW")}
            className={`${buttonClass.primary} w-full`}
          >
            {t("login.submit")}
          </button>
        )}
        <Link to="/" className={`${buttonClass.secondary} w-full`}>
          {t("404-back-home")}
        </Link>
      </div>
    </Outcome>
  );
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.verified) return <Verified returnTo={loaderData.returnTo} />;
  if (loaderData.failure) {
    const key =
      loaderData.failure.key === "error-invalid-input" ? "error-code-expired" : loaderData.failure.key;
    return (
      <Outcome success={false}>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">{t("verify.failed-title")}</h1>
        <p className="mt-3 text-sm leading-6 text-stone-600">
          {key ? t(key) : loaderData.failure.message || t("error-something-wrong")}
        </p>
        <p className="mt-2 text-sm leading-6 text-stone-600">{t("verify.failed-text")}</p>
        <div className="mt-8 grid gap-3">
          <Link to="/verify-email" className={`${buttonClass.primary} w-full`}>
            {t("verify.request-new")}
          </Link>
          <Link to="/" className={`${buttonClass.secondary} w-full`}>
            {t("404-back-home")}
          </Link>
        </div>
      </Outcome>
    );
  }
  return (
    <RequireAuth ready>
      <SignedInAlready />
    </RequireAuth>
  );
}

/** Only seen for a moment: a verified customer is sent on to /profile by the loader. */
function SignedInAlready() {
  const { t } = useTranslation();
  return (
    <Outcome success>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">{t("email-already-verified")}</h1>
      <Link to="/profile" className={`${buttonClass.primary} mt-8 w-full`}>
        {t("verify.to-profile")}
      </Link>
    </Outcome>
  );
}
