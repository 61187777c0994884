import type { InfoPage, InfoPageSection } from "@stoa/contract";
import type { ReactNode } from "react";
import { formatDay } from "../orders/dates.ts";
import { phoneNumbersLeftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ChevronDownIcon, InfoIcon } from "../platform/ui/icons.tsx";
import { containerClass } from "../platform/ui/ui.ts";
import { useShop } from "../shell/root-data.ts";
import { InfoPagesNav } from "./InfoPagesNav.tsx";
import { isPolicy, isQuestionList } from "./info-pages.ts";

const PARAGRAPH = "leading-7 text-stone-700";

/** A part of the page under its heading. */
function Section({ section }: { section: InfoPageSection }) {
  return (
    <section className="mt-10">
      <h2 dir="auto" className="text-xl font-semibold tracking-tight text-balance text-stone-950">
        {section.heading}
      </h2>
      <div className="mt-3 space-y-4">
        {section.paragraphs.map((paragraph, index) => (
          // Plain text in the shop's order: the position is the paragraph's identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id and never move
          <p key={index} dir="auto" className={PARAGRAPH}>
            {phoneNumbersLeftToRight(paragraph)}
          </p>
        ))}
      </div>
    </section>
  );
}

/**
 * The questions of a FAQ or help page, each a native disclosure: it opens with Enter or Space and
 * is read as one by screen readers, and the page works before (and without) its scripts. The first
 * answer shows from the start, so the page does not open on a wall of closed rows.
 */
function Questions({ sections }: { sections: InfoPageSection[] }) {
  return (
    <div className="mt-10 divide-y divide-stone-200 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
      {sections.map((section, index) => (
        <details key={section.heading} open={index === 0} className="group" data-info-question>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 hover:bg-stone-50 focus-visible:-outline-offset-2 sm:px-6 [&::-webkit-details-marker]:hidden">
            <h2 dir="auto" className="text-base font-semibold text-stone-950">
              {section.heading}
            </h2>
            <ChevronDownIcon className="size-5 shrink-0 text-stone-500 transition-transform group-open:rotate-180" />
          </summary>
          <div className="space-y-3 px-5 pb-5 sm:px-6">
            {section.paragraphs.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id and never move
              <p key={index} dir="auto" className={PARAGRAPH}>
                {phoneNumbersLeftToRight(paragraph)}
              </p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

/**
 * One information page as an article: the title, the summary as its lead, when a policy last
 * changed, then its sections. Where the shop has not written the page in the shopper's language
 * the API answers in English: the text is marked as English (read with English rules and voice,
 * each paragraph in its own direction) and a note in the page's language says why.
 */
export function InfoPageArticle({ page }: { page: InfoPage }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const textLang = page.locale !== locale ? page.locale : undefined;
  // Only English is a fallback. Other text in another language is a page whose shop does not offer
  // the shopper's language (the page then speaks another), asked for in the shopper's own.
  const englishOnly = textLang === "en";
  return (
    <article className="min-w-0 max-w-prose" data-info-page={page.slug} data-written-in={page.locale}>
      <header>
        <h1
          lang={textLang}
          dir="auto"
          className="text-3xl font-bold tracking-tight text-balance text-stone-950 sm:text-4xl"
        >
          {page.title}
        </h1>
        {page.summary ? (
          <p lang={textLang} dir="auto" className="mt-4 text-lg leading-8 text-pretty text-stone-600">
            {phoneNumbersLeftToRight(page.summary)}
          </p>
        ) : null}
        {isPolicy(page.slug) ? (
          <p className="mt-4 text-sm text-stone-500" data-info-updated>
            {/* The calendar day in UTC: the same on the server, in the browser and in a shared page. */}
            <time dateTime={page.updatedAt}>
              {t("info.updated", { date: formatDay(page.updatedAt, locale, "UTC") })}
            </time>
          </p>
        ) : null}
        {englishOnly ? (
          <p
            className="mt-6 flex items-start gap-3 rounded-2xl bg-sky-50 p-4 text-sm leading-6 text-sky-900"
            data-info-language-note
          >
            <InfoIcon className="size-5 shrink-0" />
            {t("info.english-only")}
          </p>
        ) : null}
      </header>
      <div lang={textLang}>
        {isQuestionList(page.slug) ? (
          <Questions sections={page.sections} />
        ) : (
          page.sections.map((section) => <Section key={section.heading} section={section} />)
        )}
      </div>
    </article>
  );
}

/** The frame of the information pages: the menu between them beside (or above) the page. */
export function InfoPageLayout({ children }: { children: ReactNode }) {
  return (
    <div className={`${containerClass} py-8 sm:py-12`}>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
        <InfoPagesNav />
        <div className="min-w-0 lg:col-start-2">{children}</div>
      </div>
    </div>
  );
}
