import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon, CopyIcon } from "../platform/ui/icons.tsx";

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_FOR_MS = 2_000;

/**
 * "Copy code": puts the coupon's code on the clipboard, says so on the button for a moment and to
 * screen readers through a polite live region. It only appears once the page runs and the browser
 * offers a clipboard: before (or without) scripts the code beside it stays there to select. When
 * the browser refuses to write, the code is selected instead, ready for the shopper's own copy.
 */
export function CopyCodeButton({ code, codeId }: { code: string; codeId: string }) {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setAvailable(typeof navigator.clipboard?.writeText === "function");
    return () => clearTimeout(timer.current);
  }, []);

  if (!available) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      const chip = document.getElementById(codeId);
      if (chip) window.getSelection()?.selectAllChildren(chip);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
  }

  return (
    <>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? t("offers.copied") : t("offers.copy-named", { code })}
        className={`inline-flex shrink-0 items-center justify-center gap-1.5 rounded-full px-4 py-2.5 text-sm font-semibold transition-colors ${
          copied ? "bg-emerald-700 text-white" : "bg-stone-900 text-white hover:bg-stone-700"
        }`}
        data-copy-code={code}
      >
        {copied ? <CheckCircleIcon className="size-4" /> : <CopyIcon className="size-4" />}
        {copied ? t("offers.copied") : t("offers.copy")}
      </button>
      <span role="status" className="sr-only">
        {copied ? t("offers.copied-named", { code }) : ""}
      </span>
    </>
  );
}
