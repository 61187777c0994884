import { formatMoney, LINE_NOTE_MAX } from "@stoa/contract";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { buttonClass, inputClass } from "../platform/ui/ui.ts";
import { useShop } from "../shell/root-data.ts";
import { type Basket, basketTotal } from "./round-basket.ts";

/**
 * The round being put together: each line's quantity (− / +) and a note for the kitchen, the total
 * as the menu prices it, and "Send to the kitchen". Errors the API named on a line show under it.
 */
export function RoundBasket({
  basket,
  currency,
  sending,
  fields,
  onQuantity,
  onNote,
  onSend,
}: {
  basket: Basket;
  currency: string;
  sending: boolean;
  fields: FieldErrors;
  onQuantity: (id: string, quantity: number) => void;
  onNote: (id: string, note: string) => void;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  if (basket.lines.length === 0) return null;
  return (
    <section
      aria-labelledby="round-basket"
      className="sticky bottom-0 z-10 space-y-3 rounded-t-2xl border border-stone-200 bg-white p-4 shadow-lg"
      data-round-basket
    >
      <h2 id="round-basket" className="text-lg font-bold text-stone-950">
        {t("table.basket-title")}
      </h2>
      <ul className="max-h-[40vh] space-y-3 overflow-y-auto">
        {basket.lines.map((line, i) => {
          const error = fields[`lines.${i}.productId`] ?? fields[`lines.${i}.quantity`];
          return (
            <li key={line.id} className="space-y-2" data-basket-line={line.productId}>
              <div className="flex items-center justify-between gap-2">
                <p className="min-w-0 text-sm font-medium text-stone-900">
                  {line.name}
                  {line.options.length > 0 ? (
                    <span className="block text-xs text-stone-500">{line.options.join(" · ")}</span>
                  ) : null}
                </p>
                <div className="flex shrink-0 items-center gap-1">
                  <button
                    type="button"
                    className={`${buttonClass.secondary} size-11 px-0 py-0`}
                    aria-label={t("table.less", { name: line.name })}
                    onClick={() => onQuantity(line.id, line.quantity - 1)}
                  >
                    −
                  </button>
                  <span className="w-8 text-center tabular-nums" data-basket-quantity>
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    className={`${buttonClass.secondary} size-11 px-0 py-0`}
                    aria-label={t("table.more", { name: line.name })}
                    onClick={() => onQuantity(line.id, line.quantity + 1)}
                  >
                    +
                  </button>
                </div>
              </div>
              <label className="sr-only" htmlFor={`note-${line.id}`}>
                {t("table.note-label", { name: line.name })}
              </label>
              <input
                id={`note-${line.id}`}
                className={`${inputClass} py-2 text-sm`}
                value={line.note}
                maxLength={LINE_NOTE_MAX}
                placeholder={t("table.note-placeholder")}
                onChange={(event) => onNote(line.id, event.target.value)}
              />
              {error ? (
                <p className="text-sm text-red-700" data-basket-error>
                  {t(error)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={`${buttonClass.primary} min-h-12 w-full`}
        disabled={sending}
        onClick={onSend}
        data-send-round
      >
        {sending ? t("table.sending") : t("table.send")}
        <span aria-hidden="true" className="opacity-60">
          ·
        </span>
        <bdi dir="ltr" className="tabular-nums">
          {formatMoney(basketTotal(basket), currency, locale)}
        </bdi>
      </button>
    </section>
  );
}
