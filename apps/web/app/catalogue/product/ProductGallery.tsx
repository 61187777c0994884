import { type ProductInfo, RTL_LOCALES } from "@stoa/contract";
import { type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "../../platform/ui/icons.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { useShop } from "../../shell/root-data.ts";
import { DiscountBadge } from "./Price.tsx";

const STEP_BUTTON =
  "absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-md transition hover:bg-white";

/**
 * The product's pictures: a large one, previous/next buttons, and thumbnails that arrow keys walk
 * through (mirrored in right-to-left pages, where "next" lies to the left).
 */
export function ProductGallery({
  product,
  name,
  priced = product,
}: {
  product: ProductInfo;
  name: string;
  /** Whose sale the badge shows: the chosen variation once there is one. */
  priced?: Pick<ProductInfo, "price" | "salePrice">;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const rtl = RTL_LOCALES.includes(locale);
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = images[current] ?? images[0];
  const count = images.length;

  const show = (index: number, focus = false) => {
    const next = (index + count) % count;
    setCurrent(next);
    if (focus) thumbs.current[next]?.focus();
  };

  const onThumbKey = (event: KeyboardEvent) => {
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    const moves: Record<string, number> = {
      [forward]: current + 1,
      [back]: current - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target, true);
  };

  return (
    <div className="space-y-4" data-gallery>
      <div className="relative aspect-square overflow-hidden rounded-3xl bg-stone-100">
        {shown ? (
          <StoaImage
            key={shown.url}
            src={shown.url}
            alt={shown.alt || name}
            width={800}
            height={800}
            sizes="(min-width: 1280px) 38rem, (min-width: 1024px) 50vw, 100vw"
            priority={current === 0}
            className="size-full object-cover"
          />
        ) : null}
        <DiscountBadge product={priced} className="absolute start-4 top-4 px-3 text-sm" />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              className={`${STEP_BUTTON} start-3`}
              aria-label={t("product.previous-image")}
            >
              <ChevronStartIcon />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              className={`${STEP_BUTTON} end-3`}
              aria-label={t("product.next-image")}
            >
              <ChevronEndIcon />
            </button>
            <p
              className="absolute bottom-3 end-3 rounded-full bg-stone-950/70 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
              aria-live="polite"
              data-image-position
            >
              <bdi dir="ltr">{t("product.image-position", { index: current + 1, count })}</bdi>
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="grid grid-cols-5 gap-3" aria-label={t("product.images-of", { name })}>
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                ref={(node) => {
                  thumbs.current[index] = node;
                }}
                type="button"
                onClick={() => show(index)}
                onKeyDown={onThumbKey}
                aria-pressed={index === current}
                // One tab stop for the row; arrow keys move between the pictures.
                tabIndex={index === current ? 0 : -1}
                aria-label={t("product.show-image", { index: index + 1, name })}
                className="block aspect-square w-full overflow-hidden rounded-xl border-2 border-transparent bg-stone-100 transition-colors hover:border-stone-300 aria-pressed:border-brand"
              >
                <StoaImage src={image.url} alt="" width={96} height={96} className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
