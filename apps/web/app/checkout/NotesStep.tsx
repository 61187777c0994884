import { OUT_OF_STOCK_PREFERENCES } from "@stoa/contract";
import { useId } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { NoteIcon } from "../platform/ui/icons.tsx";
import { inputClass } from "../platform/ui/ui.ts";
import { CheckoutStep } from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";

/** A note for the shop, and what it should do when an item turns out to be out of stock. */
export function NotesStep({ number, digital }: { number: number; digital: boolean }) {
  const { t } = useTranslation();
  const { state, choose } = useCheckout();
  const noteId = useId();
  const preferenceId = useId();
  return (
    <CheckoutStep
      id="notes"
      number={number}
      title={t("checkout.notes.title")}
      icon={<NoteIcon className="size-5" />}
    >
      <div className="grid grid-cols-1 gap-5">
        <div>
          <label htmlFor={noteId} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t("checkout.notes.note")}
          </label>
          <textarea
            id={noteId}
            name="note"
            dir="auto"
            rows={3}
            maxLength={500}
            value={state.note}
            onChange={(event) => choose({ note: event.target.value })}
            placeholder={t(
              digital ? "checkout.notes.note-placeholder-digital" : "checkout.notes.note-placeholder",
            )}
            className={`${inputClass} resize-y`}
          />
        </div>
        {digital ? null : (
          <div>
            <label htmlFor={preferenceId} className="mb-1.5 block text-sm font-medium text-stone-800">
              {t("checkout.notes.out-of-stock")}
            </label>
            <select
              id={preferenceId}
              name="outStockPreference"
              value={state.outStockPreference}
              onChange={(event) =>
                choose({
                  outStockPreference: event.target.value as (typeof OUT_OF_STOCK_PREFERENCES)[number],
                })
              }
              className={inputClass}
            >
              {OUT_OF_STOCK_PREFERENCES.map((preference) => (
                <option key={preference} value={preference}>
                  {t(`checkout.notes.out-of-stock-${preference}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </CheckoutStep>
  );
}
