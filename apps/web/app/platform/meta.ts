import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "@stoa/contract";
import type { MetaDescriptor } from "react-router";
import type { RootData } from "../shell/root-data.ts";
import { shopTitleName } from "../shell/shop.ts";
import type { PageProblem } from "./api/page-problem.ts";
import { createI18n, type I18n } from "./i18n/i18n.ts";
import { metaTexts } from "./i18n/locale-texts.ts";

export type PageMeta = {
  /** The page's own name; the title becomes "Page | Shop". Home leaves it out. */
  title?: string;
  description?: string;
  /** Path (and meaningful query) of the canonical URL. */
  path: string;
  type?: "website" | "product";
};

/** Absolute base of canonical URLs: the shop's configured canonical origin, else this request's. */
function canonicalBase(configured: string, origin: string): string {
  try {
    const url = new URL(configured);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : origin;
  } catch {
    return origin;
  }
}

/**
 * The page metadata of spec §1/§3 from the store settings: title, description, canonical link,
 * Open Graph and Twitter card. Every route's `meta` goes through here, since React Router only
 * renders the deepest route's descriptors.
 */
export function shopMeta(root: RootData | undefined, page: PageMeta): MetaDescriptor[] {
  if (!root) return [];
  if (root.kind === "problem") return problemMeta(root, root.problem);
  const { store, origin, locale } = root;
  const { seo } = store.settings;
  const shopName = shopTitleName(store);
  const title = page.title ? `${page.title} | ${shopName}` : shopName;
  const description = page.description || seo.metaDescription;
  const canonical = new URL(page.path, canonicalBase(seo.canonicalUrl, origin)).href;
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: page.title ? title : seo.ogTitle || title },
    {
      property: "og:description",
      content: page.description ? description : seo.ogDescription || description,
    },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: locale },
    { name: "twitter:card", content: seo.twitterCardType || "summary_large_image" },
  ];
  if (seo.ogImage.original) {
    descriptors.push(
      { property: "og:image", content: new URL(seo.ogImage.original, origin).href },
      { property: "og:image:width", content: String(OG_IMAGE_WIDTH) },
      { property: "og:image:height", content: String(OG_IMAGE_HEIGHT) },
    );
  }
  if (seo.twitterHandle) descriptors.push({ name: "twitter:site", content: seo.twitterHandle });
  return descriptors;
}

/** Meta of a problem page (404, no shop, unavailable): its translated title, never indexed. */
export function problemMeta(root: RootData | undefined, problem: PageProblem): MetaDescriptor[] {
  if (!root) return [];
  const t = metaTranslator(root).t;
  const name = root.kind === "shop" ? ` | ${shopTitleName(root.store)}` : "";
  return [{ title: `${t(`problem.${problem}.title`)}${name}` }, { name: "robots", content: "noindex" }];
}

/** The translator a route's `meta` uses: the page's language, from the texts already loaded. */
export function metaTranslator(root: Pick<RootData, "locale">): I18n {
  return createI18n(root.locale, metaTexts(root.locale));
}

type MetaMatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root loader's data as seen from a route's `meta` function. */
export function rootDataOf(matches: readonly MetaMatchLike[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}

type Translate = I18n["t"];

/** Meta of a page about the shopper's own account: translated title, never indexed. */
export function accountPageMeta(
  matches: readonly MetaMatchLike[],
  path: string,
  title: (t: Translate) => string,
): MetaDescriptor[] {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path });
  const t = metaTranslator(root).t;
  return [...shopMeta(root, { title: title(t), path }), { name: "robots", content: "noindex" }];
}
