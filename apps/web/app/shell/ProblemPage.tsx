import { GUEST_ORDER_LINK_DAYS, SOMETHING_WRONG_TEXT } from "@stoa/contract";
import { Link, useLocation } from "react-router";
import type { PageProblem } from "../platform/api/page-problem.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { StoreIcon } from "../platform/ui/icons.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useRootData } from "./root-data.ts";

/** Last resort when even the shop's translations could not be loaded: the contract's own message. */
function BareProblem() {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6 text-center">
      <p className="text-lg text-stone-700">{SOMETHING_WRONG_TEXT}</p>
    </main>
  );
}

const STATUS: Record<PageProblem, string> = {
  "not-found": "404",
  "product-not-found": "404",
  "link-expired": "410",
  "no-shop": "404",
  unavailable: "503",
  "method-not-allowed": "405",
  "staff-role": "403",
};

/** The page for 404s, an unknown shop and an unreachable store API, in the shopper's language. */
export function ProblemPage({ problem, bare = false }: { problem: PageProblem; bare?: boolean }) {
  // Bare: no translations to read (the page failed before its shop was known), so no hook asks.
  return bare ? <BareProblem /> : <TranslatedProblem problem={problem} />;
}

function TranslatedProblem({ problem }: { problem: PageProblem }) {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const inShop = root?.kind === "shop";
  const domain = root?.kind === "problem" ? root.domain : "";
  const content = (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center"
      data-problem={problem}
    >
      {inShop ? (
        <p className="text-7xl font-black tracking-tight text-brand/20 tabular-nums">{STATUS[problem]}</p>
      ) : (
        <span className="flex size-16 items-center justify-center rounded-full bg-stone-200 text-stone-600">
          <StoreIcon className="size-8" />
        </span>
      )}
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl">
        {t(`problem.${problem}.title`)}
      </h1>
      <p className="mt-4 text-lg leading-7 text-stone-600">
        {t(`problem.${problem}.text`, { domain, days: GUEST_ORDER_LINK_DAYS })}
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        {problem === "unavailable" ? (
          <a href={`${location.pathname}${location.search}`} className={buttonClass.primary}>
            {t("problem.retry")}
          </a>
        ) : null}
        {inShop ? (
          <Link to="/" className={problem === "unavailable" ? buttonClass.secondary : buttonClass.primary}>
            {t("404-back-home")}
          </Link>
        ) : null}
      </div>
    </section>
  );
  return inShop ? (
    content
  ) : (
    <main className="flex min-h-dvh items-center justify-center bg-stone-50">{content}</main>
  );
}
