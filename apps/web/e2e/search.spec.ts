import { expect, type Page, test } from "@playwright/test";
import { SEARCH_HISTORY_SIZE, STORAGE_KEYS } from "@stoa/contract";
import { CATERING, GROCERY, hydrated, openDrawer } from "./support.ts";

const headerBox = (page: Page) => page.locator("[data-header-search] [role=combobox]");
const storedHistory = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as string[] | null,
    STORAGE_KEYS.searchHistory,
  );

async function freshPage(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await hydrated(page);
}

test("suggestions while typing, picked by keyboard; history kept across reloads, capped and cleared", async ({
  page,
}) => {
  test.slow();
  await freshPage(page, `${GROCERY}/`);
  const box = headerBox(page);
  await box.click();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially("milk");
  await expect(box).toHaveAttribute("aria-expanded", "true");

  const listbox = page.locator(`#${await box.getAttribute("aria-controls")}`);
  await expect(listbox).toHaveAttribute("role", "listbox");
  const products = listbox.locator("[role=option][data-search-option=product]");
  await expect(products.first()).toBeVisible();
  // Matches are highlighted in the names; each suggestion shows its price.
  await expect(products.locator("mark", { hasText: /milk/i }).first()).toBeVisible();
  await expect(products.first().locator("[data-price]")).toContainText("$");
  await expect(listbox.locator("[data-search-option=search]")).toContainText("milk");

  await box.press("ArrowDown");
  const first = products.first();
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await box.press("ArrowUp");
  await expect(first).toHaveAttribute("aria-selected", "true");
  const productId = await first.getAttribute("data-product-id");
  await box.press("Enter");
  await expect(page).toHaveURL(`${GROCERY}/products/${productId}`);
  await expect(page.locator(`[data-product-page="${productId}"]`)).toBeVisible();
  expect(await storedHistory(page)).toEqual(["milk"]);

  // Escape closes the list and keeps the text; Enter with nothing chosen searches the text.
  await headerBox(page).fill("olive oil");
  await expect(page.locator("[data-search-option=product]").first()).toBeVisible();
  await headerBox(page).press("Escape");
  await expect(headerBox(page)).toHaveAttribute("aria-expanded", "false");
  await expect(headerBox(page)).toHaveValue("olive oil");
  await headerBox(page).press("Enter");
  await expect(page).toHaveURL(`${GROCERY}/search?text=olive+oil`);

  await page.reload();
  await hydrated(page);
  // The box shows the search on screen; emptied, it offers the recent searches.
  await expect(headerBox(page)).toHaveValue("olive oil");
  await headerBox(page).fill("");
  const history = page.locator("[data-search-history] [role=option]");
  await expect(history).toHaveText(["olive oil", "milk"]);

  // The history keeps the last 20: 20 older searches and one new one leave the newest 20.
  const older = Array.from({ length: SEARCH_HISTORY_SIZE }, (_, n) => `older ${n + 1}`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.searchHistory,
    JSON.stringify(older),
  ] as const);
  await page.reload();
  await hydrated(page);
  await headerBox(page).fill("bread");
  await headerBox(page).press("Enter");
  await expect(page).toHaveURL(`${GROCERY}/search?text=bread`);
  const capped = await storedHistory(page);
  expect(capped).toHaveLength(SEARCH_HISTORY_SIZE);
  expect(capped?.[0]).toBe("bread");
  expect(capped).not.toContain(`older ${SEARCH_HISTORY_SIZE}`);

  // A recent search goes by its button or by Delete; "Clear all" empties the history.
  await headerBox(page).fill("");
  await expect(history).toHaveCount(SEARCH_HISTORY_SIZE);
  await page.locator("[data-forget-search='older 1']").click();
  await expect(history).toHaveCount(SEARCH_HISTORY_SIZE - 1);
  await headerBox(page).press("ArrowDown");
  await headerBox(page).press("Delete");
  await expect(history.first()).toHaveText("older 2");
  await page.locator("[data-clear-history]").click();
  await expect(page.locator("[data-search-history]")).toHaveCount(0);
  expect(await storedHistory(page)).toBeNull();
});

