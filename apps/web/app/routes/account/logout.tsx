import { Link, redirect } from "react-router";
import { LogoutForm } from "../../account/AccessGate.tsx";
import { clearedGuestOrderCookie } from "../../orders/guest-order-link.server.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { isHttps } from "../../platform/session/auth-cookie.server.ts";
import { LogoutIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { useAuth } from "../../shell/root-data.ts";
import type { Route } from "./+types/logout";

/**
 * Signs out: the API ends the session and the cookie goes, whatever the API answered (an ended
 * or unreachable session must still be left), with the link to a guest's last order, then home.
 */
export async function action(args: Route.ActionArgs) {
  const { storeApi } = args.context;
  if (storeApi.hasSession) await storeApi.send("logout", {});
  const headers = new Headers({ "Set-Cookie": storeApi.endedSessionCookie() });
  headers.append("Set-Cookie", clearedGuestOrderCookie({ secure: isHttps(args.request) }));
  return redirect("/", { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/logout", (t) => t("Logout"));

/** A GET only asks: signing out changes state, so it takes the button's POST. */
export default function Logout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status !== "signed-out";
  return (
    <div className={`${containerClass} py-16`}>
      <section className="mx-auto max-w-md rounded-3xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand">
          <LogoutIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">
          {t(signedIn ? "logout.title" : "logout.signed-out")}
        </h1>
        <p className="mt-3 text-sm leading-6 text-stone-600">
          {t(signedIn ? "logout.text" : "logout.signed-out-text")}
        </p>
        <div className="mt-8 grid gap-3">
          {signedIn ? (
            <LogoutForm className={`${buttonClass.primary} w-full`}>{t("Logout")}</LogoutForm>
          ) : null}
          <Link to="/" className={`${buttonClass.secondary} w-full`}>
            {t("404-back-home")}
          </Link>
        </div>
      </section>
    </div>
  );
}
