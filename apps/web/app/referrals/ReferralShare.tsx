import type { MyReferralCode } from "@stoa/contract";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AccountCard } from "../account/AccountLayout.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon, CopyIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { buttonClass, inputClass } from "../platform/ui/ui.ts";
import { useShop } from "../shell/root-data.ts";
import { shopName } from "../shell/shop.ts";
import { REFERRALS_PATH } from "./referral-list.ts";

/** How long "Copy link" says "Link copied". */
const COPIED_FOR_MS = 2_000;

/** The browser's own sharing (the phone's share sheet), where it has one. */
function canShare(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

/**
 * The customer's code and share link: the link in a read-only field (selectable without scripts),
 * "Copy link" and, on a phone, "Share" (its share sheet). "New code" asks first: the old code and
 * link stop working at once. The question is a page of its own (`?confirm=new-code`), so it works
 * without scripts and from the keyboard.
 */
export function ReferralShare({
  mine,
  shareLink,
  intro,
  reward,
  confirming,
  replaced,
}: {
  mine: MyReferralCode;
  shareLink: string | null;
  intro: string;
  reward: string;
  confirming: boolean;
  replaced: boolean;
}) {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const linkId = useId();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const [scripted, setScripted] = useState(false);
  const [sharable, setSharable] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const busy = useNavigation().state === "submitting";
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setScripted(true);
    setSharable(canShare());
    return () => clearTimeout(timer.current);
  }, []);
  // The question takes focus when it opens, so a keyboard user is at its buttons.
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const copy = async () => {
    if (!shareLink) return;
    try {
      await navigator.clipboard.writeText(shareLink);
      setCopied("yes");
    } catch {
      const field = document.getElementById(linkId) as HTMLInputElement | null;
      field?.select();
      setCopied("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
  };
  const share = async () => {
    if (!shareLink || !mine.code) return;
    try {
      await navigator.share({
        title: shopName(store, locale),
        text: t("referral.share-text", { reward, shop: shopName(store, locale), code: mine.code }),
        url: shareLink,
      });
    } catch {
      // The shopper closed the sheet: nothing to say.
    }
  };

  return (
    <AccountCard title={t("referral.code")} description={intro} data-referral-share>
      {replaced ? (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-900"
          data-referral-replaced
        >
          <CheckCircleIcon className="size-4 shrink-0" />
          {t("referral.new-code-done")}
        </p>
      ) : null}
      {mine.code ? (
        <div className="space-y-4">
          <p
            className="inline-flex rounded-2xl border-2 border-dashed border-brand/40 bg-brand/5 px-5 py-3 font-mono text-2xl font-bold tracking-[0.2em] text-stone-950"
            dir="ltr"
            data-referral-code={mine.code}
          >
            {mine.code}
          </p>
          <div>
            <label htmlFor={linkId} className="mb-1.5 block text-sm font-medium text-stone-800">
              {t("referral.link")}
            </label>
            <input
              id={linkId}
              readOnly
              value={shareLink ?? ""}
              dir="ltr"
              className={`${inputClass} font-mono text-sm`}
              onFocus={(event) => event.currentTarget.select()}
              data-referral-link
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {scripted ? (
              <button type="button" onClick={copy} className={buttonClass.primary} data-copy-referral-link>
                {copied === "yes" ? <CheckCircleIcon className="size-4" /> : <CopyIcon className="size-4" />}
                {copied === "yes" ? t("referral.copied") : t("referral.copy")}
              </button>
            ) : null}
            {sharable ? (
              <button type="button" onClick={share} className={buttonClass.secondary} data-share-referral>
                {t("referral.share")}
              </button>
            ) : null}
            {confirming ? null : (
              <Link
                to={`${REFERRALS_PATH}?confirm=new-code`}
                preventScrollReset
                className={buttonClass.secondary}
                data-new-referral-code
              >
                {t("referral.new-code")}
              </Link>
            )}
          </div>
          <p role="status" className="text-sm text-stone-600" aria-live="polite">
            {copied === "yes" ? <span className="sr-only">{t("referral.copied")}</span> : null}
            {copied === "failed" ? t("referral.copy-failed") : null}
          </p>
        </div>
      ) : (
        <p className="text-sm text-stone-600" data-referral-no-code>
          {t("referral.no-code")}
        </p>
      )}
      {confirming ? (
        <section
          aria-labelledby="new-code-title"
          className="mt-5 rounded-2xl border border-amber-200 bg-amber-50 p-4"
          data-new-code-confirm
        >
          <h3
            id="new-code-title"
            ref={confirmHeading}
            tabIndex={-1}
            className="font-semibold text-stone-950 outline-none"
          >
            {t("referral.new-code-title")}
          </h3>
          <p className="mt-1 text-sm text-stone-700">{t("referral.new-code-text")}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Form method="post" action={REFERRALS_PATH}>
              <input type="hidden" name="intent" value="new-code" />
              <button type="submit" className={buttonClass.primary} disabled={busy} data-confirm-new-code>
                {busy ? <SpinnerIcon className="size-4" /> : null}
                {t("referral.new-code-confirm")}
              </button>
            </Form>
            <Link to={REFERRALS_PATH} preventScrollReset className={buttonClass.secondary}>
              {t("referral.new-code-cancel")}
            </Link>
          </div>
        </section>
      ) : null}
    </AccountCard>
  );
}