test("the search page: shareable results, sort, refine, and help when nothing is found", async ({ page }) => {
  await freshPage(page, `${GROCERY}/search?text=milk`);
  await expect(page.locator("[data-search-title]")).toContainText("milk");
  const count = Number(await page.locator("[data-result-count]").getAttribute("data-result-count"));
  expect(count).toBeGreaterThan(0);
  await expect(page.locator("main [data-product-card]")).toHaveCount(Math.min(count, 30));
  await expect(page).toHaveTitle(/milk/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");

  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(`${GROCERY}/search?text=milk&sort=price-asc`);
  // The price paid is the first amount of each card's price (a struck-through one may follow).
  const amounts = () =>
    page
      .locator("main [data-product-card] [data-price]")
      .evaluateAll((nodes) =>
        nodes.map((node) => Number((node.querySelector("bdi")?.textContent ?? "").replace(/[^\d.]/g, ""))),
      );
  await expect
    .poll(async () => {
      const shown = await amounts();
      return shown.every((amount, index) => index === 0 || (shown[index - 1] ?? 0) <= amount);
    })
    .toBe(true);

  await page.locator("[data-refine]").click();
  await expect(page).toHaveURL(`${GROCERY}/products?keyword=milk&sort=price-asc`);

  await page.goto(`${GROCERY}/search?text=${encodeURIComponent("zzqx xqzjv")}`);
  await expect(page.locator("[data-search-empty]")).toContainText("No results for");
  await expect(page.locator("[data-search-empty]").getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Popular right now" })).toBeVisible();

  await page.goto(`${GROCERY}/search`);
  await expect(page.getByRole("heading", { name: "What are you looking for?" })).toBeVisible();
});

test("a mistyped search finds the shop's products and offers its own words: did you mean …?", async ({
  page,
}) => {
  // One slip in a word of the home banner: the strawberries are found, and the right word offered.
  await page.goto(`${GROCERY}/search?text=stawberry`);
  await expect(page.locator("main [data-product-card]").first()).toContainText("Strawberries");
  await expect(page.locator("[data-did-you-mean]")).toHaveText("Did you mean “\u2068strawberries\u2069”?");

  // Too far to be matched, near enough to be suggested: nothing found, and a way to what was meant.
  await page.goto(`${CATERING}/search?text=strwbry`);
  await expect(page.locator("[data-search-empty]")).toContainText("No results for");
  const didYouMean = page.locator("[data-did-you-mean]");
  await expect(didYouMean).toHaveText("Did you mean “\u2068strawberry\u2069”?");
  await didYouMean.click();
  await expect(page).toHaveURL(`${CATERING}/search?text=strawberry`);
  await expect(page.locator("main [data-product-card]").first()).toContainText("Strawberry Cream Cake");
  await expect(page.locator("[data-did-you-mean]")).toHaveCount(0);

  // The same offer in the shopper's language, the shop's word kept as it is.
  await page.context().addCookies([{ name: "lang", value: "he", url: CATERING }]);
  await page.goto(`${CATERING}/search?text=strwbry`);
  await expect(page.locator("[data-did-you-mean]")).toHaveText(/האם התכוונת.*strawberry/);
});

test.describe("home banners on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const locale of ["en", "ar"] as const) {
    test(`the banner's words are the page's own, readable at 360 px in ${locale}`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: "lang", value: locale, url: GROCERY }]);
      await page.goto(`${GROCERY}/`);
      const slide = page.locator("[data-hero-carousel] [data-slide]").first();
      const title = slide.getByRole("heading", { level: 2 });
      await expect(title).toBeVisible();
      await expect(title).toHaveText(locale === "ar" ? /[\u0600-\u06FF]/ : /[A-Za-z]/);
      // Set in the page at a phone's reading size, not shrunk with a picture.
      const size = await title.evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
      expect(size).toBeGreaterThanOrEqual(18);
      // The words sit under the art, inside the screen.
      const box = await title.boundingBox();
      const art = await slide.locator("img").boundingBox();
      expect(box && art && box.y >= art.y + art.height - 1).toBe(true);
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    });
  }
});

test("home: banner carousel moved by buttons and keys; sections of eight products at most", async ({
  page,
}) => {
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  const carousel = page.locator("[data-hero-carousel]");
  const slides = carousel.locator("[data-slide]");
  expect(await slides.count()).toBeGreaterThan(1);
  // The first banner is the page's main image: loaded at once, the others lazily.
  await expect(slides.first().locator("img")).toHaveAttribute("loading", "eager");
  await expect(slides.nth(1).locator("img")).toHaveAttribute("loading", "lazy");
  await expect(carousel.locator("[data-slide-dot='0']")).toHaveAttribute("aria-current", "true");
  await carousel.locator("[data-next-slide]").click();
  await expect(carousel.locator("[data-slide-dot='1']")).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(carousel.locator("[data-slide-dot='0']")).toHaveAttribute("aria-current", "true");
  await carousel.locator("[data-previous-slide]").click();
  await expect(carousel.locator("[data-slide-dot]").last()).toHaveAttribute("aria-current", "true");

  // Best sellers come with the page; the rails below come when the shopper scrolls near them.
  await expect(page.locator("[data-home-section=weekly-deals]")).toHaveCount(0);
  // The link for visitors without scripts is not shown where scripts run.
  await expect(page.locator("[data-without-scripts]")).toBeHidden();
  await page.locator("[data-later-rails]").scrollIntoViewIfNeeded();
  for (const section of ["best-sellers", "weekly-deals", "recommended"]) {
    const cards = page.locator(`[data-home-section=${section}] [data-product-card]`);
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(8);
  }
  // Weekly deals are products on sale.
  await expect(page.locator("[data-home-section=weekly-deals] [data-product-card]").first()).toContainText(
    "−",
  );
  const collections = page.locator("[data-home-section^=collection-]");
  expect(await collections.count()).toBeGreaterThan(0);
  await expect(collections.first().locator("[data-product-card]").first()).toBeVisible();
  // Each product shows once on the page, whichever rail it is in.
  const shown = await page
    .locator("[data-home-section] [data-product-card]")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-product-card")));
  expect(new Set(shown).size).toBe(shown.length);
});

test("right to left on a phone: '/' opens SEARCH_VIEW, Arabic suggestions, chosen by keyboard", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  await freshPage(page, `${GROCERY}/`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.keyboard.press("/");
  const drawer = openDrawer(page);
  await expect(drawer).toHaveAttribute("data-drawer-view", "SEARCH_VIEW");
  const box = drawer.getByRole("combobox");
  await expect(box).toBeFocused();
  await page.keyboard.type("حليب");
  const first = drawer.locator("[data-search-option=product]").first();
  await expect(first).toContainText("حليب");
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  const productId = await first.getAttribute("data-product-id");
  await box.press("Enter");
  await expect(page).toHaveURL(`${GROCERY}/products/${productId}`);
  await expect(openDrawer(page)).toHaveCount(0);
  expect(await storedHistory(page)).toEqual(["حليب"]);

  await page.goto(`${GROCERY}/search?text=${encodeURIComponent("حليب")}`);
  await expect(page.locator("[data-search-title]")).toContainText("نتائج");
  await expect(page.locator("main [data-product-card]").first()).toBeVisible();
});
