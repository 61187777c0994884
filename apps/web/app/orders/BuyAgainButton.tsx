import type { BuyAgain } from "@stoa/contract";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useCart } from "../cart/CartProvider.tsx";
import type { ActionResult } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CartIcon } from "../platform/ui/icons.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useDrawer } from "../shell/drawer/DrawerProvider.tsx";
import { type BuyAgainNotes, buyAgainLines } from "./buy-again.ts";

/** What the order page's action answers to "buy again": today's lines of the order. */
export type BuyAgainAnswer = ActionResult | { ok: true; intent: "buy-again"; again: BuyAgain };

/**
 * Buy again: asks the shop what of the order it sells today, puts that in the cart (today's prices;
 * checkout prices it again) and opens the cart; what is gone or short is said on the page, where it
 * stays to be read rather than in a passing toast.
 */
export function BuyAgainButton({ action, currency }: { action: string; currency: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<BuyAgainAnswer>();
  const { addItem } = useCart();
  const { openDrawer } = useDrawer();
  const { showToast } = useToast();
  const [notes, setNotes] = useState<BuyAgainNotes | null>(null);
  const [nothing, setNothing] = useState(false);
  const handled = useRef<unknown>(null);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      showToast(answer.key ? t(answer.key) : answer.message);
      return;
    }
    if (!("again" in answer)) return;
    const { lines, notes: told } = buyAgainLines(answer.again, currency);
    for (const { item, quantity } of lines) addItem(item, quantity);
    setNotes(told);
    setNothing(lines.length === 0);
    if (lines.length > 0) {
      showToast(t("orders.buy-again-added"));
      openDrawer("cart");
    }
  }, [fetcher.data, addItem, openDrawer, showToast, t, currency]);

  const busy = fetcher.state !== "idle";
  return (
    <div className="contents">
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="buy-again" />
        <button type="submit" disabled={busy} className={`${buttonClass.secondary} py-2.5`} data-buy-again>
          <CartIcon className="size-4" />
          {t("orders.buy-again")}
        </button>
      </fetcher.Form>
      {notes && (nothing || notes.gone.length > 0 || notes.fewer.length > 0) ? (
        <div
          role="status"
          className="basis-full rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-buy-again-notes
        >
          {nothing ? <p>{t("orders.buy-again-nothing")}</p> : null}
          {notes.gone.length > 0 ? (
            <p>{t("orders.buy-again-gone", { names: notes.gone.join(", ") })}</p>
          ) : null}
          {notes.fewer.map((line) => (
            <p key={line.name}>{t("orders.buy-again-fewer", line)}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
