// `npm run bench:blocking -- <storefront url>`: how long a phone's main thread is blocked while a
// page loads and hydrates, in Chromium with its CPU slowed four times (Lighthouse's mobile preset
// slows it as much), for home, a product listing and a product page in English and Arabic.
//
// It is the page's long tasks (over 50 ms) from the first contentful paint on, each counted beyond
// its first 50 ms, as Lighthouse counts its total blocking time; but measured in a real load rather
// than simulated, and as the median of several loads (BLOCKING_RUNS, 5), because one load of a page
// on a shared two-core machine is one noisy sample. Figures to record, not a test.
//
// The tasks are read from the browser's own trace of the page's main thread, not from the page's
// Long Tasks API: that one reports tasks that run script and leaves out those that only style, lay
// out and paint, which on a listing are the longest (a 30-card page's first full layout, 150–530 ms
// at 4×, never appeared in it). Until 2026-11-28 (morning) this script used the Long Tasks API, so
// its earlier figures are script time only.
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
/** What Lighthouse counts as long: a task beyond this blocks input for what it runs over. */
const LONG_TASK_MS = 50;

type Load = { blocking: number; longest: number; firstPaint: number };

/** A trace event as Chromium writes it: times in microseconds. */
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
};

/** The page's blocking time, longest task and first paint from a trace of its load. */
function blockingOf(events: TraceEvent[]): Load {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  const start = events.find((event) => event.name === "navigationStart" && event.pid === paint?.pid);
  if (!paint || !start) throw new Error("the trace has no first contentful paint");
  // Every task the main thread of the page's renderer ran, from the first paint on.
  const main = events.find(
    (event) =>
      event.name === "thread_name" && event.pid === paint.pid && event.args?.name === "CrRendererMain",
  );
  if (!main) throw new Error("the trace does not name the page's main thread");
  const tasks = events
    .filter(
      (event) =>
        event.name === "RunTask" &&
        event.ph === "X" &&
        event.pid === paint.pid &&
        event.tid === main.tid &&
        event.ts >= paint.ts,
    )
    .map((event) => (event.dur ?? 0) / 1000);
  return {
    blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0),
    longest: Math.max(0, ...tasks),
    firstPaint: (paint.ts - start.ts) / 1000,
  };
}

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
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "loading",
        "blink.user_timing",
      ],
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return blockingOf(trace.traceEvents);
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
