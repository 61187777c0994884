import { type ReactNode, useEffect, useId } from "react";
import { Form, Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { useCart } from "../cart/CartProvider.tsx";
import { applyStorageChanges } from "../platform/browser-storage.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { SIGN_OUT_CLEARS } from "../platform/session/auth-state.ts";
import { ArrowStartIcon, MailIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass, containerClass } from "../platform/ui/ui.ts";
import { useDrawer } from "../shell/drawer/DrawerProvider.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { useAuth } from "../shell/root-data.ts";
import { SubmitButton } from "./FormButtons.tsx";
import { FormAlert } from "./FormMessages.tsx";
import { LoginView } from "./LoginView.tsx";
import { useAccountForm } from "./use-account-form.ts";

/**
 * Signing out: a plain form post to /logout, so it works before scripts load. With scripts, the
 * shopper's browser state (spec §4: user info, addresses, cart, wishlist) is cleared on the way.
 */
export function LogoutForm({ className, children }: { className?: string; children: ReactNode }) {
  const { closeDrawer } = useDrawer();
  const { closeModal } = useModal();
  const { forget } = useCart();
  return (
    <Form
      method="post"
      action="/logout"
      onSubmit={() => {
        applyStorageChanges({ set: {}, remove: [...SIGN_OUT_CLEARS] });
        // The cart in memory goes too, or its next change would write it back (spec §4); the
        // saved cart stays for the next sign-in.
        forget();
        closeDrawer();
        closeModal();
      }}
      data-logout-form
    >
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

/** Back to where the shopper came from, or home when this page was the first one. */
function BackArrow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Link
      to="/"
      onClick={(event) => {
        if (location.key === "default") return;
        event.preventDefault();
        navigate(-1);
      }}
      className="inline-flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-950"
      aria-label={t("auth.back")}
      data-back-arrow
    >
      <ArrowStartIcon className="size-5" />
    </Link>
  );
}

function PageCard({ children }: { children: ReactNode }) {
  return (
    <div className={`${containerClass} py-10 sm:py-16`}>
      <div className="mx-auto max-w-lg rounded-3xl border border-stone-200 bg-white shadow-sm">
        {children}
      </div>
    </div>
  );
}

/** Spec §2: a page that needs a session shows the login view, with a back arrow, to visitors. */
function InlineLogin() {
  const titleId = useId();
  return (
    <PageCard>
      <div data-inline-login>
        <LoginView titleId={titleId} inline top={<BackArrow />} />
      </div>
    </PageCard>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" data-page-loader>
      <SpinnerIcon className="size-8 text-brand" />
      <span className="sr-only">{t("auth.loading")}</span>
    </div>
  );
}

/**
 * The email-not-verified page (spec §2): title, description, resend-verification button, Logout
 * (signs out and goes home) and back-to-home link. Coming back to the tab re-reads the session,
 * so a link opened elsewhere lets the shopper in without a reload (spec §4).
 */
export function EmailNotVerified() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { revalidate } = useRevalidator();
  const resend = useAccountForm((result) =>
    showToast(result.message ?? t("verification-email-sent"), "success"),
  );

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    document.addEventListener("visibilitychange", check);
    return () => document.removeEventListener("visibilitychange", check);
  }, [revalidate]);

  return (
    <PageCard>
      <section className="px-6 py-10 text-center sm:px-10" data-email-not-verified>
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand">
          <MailIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">{t("email-not-verified")}</h1>
        <p className="mt-3 text-sm leading-6 text-stone-600">{t("email-not-description")}</p>
        <div className="mt-8 grid gap-3">
          <resend.fetcher.Form method="post" action="/verify-email" className="space-y-3 text-start">
            <FormAlert failure={resend.alert} onClose={resend.dismiss} />
            <input type="hidden" name="intent" value="resend" />
            <SubmitButton busy={resend.busy}>{t("resend-verification-button-text")}</SubmitButton>
          </resend.fetcher.Form>
          <LogoutForm className={`${buttonClass.secondary} w-full`}>{t("Logout")}</LogoutForm>
        </div>
        <Link to="/" className="mt-6 inline-block text-sm font-semibold text-brand hover:underline">
          {t("404-back-home")}
        </Link>
      </section>
    </PageCard>
  );
}

/**
 * Spec §2, access rule: a page that needs a session shows the login view to visitors, a loader
 * while the signed-in shopper's data loads, and the email-not-verified page to unverified users.
 * Guests count as signed in only where `allowGuest` says so (checkout).
 */
export function RequireAuth({
  ready,
  allowGuest = false,
  children,
}: {
  /** The page's own data has arrived. */
  ready: boolean;
  allowGuest?: boolean;
  children: ReactNode;
}) {
  const auth = useAuth();
  if (auth.status === "unverified") return <EmailNotVerified />;
  if (auth.status !== "signed-in" || (auth.user.isGuest && !allowGuest)) return <InlineLogin />;
  if (!ready) return <PageLoader />;
  return children;
}
