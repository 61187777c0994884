import { isLocale } from "@stoa/contract";
import { data, redirect } from "react-router";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../platform/i18n/locale.ts";
import { preferenceCookie } from "../../platform/session/cookies.ts";
import { safeRedirect } from "../../platform/session/safe-redirect.ts";
import type { Route } from "./+types/locale";

/** The language switcher posts here: remember the choice and go back to the same page in it. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  if (!isLocale(locale)) throw data({ problem: "not-found" }, { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: {
      "Set-Cookie": preferenceCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS }),
    },
  });
}

export function loader() {
  return redirect("/");
}
