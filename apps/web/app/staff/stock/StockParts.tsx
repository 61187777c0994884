import {
  STAFF_STOCK_MOST,
  STAFF_STOCK_NOTE_MAX,
  STOCK_MOVEMENT_REASONS,
  type StaffStockItem,
  type StaffStockMovement,
} from "@stoa/contract";
import { Form } from "react-router";
import { OrderTime } from "../../orders/OrderParts.tsx";
import type { ActionFailure } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { staffButton, staffInput } from "../ui.tsx";
import type { AdjustText } from "./stock-forms.ts";

/** "Sold out", "Low" or nothing, beside a level. */
export function StockChip({ item }: { item: Pick<StaffStockItem, "stock" | "low" | "isAvailable"> }) {
  const { t } = useTranslation();
  if (!item.isAvailable)
    return (
      <span className="inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
        {t("staff.stock.off-sale")}
      </span>
    );
  if (item.stock <= 0)
    return (
      <span
        className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200"
        data-stock-chip="sold-out"
      >
        {t("staff.stock.sold-out")}
      </span>
    );
  if (item.low)
    return (
      <span
        className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200"
        data-stock-chip="low"
      >
        {t("staff.stock.low")}
      </span>
    );
  return null;
}

/** What a refused adjustment said, for the row it came from. */
export type AdjustRefusal = ActionFailure & { typed: AdjustText; conflict?: boolean };

/**
 * One adjustment, as a plain form (it works before scripts): why, how many, a note. The level the
 * member sees goes with it, so a count from a level that moved meanwhile is refused, not applied.
 */
export function AdjustForm({
  productId,
  variationId = null,
  stock,
  label,
  refusal,
}: {
  productId: number;
  variationId?: number | null;
  stock: number;
  /** What the form adjusts, for screen readers ("Apples", "Apples, Large"). */
  label: string;
  refusal?: AdjustRefusal | null;
}) {
  const { t } = useTranslation();
  const id = `adjust-${productId}-${variationId ?? 0}`;
  const typed = refusal && !refusal.conflict ? refusal.typed : null;
  const quantityError = refusal?.fields.quantity ?? refusal?.fields.expected;
  const problem = refusal
    ? quantityError === "error-stock-would-go-negative" || !quantityError
      ? refusal.message || (refusal.key ? t(refusal.key) : "")
      : t(quantityError)
    : null;
  return (
    <Form
      method="post"
      aria-label={t("staff.stock.adjust-of", { name: label })}
      className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-2 sm:grid-cols-[9rem_7rem_minmax(0,1fr)_auto]"
      data-adjust-form={`${productId}:${variationId ?? ""}`}
    >
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name="productId" value={productId} />
      {variationId !== null ? <input type="hidden" name="variationId" value={variationId} /> : null}
      <input type="hidden" name="expected" value={stock} />
      <div>
        <label htmlFor={`${id}-reason`} className="sr-only">
          {t("staff.stock.reason")}
        </label>
        <select
          id={`${id}-reason`}
          name="reason"
          defaultValue={typed?.reason || "received"}
          className={`${staffInput} py-2`}
        >
          {STOCK_MOVEMENT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`staff.stock.reasons.${reason}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-quantity`} className="sr-only">
          {t("staff.stock.quantity")}
        </label>
        <input
          id={`${id}-quantity`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={0}
          max={STAFF_STOCK_MOST}
          required
          defaultValue={typed?.quantity ?? ""}
          placeholder={t("staff.stock.quantity")}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          className={`${staffInput} py-2 tabular-nums`}
        />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={`${id}-note`} className="sr-only">
          {t("staff.stock.note")}
        </label>
        <input
          id={`${id}-note`}
          name="note"
          type="text"
          maxLength={STAFF_STOCK_NOTE_MAX}
          defaultValue={typed?.note ?? ""}
          placeholder={t("staff.stock.note")}
          className={`${staffInput} py-2`}
        />
      </div>
      <button type="submit" className={`${staffButton.secondary} col-span-2 py-2 sm:col-span-1`}>
        {t("staff.stock.save")}
      </button>
      {problem ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="col-span-2 text-sm text-red-700 sm:col-span-4"
          data-adjust-error={refusal?.code}
        >
          {problem}
        </p>
      ) : null}
    </Form>
  );
}

/** A change of stock with its sign, in the page's digits: "+12", "−3". */
export function signedChange(change: number, locale: string): string {
  const digits = new Intl.NumberFormat(locale, { signDisplay: "always" }).format(change);
  return digits.replace("-", "−");
}

/** A product's movements, newest first: when, why, how much, the level after, who, the note. */
export function MovementList({ movements }: { movements: StaffStockMovement[] }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  if (movements.length === 0)
    return <p className="py-6 text-center text-sm text-stone-600">{t("staff.stock.no-movements")}</p>;
  return (
    <ul className="divide-y divide-stone-200" data-stock-movements>
      {movements.map((movement) => (
        <li
          key={movement.id}
          className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 py-3 text-sm"
          data-stock-movement={movement.reason}
        >
          <p className="min-w-0 font-medium text-stone-900">
            {t(`staff.stock.reasons.${movement.reason}`)}
            {movement.variationName ? (
              <span className="font-normal text-stone-600"> · {movement.variationName}</span>
            ) : null}
          </p>
          <p
            className={`text-end font-semibold tabular-nums ${movement.change < 0 ? "text-red-700" : "text-emerald-700"}`}
            dir="ltr"
          >
            {signedChange(movement.change, locale)}
          </p>
          <p className="min-w-0 text-stone-600">
            <OrderTime at={movement.at} withTime />
            {movement.staffName ? ` · ${movement.staffName}` : ""}
          </p>
          <p className="text-end text-stone-600 tabular-nums">
            {t("staff.stock.after", { stock: movement.stockAfter })}
          </p>
          {movement.note ? <p className="col-span-2 break-words text-stone-700">{movement.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
