import { isRtl, type StoreImage } from "@stoa/contract";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ChevronEndIcon, ChevronStartIcon, GridIcon } from "../../platform/ui/icons.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import { type FlyerView, flyerHref, pageAfterKey } from "./flyer-pages.ts";

const PAGE_SIZES = "(min-width: 1024px) 56rem, 100vw";

/**
 * One flyer page at a time on a track that swipes and scrolls natively (so it pages without
 * JavaScript too); buttons and the arrow keys turn the pages, and the URL names the page shown.
 */
function PagedFlyer({ pages, initialPage }: { pages: StoreImage[]; initialPage: number }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const track = useRef<HTMLOListElement>(null);
  const [page, setPage] = useState(initialPage);
  const count = pages.length;
  // While the track glides to a page, the pages it passes on the way are not the shown page.
  const gliding = useRef<number | null>(null);

  const show = (next: number, smooth = true) => {
    gliding.current = smooth ? next : null;
    const target = track.current?.children[next - 1];
    if (target instanceof HTMLElement) {
      target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "nearest", inline: "start" });
    }
    setPage(next);
  };

  // Opened on a later page (a shared link, or from the grid): start there without an animation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the page the viewer was opened on
  useEffect(() => {
    if (initialPage > 1) show(initialPage, false);
  }, []);

  // The shown page follows the track as the shopper swipes it.
  const onScroll = () => {
    const node = track.current;
    if (!node || node.clientWidth === 0) return;
    const index = Math.round(Math.abs(node.scrollLeft) / node.clientWidth) + 1;
    if (gliding.current !== null) {
      if (index === gliding.current) gliding.current = null;
      return;
    }
    if (index !== page && index >= 1 && index <= count) setPage(index);
  };

  useEffect(() => {
    const url = flyerHref({ view: "pages", page });
    if (window.location.pathname + window.location.search !== url)
      window.history.replaceState(window.history.state, "", url);
  }, [page]);

  // The arrow keys turn the pages wherever the focus is, except where they move a caret or a choice.
  const rtl = isRtl(locale);
  // biome-ignore lint/correctness/useExhaustiveDependencies: show only scrolls and sets the page
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable], [role=dialog]")) return;
      const next = pageAfterKey(event.key, page, count, rtl);
      if (next === null || next === page) return;
      event.preventDefault();
      show(next);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [page, count, rtl]);

  const current = pages[page - 1];
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("flyer.title")}
      className="mx-auto max-w-4xl"
      data-flyer-viewer
    >
      <div className="relative rounded-3xl bg-stone-100 p-2 sm:p-4">
        <ol
          ref={track}
          aria-describedby="flyer-hint"
          onScroll={onScroll}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
        >
          {pages.map((image, index) => (
            <li
              key={image.id}
              className="w-full shrink-0 snap-start"
              aria-roledescription="slide"
              aria-label={t("flyer.page", { page: index + 1, count })}
              aria-hidden={index + 1 !== page}
              data-flyer-page={index + 1}
            >
              <StoaImage
                src={image.url}
                alt={image.alt || image.title}
                width={image.width || 1080}
                height={image.height || 1440}
                sizes={PAGE_SIZES}
                priority={index === initialPage - 1}
                className="mx-auto h-auto max-h-[80dvh] w-auto max-w-full rounded-xl bg-white object-contain shadow-sm"
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          onClick={() => show(Math.max(page - 1, 1))}
          disabled={page <= 1}
          tabIndex={-1}
          className="absolute start-3 top-1/2 hidden size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-stone-900 shadow-lg disabled:opacity-0 sm:flex"
          aria-hidden="true"
        >
          <ChevronStartIcon className="size-6" />
        </button>
        <button
          type="button"
          onClick={() => show(Math.min(page + 1, count))}
          disabled={page >= count}
          tabIndex={-1}
          className="absolute end-3 top-1/2 hidden size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-stone-900 shadow-lg disabled:opacity-0 sm:flex"
          aria-hidden="true"
        >
          <ChevronEndIcon className="size-6" />
        </button>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          onClick={() => show(Math.max(page - 1, 1))}
          disabled={page <= 1}
          className={`${buttonClass.secondary} px-4 py-2`}
          data-flyer-previous
        >
          <ChevronStartIcon className="size-4" />
          {t("flyer.previous")}
        </button>
        <p className="text-sm font-medium text-stone-700" aria-live="polite" data-flyer-status>
          {t("flyer.page", { page, count })}
        </p>
        <button
          type="button"
          onClick={() => show(Math.min(page + 1, count))}
          disabled={page >= count}
          className={`${buttonClass.secondary} px-4 py-2`}
          data-flyer-next
        >
          {t("flyer.next")}
          <ChevronEndIcon className="size-4" />
        </button>
      </div>
      {current?.title || current?.link ? (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-stone-200 p-5">
          <div>
            {current.title ? <p className="font-semibold text-stone-950">{current.title}</p> : null}
            {current.subtitle ? <p className="text-sm text-stone-600">{current.subtitle}</p> : null}
          </div>
          {current.link.startsWith("/") ? (
            <Link to={current.link} className={buttonClass.primary}>
              {t("flyer.shop-this")}
            </Link>
          ) : null}
        </div>
      ) : null}
      <p id="flyer-hint" className="mt-4 text-center text-xs text-stone-500">
        {t("flyer.keyboard-hint")}
      </p>
    </section>
  );
}

/** Every page at once, small: the overview, and the view that needs nothing but links. */
function FlyerGrid({ pages }: { pages: StoreImage[] }) {
  const { t } = useTranslation();
  return (
    <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-flyer-grid>
      {pages.map((image, index) => (
        <li key={image.id}>
          <Link
            to={flyerHref({ view: "pages", page: index + 1 })}
            className="group block rounded-2xl bg-stone-100 p-2 hover:bg-stone-200 focus-visible:ring-2 focus-visible:ring-focus"
            aria-label={t("flyer.open-page", { page: index + 1 })}
          >
            <StoaImage
              src={image.url}
              alt={image.alt || image.title}
              width={image.width || 1080}
              height={image.height || 1440}
              sizes="(min-width: 1024px) 16rem, (min-width: 640px) 33vw, 50vw"
              className="h-auto w-full rounded-xl bg-white object-contain shadow-sm"
            />
            <span className="mt-2 block text-center text-sm text-stone-700">
              {t("flyer.page", { page: index + 1, count: pages.length })}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

export function FlyerViewer({ pages, view, page }: { pages: StoreImage[]; view: FlyerView; page: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="mb-6 flex justify-end">
        {view === "grid" ? (
          <Link to={flyerHref({ view: "pages", page: 1 })} className={`${buttonClass.secondary} px-4 py-2`}>
            <ChevronEndIcon className="size-4" />
            {t("flyer.show-pages")}
          </Link>
        ) : (
          <Link
            to={flyerHref({ view: "grid", page })}
            className={`${buttonClass.secondary} px-4 py-2`}
            data-flyer-grid-link
          >
            <GridIcon className="size-4" />
            {t("flyer.show-grid")}
          </Link>
        )}
      </div>
      {view === "grid" ? (
        <FlyerGrid pages={pages} />
      ) : (
        <PagedFlyer key={page} pages={pages} initialPage={page} />
      )}
    </div>
  );
}
