import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const url = process.argv[2]; const runs = Number(process.argv[3] ?? 3);
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  for (let i = 0; i < runs; i++) {
    const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] }, { extends: "lighthouse:default", settings: { extraHeaders: { "Accept-Language": "en", Cookie: "lang=en" } } });
    const a = r.lhr.audits; const f = (k) => a[k]?.numericValue?.toFixed(0);
    const obs = a.metrics?.details?.items?.[0] ?? {};
    console.log(`perf ${Math.round(r.lhr.categories.performance.score*100)} FCP ${f("first-contentful-paint")} LCP ${f("largest-contentful-paint")} SI ${f("speed-index")} TBT ${f("total-blocking-time")} | observed FCP ${obs.observedFirstContentfulPaint} LCP ${obs.observedLargestContentfulPaint} DCL ${obs.observedDomContentLoaded} load ${obs.observedLoad}`);
    const lcp = a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet;
    if (i === 0) { console.log("LCP element:", lcp?.slice(0, 200)); const bd = a["largest-contentful-paint-element"]?.details?.items?.[1]?.items; console.log(JSON.stringify(bd)); 
      const reqs = a["network-requests"].details.items.filter(x => x.startTime < (obs.observedFirstContentfulPaint ?? 0)); console.log("requests before observed FCP:", reqs.length); }
  }
} finally { await chrome.kill(); }
