#!/usr/bin/env node
// `npm run lighthouse -- <storefront url>`: Lighthouse's mobile audit (its default preset: a
// mid-range phone, simulated slow 4G) of the home page, a product listing and a product page, in
// English and in Arabic, in the system Chromium. Prints performance, accessibility, best practices
// and SEO scores with CLS, LCP and TBT; FAILED_AUDITS=1 also lists what each page lost points on.
// The scores are figures to record (docs/benchmarks.md), not a test: they move with the machine.
// One run of a page is one sample of a noisy figure: LIGHTHOUSE_RUNS=5 audits each page five
// times and prints the median run by Lighthouse's own choice (its FCP and interactive times).
//
// Chromium runs without paint holding, as Playwright runs it for the journeys, and draws a frame
// only once every stage of the compositor has run. Headless Chromium without a display otherwise
// holds a page's first paint, at random, for one or two whole seconds after the page is ready to
// paint, with the main thread idle meanwhile (Lighthouse issues #17148 and #17230; seen here:
// first paint at 1.2 s or 2.2 s against 0.1-0.5 s, even for the page saved as a static file with
// its scripts removed). Lighthouse's simulation then counts every script that ran before that
// late paint into the LCP, and a page that paints at once on a phone loses up to 20 points.
// `PAINT_HOLDING=1` keeps Chromium's defaults, to see the difference.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { shopPages } from "./bench/shop-pages.ts";

const base = (process.argv[2] ?? process.env.STOREFRONT_URL ?? "http://localhost:3000").replace(/\/$/, "");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LANGUAGES = (process.env.LIGHTHOUSE_LANGUAGES ?? "en,ar").split(",");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const paintHolding = process.env.PAINT_HOLDING === "1";

const score = (category) => (category?.score == null ? "–" : Math.round(category.score * 100));
const ms = (audit) => (audit?.numericValue == null ? "–" : `${(audit.numericValue / 1000).toFixed(2)} s`);

const pages = await shopPages(base);

/** chrome-launcher's own flags, with paint holding added to the features they turn off. */
function launchFlags() {
  const flags = chromeLauncher.Launcher.defaultFlags();
  if (paintHolding) return flags;
  const disabled = flags.findIndex((flag) => flag.startsWith("--disable-features="));
  // Chromium reads only the last --disable-features it is given: one list, extended.
  if (disabled === -1) return [...flags, "--disable-features=PaintHolding"];
  return flags.map((flag, i) => (i === disabled ? `${flag},PaintHolding` : flag));
}

const chrome = await chromeLauncher.launch({
  chromePath,
  ignoreDefaultFlags: true,
  chromeFlags: [
    ...launchFlags(),
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    ...(paintHolding ? [] : ["--run-all-compositor-stages-before-draw"]),
  ],
});
try {
  console.log(
    `Lighthouse (mobile preset, system Chromium${paintHolding ? ", paint holding on" : ""}${RUNS > 1 ? `, median of ${RUNS} runs` : ""}) at ${base}\n`,
  );
  console.log("| page | language | performance | accessibility | best practices | SEO | CLS | LCP | TBT |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const failures = [];
  for (const language of LANGUAGES) {
    for (const [name, path] of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(
          `${base}${path}`,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
          {
            extends: "lighthouse:default",
            // The shop's language follows the shopper's choice (a cookie) or the browser's.
            settings: { extraHeaders: { "Accept-Language": language, Cookie: `lang=${language}` } },
          },
        );
        runs.push(result.lhr);
      }
      const { categories, audits } = RUNS > 1 ? computeMedianRun(runs) : runs[0];
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
