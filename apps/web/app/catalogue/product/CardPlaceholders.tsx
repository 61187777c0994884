import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";

/**
 * Grey stand-ins of product cards, the room the cards will take, while a part of the page the
 * shopper scrolls near is on its way (decision 031). Hidden from assistive technology: there is
 * nothing to read yet.
 */
export function CardPlaceholders({ count, itemClassName }: { count: number; itemClassName: string }) {
  return Array.from({ length: count }, (_, n) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the stand-ins are all alike and never move.
    <div key={n} className={`${itemClassName} flex-col gap-3 motion-safe:animate-pulse`} aria-hidden="true">
      <div className="aspect-square w-full rounded-2xl bg-stone-100" />
      <div className="h-4 w-3/4 rounded bg-stone-100" />
      <div className="h-4 w-1/3 rounded bg-stone-100" />
    </div>
  ));
}

/**
 * What stands in for the stand-ins where scripts are off (`noscript:`, the `scripting: none`
 * media query): nothing would ever replace them, so the visitor gets a way on to the listing
 * instead. Hidden wherever scripts run, from screen readers too.
 */
export function BrowseWithoutScripts({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={`hidden noscript:block ${className}`} data-without-scripts>
      <Link to="/products" className="font-semibold text-brand underline-offset-4 hover:underline">
        {t("listing.see-all")}
      </Link>
    </p>
  );
}
