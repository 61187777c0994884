import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { CATEGORY_LAYOUTS, type CategoryLayout, formatMoney } from "@stoa/contract";
import { WEB_PORT } from "./ports.ts";
import {
  CARPARTS,
  cardStandInMiss,
  FURNITURE,
  fromPrice,
  GROCERY,
  hydrated,
  openDrawer,
  productsOf,
} from "./support.ts";

const RESTAURANT = `http://restaurant.localhost:${WEB_PORT}`;

/** The shop whose goods suit a layout best, so each preview shows what the layout was made for. */
const SHOP_FOR: Record<CategoryLayout, string> = {
  classic: GROCERY,
  modern: GROCERY,
  standard: GROCERY,
  minimal: GROCERY,
  compact: GROCERY,
  vegetables: GROCERY,
  restaurant: RESTAURANT,
  electronics: CARPARTS,
  carPart: CARPARTS,
  furniture: FURNITURE,
  newfurniturmenu: FURNITURE,
};

async function setLanguage(page: Page, base: string, lang: "en" | "ar" | "he") {
  await page.context().addCookies([{ name: "lang", value: lang, url: base }]);
}

/**
 * The page is hydrated and so is the list: a layout is its own chunk, and its part of the page
 * takes clicks once that chunk has arrived.
 */
async function listingLive(page: Page) {
  await hydrated(page);
  await expect(page.locator("[data-listing-live]")).toBeAttached();
}

const cardNames = (page: Page) => page.locator("[data-product-card] h3").allTextContents();

