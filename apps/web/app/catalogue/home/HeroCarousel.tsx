import { isRtl, type StoreImage } from "@stoa/contract";
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "../../platform/ui/icons.tsx";
import { imageReady } from "../../platform/ui/image-ready.ts";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { containerClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import { shopName } from "../../shell/shop.ts";

/** Banner links are storefront paths; anything else (another site) is not followed. */
function bannerPath(link: string): string | null {
  return link.startsWith("/") && !link.startsWith("//") ? link : null;
}

/** How wide a banner is drawn: the page's width up to the container's. */
const BANNER_SIZES = "(min-width: 1280px) 78rem, 100vw";

/**
 * How long a page with banners waits for its first banner's art before it shows without it: enough
 * for the picture of a warm image cache over a slow phone connection, little enough that a slow
 * one never holds the page for long. Past it the art comes in on its own.
 */
const FIRST_ART_WAIT_MS = 1_000;

/**
 * The first banner's art loaded and decoded (or the wait given up), so the page that shows it, a
 * language switch's included, paints it with the rest rather than a moment later.
 */
export function firstBannerArtReady(banners: readonly StoreImage[]): Promise<void> {
  const first = banners[0];
  if (!first) return Promise.resolve();
  return imageReady({ src: first.url, width: first.width, sizes: BANNER_SIZES }, FIRST_ART_WAIT_MS);
}

const ARROW =
  "flex size-9 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-800 transition hover:border-stone-300 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus";

/**
 * The home banners. Their art carries lettering in the shopper's language, so another language is
 * other art: the carousel is made anew for it, starting at its first banner, rather than keeping its
 * images and swapping their sources. A browser keeps painting an image's old picture until the new
 * one has loaded, which showed the English art under the Arabic words after a language switch.
 */
export function HeroCarousel({ banners }: { banners: StoreImage[] }) {
  return <Carousel key={banners.map((banner) => banner.url).join(" ")} banners={banners} />;
}

/**
 * The home banners (store images of type banner) as a carousel. It never moves by itself; arrows,
 * dots, the arrow keys and swiping move it. The frame has the banners' shape from the start, so
 * nothing below shifts while images load, and the first image loads first.
 */
function Carousel({ banners }: { banners: StoreImage[] }) {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const count = banners.length;
  const first = banners[0];

  useEffect(() => {
    const root = track.current;
    if (!root) return;
    // The slide mostly in view is the current one, however it got there (buttons, swipe, focus).
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setCurrent(Number((entry.target as HTMLElement).dataset.slide));
        }
      },
      { root, threshold: 0.6 },
    );
    for (const slide of root.children) observer.observe(slide);
    return () => observer.disconnect();
  }, []);

  const show = (index: number) => {
    const target = (index + count) % count;
    const slide = track.current?.children[target];
    if (slide instanceof HTMLElement) {
      slide.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "start" });
      setCurrent(target);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    // Arrow keys follow the reading direction: in Arabic and Hebrew "next" is to the left.
    const forward = (event.key === "ArrowRight") !== isRtl(locale);
    show(current + (forward ? 1 : -1));
  };

  if (!first) return null;
  return (
    <section
      aria-roledescription={t("home-sections.carousel")}
      aria-label={t("home-sections.banners")}
      className={`${containerClass} mt-4 sm:mt-6`}
      onKeyDown={onKeyDown}
      data-hero-carousel
    >
      <h1 className="sr-only">{shopName(store, locale)}</h1>
      <div className="overflow-hidden rounded-3xl bg-stone-100">
        {/*
          The art fills the frame in the banners' own shape on wider screens, with the banner's words
          laid over its reading-start half (the art leaves that half to them); on a phone the art
          shows its pictured half and the words sit under it, at a size a phone can read. Slides are
          groups of the carousel pattern, not list items: the track is no list.
        */}
        <div
          ref={track}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] sm:aspect-(--banner-shape)"
          style={{ "--banner-shape": `${first.width} / ${first.height}` } as CSSProperties}
        >
          {banners.map((banner, index) => {
            const path = bannerPath(banner.link);
            const words = (
              <div className="flex flex-1 flex-col items-start justify-center gap-2 p-5 sm:absolute sm:inset-y-0 sm:start-0 sm:w-1/2 sm:gap-3 sm:p-10 lg:p-14">
                <h2 className="text-xl font-extrabold tracking-tight text-balance text-stone-900 sm:text-3xl lg:text-5xl">
                  {banner.title}
                </h2>
                {banner.subtitle ? (
                  <p className="line-clamp-2 text-sm text-stone-700 sm:text-base lg:text-lg">
                    {banner.subtitle}
                  </p>
                ) : null}
                {path ? (
                  <span className="mt-1 inline-flex rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white sm:px-5 sm:py-2.5 sm:text-base">
                    {t("home-sections.banner-action")}
                  </span>
                ) : null}
              </div>
            );
            const slide = (
              <>
                <div className="aspect-[2/1] overflow-hidden sm:aspect-auto sm:size-full">
                  <StoaImage
                    src={banner.url}
                    alt={banner.alt && banner.alt !== banner.title ? banner.alt : ""}
                    width={banner.width}
                    height={banner.height}
                    sizes={BANNER_SIZES}
                    priority={index === 0}
                    className="size-full object-cover ltr:object-right rtl:object-left sm:object-center"
                  />
                </div>
                {words}
              </>
            );
            return (
              // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern marks each slide as a group with roledescription "slide"
              <div
                key={banner.id}
                data-slide={index}
                role="group"
                aria-roledescription={t("home-sections.slide")}
                aria-label={t("home-sections.slide-of", { index: index + 1, count })}
                aria-current={index === current ? "true" : undefined}
                className="relative flex w-full shrink-0 snap-start flex-col sm:block sm:h-full"
              >
                {path ? (
                  <Link
                    to={path}
                    className="flex h-full flex-col rounded-3xl focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-focus sm:block"
                    data-banner-link
                  >
                    {slide}
                  </Link>
                ) : (
                  slide
                )}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <div className="mt-3 flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={() => show(current - 1)}
            className={ARROW}
            aria-label={t("home-sections.previous-slide")}
            data-previous-slide
          >
            <ChevronStartIcon className="size-4" />
          </button>
          <div className="flex items-center gap-1">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                onClick={() => show(index)}
                aria-label={t("home-sections.show-slide", { index: index + 1, count })}
                aria-current={index === current ? "true" : undefined}
                className="group flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-focus"
                data-slide-dot={index}
              >
                <span
                  className={`block h-2 rounded-full transition-all ${
                    index === current ? "w-6 bg-brand" : "w-2 bg-stone-300 group-hover:bg-stone-400"
                  }`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => show(current + 1)}
            className={ARROW}
            aria-label={t("home-sections.next-slide")}
            data-next-slide
          >
            <ChevronEndIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
