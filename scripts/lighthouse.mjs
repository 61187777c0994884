#!/usr/bin/env node
import * as chromeLauncher from "chrome-launcher";
// `npm run lighthouse -- <storefront url>`: Lighthouse's mobile audit (its default preset: a
// mid-range phone, simulated slow 4G) of the home page, a product listing and a product page, in
// English and in Arabic, in the system Chromium. Prints performance, accessibility, best practices
// and SEO scores with CLS, LCP and TBT; FAILED_AUDITS=1 also lists what each page lost points on.
// The scores are figures to record (docs/benchmarks.md), not a test: they move with the machine.
import lighthouse from "lighthouse";

const base = (process.argv[2] ?? process.env.STOREFRONT_URL ?? "http://localhost:3000").replace(/\/$/, "");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LANGUAGES = (process.env.LIGHTHOUSE_LANGUAGES ?? "en,ar").split(",");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The first product the listing links to, so the product page audited exists. */
async function firstProductPath() {
  const html = await (await fetch(`${base}/products`)).text();
  const match = /href="(\/products\/\d+)"/.exec(html);
  if (!match) throw new Error(`${base}/products links to no product`);
  return match[1];
}

const score = (category) => (category?.score == null ? "–" : Math.round(category.score * 100));
const ms = (audit) => (audit?.numericValue == null ? "–" : `${(audit.numericValue / 1000).toFixed(2)} s`);

const pages = [
  ["home", "/"],
  ["listing", "/products"],
  ["product", await firstProductPath()],
];

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  console.log(`Lighthouse ${"(mobile preset, system Chromium)"} at ${base}\n`);
  console.log("| page | language | performance | accessibility | best practices | SEO | CLS | LCP | TBT |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const failures = [];
  for (const language of LANGUAGES) {
    for (const [name, path] of pages) {
      const result = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
        {
          extends: "lighthouse:default",
          // The shop's language follows the shopper's choice (a cookie) or the browser's.
          settings: { extraHeaders: { "Accept-Language": language, Cookie: `lang=${language}` } },
        },
      );
      const { categories, audits } = result.lhr;
      const cls = audits["cumulative-layout-shift"]?.numericValue;
      console.log(
        `| ${name} | ${language} | ${score(categories.performance)} | ${score(categories.accessibility)} | ${score(categories["best-practices"])} | ${score(categories.seo)} | ${cls == null ? "–" : cls.toFixed(3)} | ${ms(audits["largest-contentful-paint"])} | ${audits["total-blocking-time"]?.numericValue == null ? "–" : `${Math.round(audits["total-blocking-time"].numericValue)} ms`} |`,
      );
      for (const id of CATEGORIES) {
        for (const ref of categories[id]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit?.score !== null && audit?.score < 0.9)
            failures.push(
              `${name} ${language} ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ""}`,
            );
        }
      }
    }
  }
  if (process.env.FAILED_AUDITS) console.log(`\n${failures.join("\n")}`);
} finally {
  chrome.kill();
}
