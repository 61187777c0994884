import { type ReactNode, type RefObject, useEffect, useState } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";

/**
 * On a phone the product page's own price and "Add to cart" scroll away under the description; this
 * bar keeps them at the bottom of the screen once they have. Hidden from larger screens, where the
 * buying column stays in view, and until the page has scripts (it is fixed, so it shifts nothing).
 */
export function StickyBuyBar({
  watched,
  price,
  action,
}: {
  /** The page's own buying controls: the bar shows while they are out of sight. */
  watched: RefObject<HTMLElement | null>;
  price: ReactNode;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  const [away, setAway] = useState(false);
  useEffect(() => {
    const node = watched.current;
    if (!node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setAway(entry ? !entry.isIntersecting : false));
    observer.observe(node);
    return () => observer.disconnect();
  }, [watched]);
  return (
    <section
      aria-label={t("product.buy-bar")}
      hidden={!away}
      data-sticky-buy-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] sm:hidden"
    >
      {/* The button keeps its width; a long price (a sale beside the old one, in Arabic digits) wraps
          between its words (the row measures it by its widest word), and when even that does not fit
          beside the button (a dish's button that says its price too), it takes a line of its own. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="grow basis-[min-content]">{price}</div>
        <div className="ms-auto flex shrink-0 justify-end">{action}</div>
      </div>
    </section>
  );
}
