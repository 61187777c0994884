import { canAddOneMore, clampQuantity } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { MinusIcon, PlusIcon } from "../../platform/ui/icons.tsx";

const STEP_BUTTON =
  "flex size-10 items-center justify-center rounded-full text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-950 disabled:cursor-not-allowed disabled:opacity-40";

/** − n + for how many to add; never more than the stock (spec §4: one more only while below it). */
export function QuantityStepper({
  quantity,
  stock,
  onChange,
  name,
}: {
  quantity: number;
  stock: number;
  onChange: (quantity: number) => void;
  /** What is being counted, for screen readers ("Quantity of Oak dining table"). */
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="inline-flex items-center gap-1 rounded-full border border-stone-300 bg-white p-1"
      data-quantity={quantity}
    >
      <legend className="sr-only">{t("variations.quantity-of", { name })}</legend>
      <button
        type="button"
        className={STEP_BUTTON}
        onClick={() => onChange(clampQuantity(quantity - 1, stock))}
        disabled={quantity <= 1}
        aria-label={t("variations.decrease")}
      >
        <MinusIcon className="size-4" />
      </button>
      <output aria-live="polite" className="min-w-8 text-center font-semibold tabular-nums text-stone-950">
        {quantity}
      </output>
      <button
        type="button"
        className={STEP_BUTTON}
        onClick={() => onChange(clampQuantity(quantity + 1, stock))}
        disabled={!canAddOneMore(quantity, stock)}
        aria-label={t("variations.increase")}
      >
        <PlusIcon className="size-4" />
      </button>
    </fieldset>
  );
}
