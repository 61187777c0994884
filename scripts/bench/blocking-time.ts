// `npm run bench:blocking -- <storefront url>`: how long a phone's main thread is blocked while a
// page loads and hydrates, in Chromium with its CPU slowed four times (Lighthouse's mobile preset
// slows it as much), for home, a product listing and a product page in English and Arabic.
//
// It is the browser's own long tasks (over 50 ms) from the first contentful paint on, each counted
// beyond its first 50 ms, as Lighthouse counts its total blocking time; but measured in a real load
// rather than simulated, and as the median of several loads (BLOCKING_RUNS, 5), because one load
// of a page on a shared two-core machine is one noisy sample. Figures to record, not a test.
import { type Browser, chromium } from "playwright-core";
import { shopPages } from "./shop-pages.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const base = (process.argv[2] ?? process.env.STOREFRONT_URL ?? "http://localhost:3000").replace(/\/$/, "");
const RUNS = Math.max(1, Number(process.env.BLOCKING_RUNS ?? 5) || 5);
const LANGUAGES = (process.env.BLOCKING_LANGUAGES ?? "en,ar").split(",");
/** Lighthouse's mobile preset: a phone four times slower than the machine running the browser. */
const CPU_SLOWDOWN = 4;
/** Long enough after `load` for hydration and what the page does right after it. */
const SETTLE_MS = 4_000;

type Load = { blocking: number; longest: number; firstPaint: number };

/** One load of the page in a fresh phone-sized context: nothing cached from the load before. */
async function load(browser: Browser, url: string, language: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: language,
    extraHTTPHeaders: { "Accept-Language": language },
  });
  try {
    // The observer is there before the page's first script, so no long task goes unseen. (The
    // browser's code is a string: this script is typed for Node, without the DOM's types.)
    await context.addInitScript(`
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: "longtask", buffered: true });
    `);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    const { tasks, paint } = await page.evaluate<{ tasks: [number, number][]; paint: number }>(`({
      tasks: window.longTasks,
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    })`);
    const counted = tasks.filter(([start]) => start >= paint).map(([, duration]) => duration);
    return {
      blocking: counted.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longest: Math.max(0, ...counted),
      firstPaint: paint,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const pages = await shopPages(base);
  console.log(
    `Main thread blocked at ${base} (Chromium, CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS} loads)\n`,
  );
  console.log(
    "| page | language | blocking time | longest task | first contentful paint | every load's blocking time |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | --- |");
  for (const language of LANGUAGES) {
    for (const [name, path] of pages) {
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) loads.push(await load(browser, `${base}${path}`, language));
      const ms = (value: number) => `${Math.round(value)} ms`;
      console.log(
        `| ${name} | ${language} | ${ms(median(loads.map((l) => l.blocking)))} | ${ms(median(loads.map((l) => l.longest)))} | ${ms(median(loads.map((l) => l.firstPaint)))} | ${loads.map((l) => Math.round(l.blocking)).join(", ")} |`,
      );
    }
  }
} finally {
  await browser.close();
}
