import { ERRORS } from "@stoa/contract";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { ActionResult } from "../platform/api/form-answer.ts";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import {
  hasSubscribed,
  NEWSLETTER_ACTION,
  NEWSLETTER_ANCHOR,
  NEWSLETTER_PARAM,
  newsletterOutcomeOf,
  rememberSubscribed,
} from "./newsletter.ts";

const INPUT =
  "block h-12 w-full min-w-0 rounded-full border border-white/15 bg-white/5 px-5 text-base text-white placeholder:text-stone-500 focus:border-white/40 focus:outline-none focus:ring-2 focus:ring-white/20 aria-[invalid=true]:border-red-400 sm:text-sm";

function Subscribed({ children }: { children: string }) {
  return (
    <p
      role="status"
      className="flex items-center gap-2 text-sm font-medium text-white"
      data-newsletter-subscribed
    >
      <CheckCircleIcon className="size-5 shrink-0 text-emerald-400" />
      {children}
    </p>
  );
}

/**
 * The footer's newsletter sign-up, on every page's first load, so it stays small: a fetcher with
 * the answer shown beside the field when scripts run, a plain form post that comes back to the same
 * page (NEWSLETTER_PARAM) when they do not. A browser that subscribed is told so from then on.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const location = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [remembered, setRemembered] = useState(false);

  const back = new URLSearchParams(location.search);
  const plain = newsletterOutcomeOf(back);
  back.delete(NEWSLETTER_PARAM);
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ""}`;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const subscribedNow = answer?.ok === true;

  // Storage is the browser's: read after hydration, so the server's page and the first render agree.
  useEffect(() => {
    setHydrated(true);
    setRemembered(hasSubscribed());
  }, []);
  // Only an answer this page had is remembered: an address saying "subscribed" may be a shared link.
  useEffect(() => {
    if (subscribedNow) rememberSubscribed();
  }, [subscribedNow]);
  const error =
    answer && !answer.ok
      ? (answer.fields.email ?? answer.key ?? ERRORS.INTERNAL.key)
      : !answer && plain?.ok === false
        ? plain.key
        : null;
  useEffect(() => {
    if (answer && !answer.ok) input.current?.focus();
  }, [answer]);

  let body: ReactNode;
  if (answer?.ok && answer.email) {
    body = <Subscribed>{t("newsletter.subscribed-as", { email: leftToRight(answer.email) })}</Subscribed>;
  } else if ((!answer && plain?.ok) || (remembered && !answer)) {
    body = <Subscribed>{t("newsletter.subscribed")}</Subscribed>;
  } else {
    body = (
      <fetcher.Form
        method="post"
        action={NEWSLETTER_ACTION}
        noValidate
        // A sign-up changes nothing the page shows: no loader needs to run again.
        defaultShouldRevalidate={false}
        data-newsletter-form
      >
        <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <label htmlFor={`${id}-email`} className="sr-only">
            {t("newsletter.email")}
          </label>
          <input
            ref={input}
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            required
            placeholder="name@example.com"
            className={INPUT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className={`${buttonClass.primary} h-12 shrink-0 py-0`}
          >
            {busy ? <SpinnerIcon className="size-4" /> : null}
            {t("newsletter.subscribe")}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-300" data-newsletter-error>
            {t(error)}
          </p>
        ) : null}
      </fetcher.Form>
    );
  }

  return (
    <section
      id={NEWSLETTER_ANCHOR}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-24 gap-5 lg:grid-cols-2 lg:items-center lg:gap-10"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          {t("newsletter.title")}
        </h2>
        <p className="mt-1 max-w-md text-sm leading-6 text-stone-400">{t("newsletter.text")}</p>
      </div>
      <div className="w-full lg:max-w-lg lg:justify-self-end">{body}</div>
    </section>
  );
}
