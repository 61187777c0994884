import { type CartItem, formatMoney, type LineProblem } from "@stoa/contract";
import { useCart } from "../cart/CartProvider.tsx";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { AlertIcon } from "../platform/ui/icons.tsx";
import { useShop } from "../shell/root-data.ts";
import { fixFor } from "./line-problems.ts";

/** What is wrong with one line, and the one press that settles it. */
export function LineProblemNotice({
  problem,
  item,
  currency,
}: {
  problem: LineProblem;
  item: CartItem;
  currency: string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { dispatch } = useCart();
  const money = (amount: number) => leftToRight(formatMoney(amount, currency, locale));
  const [text, action] =
    problem.kind === "price_changed"
      ? [
          t("checkout.problem.price-changed", { was: money(problem.was), now: money(problem.now) }),
          t("checkout.problem.accept-price"),
        ]
      : problem.kind === "short_stock"
        ? problem.available > 0
          ? [
              t("checkout.problem.short-stock", { count: problem.available }),
              t("checkout.problem.reduce", { count: problem.available }),
            ]
          : [t("checkout.problem.sold-out"), t("checkout.problem.remove")]
        : [t("checkout.problem.unavailable"), t("checkout.problem.remove")];
  return (
    <div
      className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
      role="alert"
      data-line-problem={problem.kind}
    >
      <AlertIcon className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">{text}</span>
      <button
        type="button"
        onClick={() => dispatch(fixFor(problem, item))}
        className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
        data-fix-problem={problem.kind}
      >
        {action}
      </button>
    </div>
  );
}
