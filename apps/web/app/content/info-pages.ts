import { type InfoPageSlug, isInfoPage } from "@stoa/contract";

/**
 * The information page a path asks for (`/faq`, `/faq/`), or null. One route module serves every
 * information page, each at its own path, so the loader learns which one from the address.
 */
export function infoPageSlugOf(pathname: string): InfoPageSlug | null {
  const slug = pathname.replace(/^\/+|\/+$/g, "");
  return isInfoPage(slug) ? slug : null;
}

/** The page's own path: the footer and the pages' navigation link it. */
export function infoPagePath(slug: InfoPageSlug): string {
  return `/${slug}`;
}

/** Policies say when the shop last changed them: what a shopper agreed to may have moved since. */
const POLICIES: ReadonlySet<InfoPageSlug> = new Set(["privacy", "terms", "returnexchange"]);

export function isPolicy(slug: InfoPageSlug): boolean {
  return POLICIES.has(slug);
}

/**
 * On these pages each section is a question and its answer: shown folded, a shopper scans the
 * questions for theirs instead of reading every answer.
 */
const QUESTION_PAGES: ReadonlySet<InfoPageSlug> = new Set(["faq", "help"]);

export function isQuestionList(slug: InfoPageSlug): boolean {
  return QUESTION_PAGES.has(slug);
}
