import {
  type ProductVariation,
  type ValueState,
  type VariationOption,
  type VariationSelection,
  valueState,
} from "@stoa/contract";
import { useId } from "react";
import { OPTION_FIELD_PREFIX } from "../../cart/cart-fields.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";

const CHIP_STATE: Record<ValueState, string> = {
  available: "border-stone-300 bg-white text-stone-900 hover:border-stone-500",
  "sold-out": "border-dashed border-stone-300 bg-stone-50 text-stone-400 line-through",
  unavailable: "border-dashed border-stone-200 bg-stone-50 text-stone-300 line-through",
};

/**
 * One group of radio chips per option (Size, Colour…). Values that do not exist with the shopper's
 * other choices are shown but disabled; values that exist only sold out can be chosen, so the page
 * says it is sold out and offers to email the shopper when it is back. Both say why to screen readers.
 */
export function VariationPicker({
  options,
  variations,
  selection,
  onChoose,
  onClear,
  form,
}: {
  options: readonly VariationOption[];
  variations: readonly ProductVariation[];
  selection: VariationSelection;
  onChoose: (option: string, value: string) => void;
  onClear: () => void;
  /** The add-to-cart form the choices are posted with on a page without scripts (decision 047). */
  form?: string;
}) {
  const { t } = useTranslation();
  const group = useId();
  const anyChosen = Object.keys(selection).length > 0;
  return (
    <div className="space-y-5" data-variation-picker>
      {options.map((option) => {
        const chosen = option.values.find((value) => value.key === selection[option.key]);
        return (
          <fieldset key={option.key} data-option={option.key}>
            <legend className="mb-2.5 text-sm text-stone-600">
              <span className="font-semibold text-stone-950">{option.name}</span>
              {chosen ? <span>: {chosen.label}</span> : null}
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const state = valueState(variations, selection, option.key, value.key);
                const hintId = `${group}-${option.key}-${value.key}`;
                return (
                  <label
                    key={value.key}
                    className="relative"
                    data-option-value={value.key}
                    data-state={state}
                  >
                    <input
                      type="radio"
                      name={form ? `${OPTION_FIELD_PREFIX}${option.key}` : `${group}-${option.key}`}
                      value={value.key}
                      form={form}
                      checked={selection[option.key] === value.key}
                      disabled={state === "unavailable"}
                      onChange={() => onChoose(option.key, value.key)}
                      aria-describedby={state === "available" ? undefined : hintId}
                      className="peer sr-only"
                    />
                    <span
                      className={`inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-xl border px-4 py-2 text-sm font-medium transition-colors peer-checked:border-stone-950 peer-checked:bg-stone-950 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-focus peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed ${CHIP_STATE[state]}`}
                    >
                      {value.label}
                    </span>
                    {state === "available" ? null : (
                      <span id={hintId} className="sr-only">
                        {t(
                          state === "sold-out" ? "variations.value-sold-out" : "variations.value-unavailable",
                        )}
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {anyChosen ? (
        <button
          type="button"
          onClick={onClear}
          className="text-sm font-medium text-stone-600 underline underline-offset-4 hover:text-stone-950"
          data-clear-choices
        >
          {t("variations.clear")}
        </button>
      ) : null}
    </div>
  );
}
