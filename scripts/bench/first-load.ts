// `npm run bench:first-load -- <storefront url>`: the JavaScript a shopper's browser downloads to
// show a page, measured from a real page load in Chromium (not from the build manifest, because
// code split off with React.lazy only counts when the page actually renders it).
//
// For home, a product listing, a product page and a missing page it records every script the page
// fetched until the network went quiet, and reports their count, raw size and gzip size (each file
// compressed at zlib's default level, as the storefront's own compression sends it).
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { shopPages } from "./shop-pages.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const base = (process.argv[2] ?? process.env.STOREFRONT_URL ?? "http://localhost:3000").replace(/\/$/, "");

type Script = { url: string; raw: number; gzip: number };

async function scriptsOf(page: Page, url: string): Promise<Script[]> {
  const scripts: Promise<Script | null>[] = [];
  const listener = (response: import("playwright-core").Response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body).length }))
        .catch(() => null),
    );
  };
  page.on("response", listener);
  await page.goto(url, { waitUntil: "networkidle" });
  page.off("response", listener);
  return (await Promise.all(scripts)).filter((script): script is Script => script !== null);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const pages = [...(await shopPages(base)), ["not found", "/no-such-page"]];
  console.log(`First load JavaScript at ${base} (Chromium, cold cache per page)\n`);
  console.log("| page | path | files | raw | gzip |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const [name, path] of pages) {
    // A fresh context per page: nothing cached from the page before.
    const fresh = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const scripts = await scriptsOf(await fresh.newPage(), `${base}${path}`);
    await fresh.close();
    const raw = scripts.reduce((sum, script) => sum + script.raw, 0);
    const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`| ${name} | ${path} | ${scripts.length} | ${kb(raw)} | ${kb(gzip)} |`);
    if (process.env.FIRST_LOAD_FILES)
      for (const script of scripts.sort((a, b) => b.gzip - a.gzip))
        console.log(`|   | ${new URL(script.url).pathname} | | ${kb(script.raw)} | ${kb(script.gzip)} |`);
  }
} finally {
  await browser.close();
}