test.describe("filters, sort and shareable list URLs", () => {
  test("filter and sort from the sidebar; the URL reloads to the same list", async ({ page }) => {
    test.slow();
    await page.goto(`${GROCERY}/products?layout=classic`);
    await listingLive(page);
    const sidebar = page.locator("[data-listing-sidebar]");
    await sidebar.getByLabel("In stock only").check();
    await expect(page).toHaveURL(/\/products\?inStock=1&layout=classic$/);
    // The shopper sorts once the filtered list is on screen.
    await expect(page.locator("[data-active-filters]")).toContainText("In stock");
    await page.locator("[data-sort]").selectOption("price-asc");
    await expect(page).toHaveURL(/\/products\?inStock=1&sort=price-asc&layout=classic$/);
    // Links are rebuilt from the sorted page once React paints it (a moment after the address).
    const fruit = sidebar.getByRole("link", { name: "Fruit & Vegetables" });
    await expect(fruit).toHaveAttribute("href", /sort=price-asc/);
    await fruit.click();
    await expect(page).toHaveURL(
      /\/products\?categories=fruit-vegetables&inStock=1&sort=price-asc&layout=classic$/,
    );
    // The address changes before React has painted the new list: read it once it shows the category.
    await expect(page.locator("[data-active-filters]")).toContainText("Fruit & Vegetables");

    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(1);
    const prices = await page
      .locator("[data-product-card] [data-price] > span bdi")
      .evaluateAll((nodes) => nodes.map((node) => Number((node.textContent ?? "").replace(/[^\d.]/g, ""))));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const count = await page.locator("[data-result-count]").getAttribute("data-result-count");

    await page.reload();
    expect(await cardNames(page)).toEqual(names);
    await expect(page.locator("[data-result-count]")).toHaveAttribute("data-result-count", count ?? "");
    await expect(page.locator("[data-active-filters]")).toContainText("Fruit & Vegetables");
    await expect(page.locator("[data-active-filters]")).toContainText("In stock");
  });

  test("a shared link with comma lists, tags and prices opens the same list each time", async ({ page }) => {
    const url = `${GROCERY}/products?categories=fruit-vegetables,dairy-eggs&tags=vegan&maxPrice=5&sort=price-desc`;
    await page.goto(url);
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    const chips = page.locator("[data-active-filters]");
    for (const chip of ["Fruit & Vegetables", "Dairy & Eggs", "Vegan", "0 – 5"])
      await expect(chips).toContainText(chip);
    await page.goto(url);
    expect(await cardNames(page)).toEqual(names);
    // Older links name the category with `category=`; they still lead to the same products.
    await page.goto(`${GROCERY}/products?category=dairy-eggs`);
    const dairy = await cardNames(page);
    await page.goto(`${GROCERY}/products?categories=Dairy-Eggs`);
    expect(await cardNames(page)).toEqual(dairy);
  });

  test("a filter form without JavaScript leads to the same list", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${GROCERY}/products`);
    const sidebar = page.locator("[data-listing-sidebar]");
    await sidebar.getByLabel("Dairy & Eggs").check();
    await sidebar.getByLabel("Min").fill("2");
    await sidebar.getByRole("button", { name: "Apply price" }).click();
    await expect(page).toHaveURL(/categories=dairy-eggs/);
    await expect(page).toHaveURL(/minPrice=2/);
    await expect(page.locator("[data-active-filters]")).toContainText("Dairy & Eggs");
    await context.close();
  });

  test("unknown tags say so; unknown categories are not found", async ({ page }) => {
    await page.goto(`${GROCERY}/products?tags=no-such-tag`);
    await expect(page.locator("[data-listing-empty]")).toContainText("This shop has no tag “no such tag”");
    await expect(page.locator("[data-result-count]")).toHaveAttribute("data-result-count", "0");
    const missing = await page.goto(`${GROCERY}/products?categories=no-such-aisle`);
    expect(missing?.status()).toBe(404);
  });

  test("carPart lists makers to filter by, and the maker's slug is the URL", async ({ page }) => {
    await page.goto(`${CARPARTS}/products`);
    await listingLive(page);
    await expect(page.locator("[data-listing-layout]")).toHaveAttribute("data-listing-layout", "carPart");
    await expect(page.locator("[data-remarks]").first()).toBeVisible();
    await page
      .locator("[data-listing-sidebar]")
      .getByLabel(/Meridian Tyres/)
      .check();
    await expect(page).toHaveURL(/\/products\?manufacturer=meridian-tyres$/);
    // The list follows the URL once the filtered page has arrived.
    await expect(page.locator("[data-product-card] p span[dir=auto]").first()).toContainText(/meridian/i);
  });
});

test.describe("the eleven layouts", () => {
  for (const layout of CATEGORY_LAYOUTS) {
    test(`${layout} renders its products, wide and on a phone, and adds to the cart`, async ({ page }) => {
      test.setTimeout(60_000);
      const shop = SHOP_FOR[layout];
      await page.goto(`${shop}/products?layout=${layout}`);
      await expect(page.locator("[data-listing-layout]")).toHaveAttribute("data-listing-layout", layout);
      await expect(page.locator("[data-product-card]").first()).toBeVisible();
      await expect(page.locator("[data-price]").first()).toBeVisible();
      // Every layout sells: the first card that adds straight away puts one in the cart.
      await listingLive(page);
      await page.locator("[data-product-card] [data-add-to-cart]:enabled").first().click();
      await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
      await page.screenshot({ path: test.info().outputPath(`listing-${layout}-1280.png`) });
      expect(await cardStandInMiss(page), "the cards stand in at their own height, wide").toBeLessThan(0.08);
      await page.setViewportSize({ width: 360, height: 800 });
      await expect(page.locator("[data-product-card]").first()).toBeVisible();
      expect(await cardStandInMiss(page), "the cards stand in at their own height, on a phone").toBeLessThan(
        0.08,
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "no sideways scrolling on a phone").toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`listing-${layout}-360.png`) });
    });
  }

  test("right-to-left pages put the sidebar on the right", async ({ page }) => {
    await setLanguage(page, GROCERY, "ar");
    await page.goto(`${GROCERY}/products?layout=vegetables`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // Measured until both are laid out: the list may be swapped for its hydrated self in between,
    // and a box read from the element on its way out is null.
    await expect
      .poll(async () => {
        const sidebar = await page.locator("[data-listing-sidebar]").boundingBox();
        const firstCard = await page.locator("[data-product-card]").first().boundingBox();
        return sidebar && firstCard ? sidebar.x > firstCard.x : null;
      })
      .toBe(true);
    await page.screenshot({ path: test.info().outputPath("listing-vegetables-ar.png") });
  });
});

/**
 * Every card on the page says "From" its lowest price exactly where the store API says the product's
 * choices change its price, and shows a plain price elsewhere. Answers how many cards say "From".
 */
async function expectFromPrices(page: Page, request: APIRequestContext, domain: string): Promise<number> {
  const { records } = await productsOf(request, domain, 300);
  const summaries = new Map(records.map((product) => [product.id, product]));
  const cards = page.locator("[data-product-card]");
  await expect(cards.first()).toBeVisible();
  const ids = await cards.evaluateAll((nodes) =>
    nodes.map((node) => Number(node.getAttribute("data-product-card"))),
  );
  let saidFrom = 0;
  for (const id of new Set(ids)) {
    const summary = summaries.get(id);
    if (!summary) continue;
    const price = page.locator(`[data-product-card="${id}"] [data-price]`).first();
    if (summary.priceFrom === null) {
      await expect(price).not.toHaveAttribute("data-price-from");
      continue;
    }
    saidFrom += 1;
    await expect(price).toHaveAttribute("data-price-from");
    await expect(price).toHaveText(fromPrice(formatMoney(summary.priceFrom, summary.currency, "en")));
  }
  return saidFrom;
}

test.describe("'From' prices on cards", () => {
  test("products sold by variation at different prices read 'From' their lowest in every layout", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    for (const layout of CATEGORY_LAYOUTS) {
      await page.goto(`${FURNITURE}/products?layout=${layout}`);
      await expect(page.locator("[data-listing-layout]")).toHaveAttribute("data-listing-layout", layout);
      expect(await expectFromPrices(page, request, "furniture.localhost"), layout).toBeGreaterThan(0);
    }
  });

  test("dishes whose options cost extra read 'From' on the menu and on the home rails", async ({
    page,
    request,
  }) => {
    test.slow();
    await page.goto(`${RESTAURANT}/products`);
    expect(await expectFromPrices(page, request, "restaurant.localhost")).toBeGreaterThan(0);
    await page.goto(`${RESTAURANT}/`);
    expect(await expectFromPrices(page, request, "restaurant.localhost")).toBeGreaterThan(0);
    await page.goto(`${FURNITURE}/`);
    expect(await expectFromPrices(page, request, "furniture.localhost")).toBeGreaterThan(0);
  });
});

test.describe("category bars that scroll sideways", () => {
  /** What the bar shows of itself: how far it is scrolled, and which of its buttons can be seen. */
  const barState = (bar: Locator) =>
    bar.evaluate((node) => {
      const row = node.querySelector<HTMLElement>("[data-scroll-row]");
      const shown = (name: string) =>
        getComputedStyle(node.querySelector(`[data-scroll-${name}]`) as Element).opacity === "1";
      return {
        scrolled: Math.abs(row?.scrollLeft ?? 0),
        room: (row?.scrollWidth ?? 0) - (row?.clientWidth ?? 0),
        previous: shown("previous"),
        next: shown("next"),
      };
    });

  test("the restaurant's categories say there is more, and move with the buttons, at 1280 px", async ({
    page,
  }) => {
    await page.goto(`${RESTAURANT}/`);
    await hydrated(page);
    const bar = page.locator("header").getByRole("navigation", { name: "Main" });
    await expect.poll(() => barState(bar)).toMatchObject({ scrolled: 0, previous: false, next: true });
    const before = await bar.boundingBox();
    await page.screenshot({ path: test.info().outputPath("category-bar-1280.png") });

    await bar.locator("[data-scroll-next]").click();
    await expect.poll(async () => (await barState(bar)).scrolled).toBeGreaterThan(0);
    await expect.poll(() => barState(bar)).toMatchObject({ previous: true });
    // The buttons and fades lie over the bar: it keeps its size and place.
    expect(await bar.boundingBox()).toEqual(before);
    await bar.locator("[data-scroll-previous]").click();
    await expect.poll(() => barState(bar)).toMatchObject({ scrolled: 0, previous: false, next: true });
    // Links are where keyboard users go: the buttons take no tab stop and are hidden from screen readers.
    await expect(bar.locator("[data-scroll-next]")).toHaveAttribute("tabindex", "-1");
    await expect(bar.locator("[data-scroll-next]")).toHaveAttribute("aria-hidden", "true");
  });

  test("'On sale' stands in full view beside the categories, clear of the scroll button", async ({
    page,
  }) => {
    test.slow();
    for (const shop of [RESTAURANT, CARPARTS]) {
      for (const language of ["en", "he"] as const) {
        await setLanguage(page, shop, language);
        await page.goto(`${shop}/`);
        await hydrated(page);
        const bar = page.locator("header").getByRole("navigation");
        const onSale = bar.locator("[data-nav-on-sale]");
        await expect(onSale).toBeInViewport({ ratio: 1 });
        const sale = await onSale.boundingBox();
        const next = await bar.locator("[data-scroll-next]").boundingBox();
        if (!sale || !next) throw new Error("the bar has no 'On sale' or no scroll button");
        // The scroll button lies over the row only; "On sale" is outside it, however the row scrolls.
        expect(sale.x >= next.x + next.width || sale.x + sale.width <= next.x, `${shop} ${language}`).toBe(
          true,
        );
        if (shop === RESTAURANT && language === "he")
          await page.screenshot({ path: test.info().outputPath("nav-on-sale-1280-he.png") });
      }
    }
  });

  test("the bar opens on the category being browsed, one out of sight at first included", async ({
    page,
  }) => {
    await page.goto(`${RESTAURANT}/`);
    await hydrated(page);
    const bar = page.locator("header").getByRole("navigation", { name: "Main" });
    /** Whether a link of the bar lies wholly inside the bar's scrolled row. */
    const inRow = (link: Locator) =>
      link.evaluate((node) => {
        const row = node.closest("[data-scroll-row]")?.getBoundingClientRect();
        const box = node.getBoundingClientRect();
        return !!row && box.left >= row.left - 1 && box.right <= row.right + 1;
      });
    // The row's last category: beyond the row's end when it opens unscrolled.
    const last = bar.locator("[data-scroll-row] a").last();
    expect(await inRow(last)).toBe(false);
    const href = await last.getAttribute("href");
    await page.goto(`${RESTAURANT}${href}`);
    await hydrated(page);
    const current = bar.locator('a[aria-current="page"]');
    await expect(current).toHaveAttribute("href", href ?? "");
    await expect.poll(() => inRow(current)).toBe(true);
    await expect.poll(async () => (await barState(bar)).scrolled).toBeGreaterThan(0);
  });

  test("a menu's courses scroll by keyboard and by touch on a phone, mirrored right to left", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await setLanguage(page, RESTAURANT, "ar");
    await page.goto(`${RESTAURANT}/products`);
    await listingLive(page);
    const bar = page.locator("[data-course-bar]");
    await expect.poll(() => barState(bar)).toMatchObject({ scrolled: 0, previous: false, next: true });
    // Right to left, "next" sits at the left edge, where the row's end is.
    const next = await bar.locator("[data-scroll-next]").boundingBox();
    const barBox = await bar.boundingBox();
    expect((next?.x ?? 0) - (barBox?.x ?? 0)).toBeLessThan((barBox?.width ?? 0) / 2);
    await page.screenshot({ path: test.info().outputPath("course-bar-360-ar.png") });

    // Tabbing to the last course brings it into view, clear of the faded edge.
    const last = bar.locator("a").last();
    await last.focus();
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect.poll(() => barState(bar)).toMatchObject({ previous: true, next: false });
    const { room, scrolled } = await barState(bar);
    expect(scrolled).toBeGreaterThanOrEqual(room - 2);

    // A swipe back to the start (the row scrolled as a finger does) hides "previous" again.
    await bar.locator("[data-scroll-row]").evaluate((row) => row.scrollTo({ left: 0 }));
    await expect.poll(() => barState(bar)).toMatchObject({ scrolled: 0, previous: false, next: true });
  });

  test("a bar that fits shows neither buttons nor fades", async ({ page }) => {
    await page.goto(`${FURNITURE}/`);
    await hydrated(page);
    const bar = page.locator("header").getByRole("navigation", { name: "Main" });
    await expect(bar).toBeVisible();
    await expect.poll(() => barState(bar)).toMatchObject({ room: 0, previous: false, next: false });
    await expect(bar.locator("[data-scroll-row]")).not.toHaveAttribute("data-more-after");
  });
});

test.describe("drawers by keyboard", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("FILTER_VIEW opens with Enter, applies chosen filters and closes", async ({ page }) => {
    await page.goto(`${GROCERY}/products`);
    await listingLive(page);
    await page.locator("[data-open-filters]").focus();
    await page.keyboard.press("Enter");
    const drawer = openDrawer(page);
    await expect(drawer).toHaveAttribute("data-drawer-view", "FILTER_VIEW");
    await expect(drawer).toHaveAttribute("data-drawer-side", "left");
    await drawer.getByLabel("Fruits", { exact: true }).focus();
    await page.keyboard.press("Space");
    await drawer.getByLabel("In stock only").focus();
    await page.keyboard.press("Space");
    await drawer.locator("[data-apply-filters]").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products\?categories=fruits&inStock=1$/);
    await expect(openDrawer(page)).toHaveCount(0);
  });

  test("LEFT_CATEGORY closes on Escape, gives focus back, and its links keep the filters", async ({
    page,
  }) => {
    await page.goto(`${GROCERY}/products?onSale=1`);
    await listingLive(page);
    const opener = page.locator("[data-open-categories]");
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(openDrawer(page)).toHaveAttribute("data-drawer-view", "LEFT_CATEGORY");
    await page.keyboard.press("Escape");
    await expect(openDrawer(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    await openDrawer(page).getByRole("link", { name: "Bakery" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products\?categories=bakery&onSale=1$/);
  });

  test("LEFT_MENU leads to the menus and the flyer, mirrored in Hebrew", async ({ page }) => {
    await setLanguage(page, RESTAURANT, "he");
    await page.goto(`${RESTAURANT}/products`);
    await listingLive(page);
    await page.locator("[data-open-browse]").focus();
    await page.keyboard.press("Enter");
    const drawer = openDrawer(page);
    await expect(drawer).toHaveAttribute("data-drawer-view", "LEFT_MENU");
    await expect(drawer).toHaveAttribute("data-drawer-side", "right");
    await drawer.locator('a[href="/instoreflyer"]').focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/instoreflyer$/);
  });

  test("SEARCH_FILTER edits the search word and carries the kind of shop", async ({ page }) => {
    await page.goto(`${GROCERY}/products?keyword=apple`);
    await listingLive(page);
    await page.locator("[data-open-filters]").click();
    const drawer = openDrawer(page);
    await expect(drawer).toHaveAttribute("data-drawer-view", "SEARCH_FILTER");
    await drawer.getByLabel("Search word").fill("milk");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products\?keyword=milk&type=grocery$/);
    await expect(page.locator("[data-product-card]").first()).toBeVisible();
    await page.goto(`${GROCERY}/products?type=furniture`);
    await expect(page.locator("[data-listing-empty]")).toContainText("Nothing of that kind here");
  });
});

test.describe("in-store menu and flyer", () => {
  test("the in-store menu is a full screen of dishes, prices and remarks, without the shop around it", async ({
    page,
  }) => {
    await page.goto(`${RESTAURANT}/instoremenu`);
    await expect(page.locator("[data-instore-menu] h1")).toHaveText("Menu");
    await expect(page.locator("[data-open-account]")).toHaveCount(0);
    await expect(page.locator("[data-menu-item]").first()).toBeVisible();
    await expect(page.locator("[data-remarks]").filter({ hasText: "Spicy" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /add to cart/i })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("instoremenu.png") });
  });

  test("every menu says what the shop's tax setting says: added on top, or already in the prices", async ({
    page,
  }) => {
    // The restaurant's checkout adds tax to its prices; the furniture shop's prices hold it.
    await page.goto(`${RESTAURANT}/instoremenu`);
    await expect(page.locator("[data-tax-note]")).toHaveText("Tax is added at checkout");
    await page.goto(`${RESTAURANT}/menu`);
    await expect(page.locator("[data-tax-note]")).toHaveText("Tax is added at checkout");
    await page.goto(`${FURNITURE}/instoremenu`);
    await expect(page.locator("[data-tax-note]")).toHaveText("Prices include tax");
  });

  test("the flyer turns pages with buttons and arrow keys, and shows them all in a grid", async ({
    page,
  }) => {
    test.slow();
    await page.goto(`${GROCERY}/instoreflyer`);
    await hydrated(page);
    const status = page.locator("[data-flyer-status]");
    await expect(status).toHaveText(/^Page 1 of \d+$/);
    const count = Number((await status.textContent())?.match(/of (\d+)/)?.[1]);
    expect(count).toBeGreaterThan(1);
    await page.keyboard.press("ArrowRight");
    await expect(status).toHaveText(`Page 2 of ${count}`);
    await expect(page).toHaveURL(/\/instoreflyer\?page=2$/);
    await page.locator("[data-flyer-previous]").click();
    await expect(status).toHaveText(`Page 1 of ${count}`);
    await page.locator("[data-flyer-grid-link]").click();
    await expect(page.locator("[data-flyer-grid] li")).toHaveCount(count);
    await page.getByRole("link", { name: "Open page 3" }).click();
    await expect(status).toHaveText(`Page 3 of ${count}`);
    await page.screenshot({ path: test.info().outputPath("instoreflyer.png") });
  });

  test("in Arabic the left arrow turns to the next flyer page", async ({ page }) => {
    test.setTimeout(120_000);
    await setLanguage(page, GROCERY, "ar");
    await page.goto(`${GROCERY}/instoreflyer`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const status = page.locator("[data-flyer-status]");
    const first = await status.textContent();
    await page.keyboard.press("ArrowLeft");
    await expect(status).not.toHaveText(first ?? "");
    await expect(page).toHaveURL(/\/instoreflyer\?page=2$/);
    await page.screenshot({ path: test.info().outputPath("instoreflyer-ar.png") });
  });
});
