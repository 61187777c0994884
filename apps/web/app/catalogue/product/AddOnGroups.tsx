import {
  type AddOnChoice,
  type AddOnGroup,
  type AddOnProblem,
  formatMoney,
  isSingleChoice,
} from "@stoa/contract";
import { useId } from "react";
import { ADD_ON_FIELD_PREFIX } from "../../cart/cart-fields.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { AlertIcon } from "../../platform/ui/icons.tsx";
import { useShop } from "../../shell/root-data.ts";

/** The rule of a group in words: "Required · choose 1", "Optional · up to 3", "Choose 2 to 4". */
function useGroupRule(group: AddOnGroup): string {
  const { t } = useTranslation();
  if (group.minSelect === 0) return t("restaurant-options.rule-optional", { count: group.maxSelect });
  if (group.minSelect === group.maxSelect)
    return t("restaurant-options.rule-exactly", { count: group.minSelect });
  return t("restaurant-options.rule-between", { min: group.minSelect, max: group.maxSelect });
}

/** Shown inside the group it is about, so it need not repeat the group's name. */
function ProblemText({ problem }: { problem: AddOnProblem }) {
  const { t } = useTranslation();
  const key = problem.kind === "too-few" ? "restaurant-options.too-few" : "restaurant-options.too-many";
  return <>{t(key, { count: problem.limit })}</>;
}

function AddOnGroupField({
  group,
  picked,
  problem,
  currency,
  onToggle,
  form,
}: {
  group: AddOnGroup;
  picked: readonly string[];
  problem: AddOnProblem | undefined;
  currency: string;
  onToggle: (item: string) => void;
  form: string | undefined;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const id = useId();
  const rule = useGroupRule(group);
  const single = isSingleChoice(group);
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="rounded-2xl border border-stone-200 p-4 aria-[invalid=true]:border-red-300 aria-[invalid=true]:bg-red-50/40"
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? errorId : undefined}
      data-add-on-group={group.key}
      tabIndex={-1}
    >
      <legend className="sr-only">{group.name}</legend>
      <div className="mb-3 flex items-baseline justify-between gap-3" aria-hidden="true">
        <span className="font-semibold text-stone-950">{group.name}</span>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${group.minSelect > 0 ? "bg-brand/10 text-brand" : "bg-stone-100 text-stone-600"}`}
        >
          {rule}
        </span>
      </div>
      <p className="sr-only">{rule}</p>
      <ul className="divide-y divide-stone-100">
        {group.items.map((item) => {
          const checked = picked.includes(item.key);
          return (
            <li key={item.key}>
              <label
                className="flex min-h-11 cursor-pointer items-center gap-3 py-2 text-sm"
                data-add-on={item.key}
              >
                <input
                  type={single ? "radio" : "checkbox"}
                  name={form ? `${ADD_ON_FIELD_PREFIX}${group.key}` : `${id}-${group.key}`}
                  value={item.key}
                  form={form}
                  checked={checked}
                  onChange={() => onToggle(item.key)}
                  className="size-5 shrink-0 accent-brand"
                />
                <span className="flex-1 text-stone-900">{item.name}</span>
                <span className="shrink-0 tabular-nums text-stone-600">
                  {item.price > 0 ? (
                    <bdi dir="ltr">+{formatMoney(item.price, currency, locale)}</bdi>
                  ) : (
                    t("restaurant-options.free")
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p
        id={errorId}
        role="alert"
        className="text-sm font-medium text-red-700 empty:hidden"
        data-add-on-error
      >
        {problem ? (
          <span className="mt-2 flex items-center gap-1.5">
            <AlertIcon className="size-4 shrink-0" />
            <ProblemText problem={problem} />
          </span>
        ) : null}
      </p>
    </fieldset>
  );
}

/**
 * A dish's choice groups (crust, sauces, extras) with their min/max rules; used inline on a dish's
 * page and in the RESTAURANT_OPTION modal. Problems come from the caller: a refused pick shows at
 * once, a missing required choice when the diner tries to add the dish.
 */
export function AddOnGroups({
  groups,
  choice,
  problems,
  currency,
  onToggle,
  form,
}: {
  groups: readonly AddOnGroup[];
  choice: AddOnChoice;
  problems: readonly AddOnProblem[];
  currency: string;
  onToggle: (group: string, item: string) => void;
  /** The add-to-cart form the picks are posted with on a page without scripts (decision 047). */
  form?: string;
}) {
  return (
    <div className="space-y-3" data-add-on-groups>
      {groups.map((group) => (
        <AddOnGroupField
          key={group.key}
          group={group}
          picked={choice[group.key] ?? []}
          problem={problems.find((problem) => problem.group === group.key)}
          currency={currency}
          onToggle={(item) => onToggle(group.key, item)}
          form={form}
        />
      ))}
    </div>
  );
}
