import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import {
  type AddOnGroup,
  type Category,
  type Envelope,
  effectivePrice,
  formatMoney,
  isVariationInStock,
  type Locale,
  type ProductInfo,
  type ProductSummary,
  type ProductVariation,
  STORAGE_KEYS,
} from "@stoa/contract";
import {
  API,
  CARPARTS,
  CATERING,
  FURNITURE,
  fromPrice,
  GROCERY,
  hydrated,
  openDrawer,
  openModal,
  productInfoOf,
  productsOf,
  uniqueEmail,
} from "./support.ts";

const RESTAURANT = FURNITURE.replace("furniture.", "restaurant.");

/** The first product of a shop whose full record passes `wanted`, read from the store API. */
async function findProduct(
  request: APIRequestContext,
  domain: string,
  listed: (summary: Pick<ProductSummary, "hasVariations" | "hasOptions" | "priceFrom">) => boolean,
  wanted: (info: ProductInfo) => boolean,
): Promise<ProductInfo> {
  const { records } = await productsOf(request, domain, 300);
  for (const summary of records.filter(listed)) {
    const info = await productInfoOf(request, domain, summary.id);
    if (wanted(info)) return info;
  }
  throw new Error(`no product in ${domain} fits this journey`);
}

function money(info: ProductInfo, amount: number, locale: Locale = "en") {
  return formatMoney(amount, info.currency, locale);
}

/** Picks a variation's values chip by chip, as a shopper would. */
async function chooseVariation(scope: Locator, info: ProductInfo, v: ProductVariation) {
  for (const option of info.variationOptions) {
    const value = v.optionValues[option.key] as string;
    await scope.locator(`[data-option="${option.key}"] [data-option-value="${value}"]`).click();
  }
}

/** A furniture product with variations priced differently and at least one sold-out combination. */
function variationJourneyProduct(request: APIRequestContext) {
  return findProduct(
    request,
    "furniture.localhost",
    (p) => p.hasVariations,
    (info) => {
      const buyable = info.variations.filter(isVariationInStock);
      const prices = new Set(buyable.map((v) => effectivePrice(v.price, v.salePrice)));
      return prices.size > 1 && info.variations.some((v) => !isVariationInStock(v));
    },
  );
}

for (const locale of ["en", "ar"] as const) {
  test(`a furniture product's options set price, stock and the link (${locale})`, async ({
    page,
    context,
    request,
  }) => {
    await context.addCookies([{ name: "lang", value: locale, url: FURNITURE }]);
    const info = await variationJourneyProduct(request);
    const buyable = info.variations.filter(isVariationInStock);
    const first = buyable[0] as ProductVariation;
    const second = buyable.find(
      (v) => effectivePrice(v.price, v.salePrice) !== effectivePrice(first.price, first.salePrice),
    ) as ProductVariation;
    const soldOut = info.variations.find((v) => !isVariationInStock(v)) as ProductVariation;

    await page.goto(`${FURNITURE}/products/${info.id}`);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    const purchase = page.locator(`[data-product-purchase="${info.id}"]`);
    const add = purchase.locator("[data-add-to-cart]");
    await expect(add).toBeDisabled();
    await expect(add).toHaveAttribute("data-add-to-cart", "choose");

    // Every value of the sold-out variation but the last: that last one is then shown disabled.
    const lastOption = info.variationOptions.at(-1)?.key as string;
    for (const option of info.variationOptions.slice(0, -1)) {
      await purchase
        .locator(`[data-option="${option.key}"] [data-option-value="${soldOut.optionValues[option.key]}"]`)
        .click();
    }
    const blocked = purchase.locator(
      `[data-option="${lastOption}"] [data-option-value="${soldOut.optionValues[lastOption]}"]`,
    );
    await expect(blocked).toHaveAttribute("data-state", "sold-out");
    // A sold-out variation can be chosen: it cannot be bought, and the shopper may ask to hear when it is back.
    await blocked.click();
    await expect(purchase).toHaveAttribute("data-variation", String(soldOut.id));
    await expect(purchase.locator("[data-stock]")).toHaveAttribute("data-stock", "out-of-stock");
    await expect(add).toHaveAttribute("data-add-to-cart", "sold-out");
    await expect(purchase.locator("[data-stock-alert]")).toBeVisible();

    await chooseVariation(purchase, info, first);
    await expect(purchase).toHaveAttribute("data-variation", String(first.id));
    await expect(page).toHaveURL(new RegExp(`[?&]variation=${first.id}$`));
    await expect(purchase.locator("[data-price]").first()).toContainText(
      money(info, effectivePrice(first.price, first.salePrice), locale),
    );
    await expect(purchase.locator("[data-stock]")).toHaveAttribute(
      "data-stock",
      first.stock <= 5 ? "low-stock" : "in-stock",
    );
    await expect(purchase.locator("[data-sku]")).toContainText(first.sku);
    await expect(add).toBeEnabled();

    await chooseVariation(purchase, info, second);
    await expect(page).toHaveURL(new RegExp(`[?&]variation=${second.id}$`));
    const secondPrice = money(info, effectivePrice(second.price, second.salePrice), locale);
    await expect(purchase.locator("[data-price]").first()).toContainText(secondPrice);

    // The link is the choice: a reload (or a shared link) opens with it.
    await page.reload();
    await hydrated(page);
    await expect(purchase).toHaveAttribute("data-variation", String(second.id));
    await expect(purchase.locator("[data-price]").first()).toContainText(secondPrice);
    for (const option of info.variationOptions) {
      await expect(
        purchase.locator(
          `[data-option="${option.key}"] [data-option-value="${second.optionValues[option.key]}"] input`,
        ),
      ).toBeChecked();
    }
  });
}

const requiredGroupOf = (dish: ProductInfo) => dish.addOnGroups.find((g) => g.minSelect >= 1);
/** A group that allows several picks but offers more than that, so its maximum can be tried. */
const cappedGroupOf = (dish: ProductInfo) =>
  dish.addOnGroups.find(
    (g) => g.maxSelect > 1 && g.items.length > g.maxSelect && g.key !== requiredGroupOf(dish)?.key,
  );

test("a sold-out variation offers to email the shopper when it is back, with and without scripts", async ({
  page,
  browser,
  request,
}) => {
  const info = await variationJourneyProduct(request);
  const soldOut = info.variations.find((v) => !isVariationInStock(v)) as ProductVariation;
  await page.goto(`${FURNITURE}/products/${info.id}?variation=${soldOut.id}`);
  await hydrated(page);
  const alert = page.locator("[data-stock-alert]");
  await expect(alert).toBeVisible();
  await alert.getByRole("textbox").fill("not an address");
  await alert.locator("[data-stock-alert-submit]").click();
  await expect(alert.locator("[data-stock-alert-error]")).toBeVisible();
  const email = uniqueEmail("stock-alert");
  await alert.getByRole("textbox").fill(email);
  await alert.locator("[data-stock-alert-submit]").click();
  await expect(alert.locator("[data-stock-alert-sent]")).toContainText(email);

  // Before any script runs, the same form posts and comes back to the product, saying so.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(`${FURNITURE}/products/${info.id}?variation=${soldOut.id}`);
  const second = uniqueEmail("stock-alert-plain");
  await noScript.locator("[data-stock-alert] input[name=email]").fill(second);
  await noScript.locator("[data-stock-alert-submit]").click();
  await expect(noScript).toHaveURL(new RegExp(`/products/${info.id}\\?variation=${soldOut.id}&stock-alert=`));
  await expect(noScript.locator("[data-stock-alert-sent]")).toContainText(second);
  await plain.close();
});

test("a dish's options enforce their minimum and maximum and keep a running total", async ({
  page,
  request,
}) => {
  const info = await findProduct(
    request,
    "restaurant.localhost",
    (p) => p.hasOptions,
    (dish) => requiredGroupOf(dish) !== undefined && cappedGroupOf(dish) !== undefined,
  );
  const required = requiredGroupOf(info) as AddOnGroup;
  const capped = cappedGroupOf(info) as AddOnGroup;

  await page.goto(`${RESTAURANT}/products?keyword=${encodeURIComponent(info.name)}`);
  await hydrated(page);
  // Extras that cost more make the dish's price a "From" price, on its card and in its modal alike.
  const cheapest = (group: AddOnGroup) =>
    group.items
      .map((item) => item.price)
      .sort((a, b) => a - b)
      .slice(0, group.minSelect)
      .reduce((sum, price) => sum + price, 0);
  const from = fromPrice(
    money(
      info,
      effectivePrice(info.price, info.salePrice) + info.addOnGroups.map(cheapest).reduce((a, b) => a + b, 0),
    ),
  );
  const card = page.locator(`[data-product-card="${info.id}"]`);
  await expect(card.locator("[data-price]")).toHaveText(from);
  await card.locator('[data-choose-options="restaurant"]').click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "RESTAURANT_OPTION");
  const purchase = modal.locator(`[data-product-purchase="${info.id}"]`);
  await expect(purchase).toBeVisible();
  await expect(purchase.locator("[data-price]").first()).toHaveText(from);

  // Nothing chosen yet: adding points at the required group instead.
  await purchase.locator("[data-add-to-cart]").click();
  const requiredGroup = purchase.locator(`[data-add-on-group="${required.key}"]`);
  await expect(requiredGroup.locator("[data-add-on-error]")).toContainText("Required: pick");
  await expect(requiredGroup).toBeFocused();

  let picked = 0;
  for (const item of required.items.slice(0, required.minSelect)) {
    await requiredGroup.locator(`[data-add-on="${item.key}"]`).click();
    picked += item.price;
  }
  await expect(requiredGroup.locator("[data-add-on-error]")).toBeEmpty();

  const cappedGroup = purchase.locator(`[data-add-on-group="${capped.key}"]`);
  for (const item of capped.items.slice(0, capped.maxSelect)) {
    await cappedGroup.locator(`[data-add-on="${item.key}"]`).click();
    picked += item.price;
  }
  const oneTooMany = capped.items[capped.maxSelect] as AddOnGroup["items"][number];
  await cappedGroup.locator(`[data-add-on="${oneTooMany.key}"]`).click();
  await expect(cappedGroup.locator(`[data-add-on="${oneTooMany.key}"] input`)).not.toBeChecked();
  await expect(cappedGroup.locator("[data-add-on-error]")).toContainText(`up to ${capped.maxSelect} here`);

  const unit = effectivePrice(info.price, info.salePrice) + picked;
  await expect(purchase.locator("[data-total]")).toHaveText(money(info, unit));
  await purchase.getByRole("button", { name: "One more" }).click();
  await expect(purchase.locator("[data-total]")).toHaveText(money(info, unit * 2));

  // The dish goes into the cart with its options (it used to say ordering opens soon).
  await purchase.locator("[data-add-to-cart]").click();
  await expect(page.getByText(`${info.name} added to your cart`)).toBeVisible();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "2");
  await page.keyboard.press("Escape");
  await expect(openModal(page)).toHaveCount(0);

  // The cart prices the dish with its extras.
  await page.locator("[data-open-cart]").click();
  const line = openDrawer(page).locator(`[data-cart-line^="${info.id}:"]`);
  await expect(line.locator("[data-line-total]")).toHaveText(money(info, unit * 2));
});

test("a car part's modal checks whether it fits a vehicle", async ({ page, request }) => {
  const info = await findProduct(
    request,
    "carparts.localhost",
    () => true,
    (part) => part.fitment.length > 0,
  );
  const row = info.fitment[0] as ProductInfo["fitment"][number];
  await page.goto(`${CARPARTS}/products?keyword=${encodeURIComponent(info.name)}`);
  await hydrated(page);
  await page.locator(`[data-product-card="${info.id}"] [data-check-fit-card]`).click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "CARPART");
  await expect(modal.locator("[data-fitment-table] tbody tr")).toHaveCount(info.fitment.length);

  const check = modal.locator("[data-check-fit]");
  await check.getByLabel("Make").selectOption(row.make);
  await check.getByLabel("Model").selectOption(row.model);
  await check.getByLabel("Year").selectOption(String(row.yearTo));
  await expect(check.locator("[data-fit]")).toHaveAttribute("data-fit", "yes");

  const covered = (year: number) =>
    info.fitment.some(
      (r) => r.make === row.make && r.model === row.model && year >= r.yearFrom && year <= r.yearTo,
    );
  // Only the years the part fits are offered, and the checker says that a year missing does not fit.
  const offered = (await check.getByLabel("Year").locator("option").allTextContents())
    .map(Number)
    .filter((year) => Number.isInteger(year) && year > 0);
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.filter((year) => !covered(year))).toEqual([]);
  await expect(check.locator("[data-fit-years-hint]")).toContainText("if yours is not here, it does not fit");

  // The part is bought from the same modal.
  const purchase = modal.locator(`[data-product-purchase="${info.id}"]`);
  if (info.variations.length > 0) {
    await chooseVariation(purchase, info, info.variations.find(isVariationInStock) as ProductVariation);
  }
  await purchase.locator("[data-add-to-cart]").click();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
  await page.keyboard.press("Escape");

  // A part that lists no vehicles (a workshop manual, a universal tool) offers no check on its card.
  const { records } = await productsOf(request, "carparts.localhost", 300);
  const unfitted = records.find((product) => !product.hasFitment);
  if (!unfitted) throw new Error("every car part lists vehicles");
  await page.goto(`${CARPARTS}/products?keyword=${encodeURIComponent(unfitted.name)}`);
  await hydrated(page);
  const card = page.locator(`[data-product-card="${unfitted.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator("[data-check-fit-card]")).toHaveCount(0);
});

test("quick view shows the product and leads to its page", async ({ page }) => {
  await page.goto(`${GROCERY}/products`);
  await hydrated(page);
  const card = page.locator("[data-product-card]").first();
  const name = ((await card.locator("h3").textContent()) ?? "").trim();
  await card.hover();
  await card.getByRole("button", { name: `Quick view: ${name}` }).click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "PRODUCT_DETAILS");
  await expect(modal.getByRole("heading", { level: 2 })).toHaveText(name);
  await expect(modal.locator("[data-product-purchase]")).toBeVisible();
  const add = modal.locator("[data-product-purchase] [data-add-to-cart]");
  if ((await add.getAttribute("data-add-to-cart")) === "ready") {
    await add.click();
    await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
  }
  await modal.locator("[data-full-details]").click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(page.locator("h1")).toHaveText(name);
});

test("a product with variations opens the option picker from its card", async ({ page, request }) => {
  const info = await variationJourneyProduct(request);
  await page.goto(`${FURNITURE}/products?keyword=${encodeURIComponent(info.name)}`);
  await hydrated(page);
  // The card says "From" the cheapest variation on offer, as the modal does before a choice (the
  // modal leaves out what is sold out right now).
  const pays = (variations: ProductVariation[]) =>
    Math.min(...variations.map((v) => effectivePrice(v.price, v.salePrice)));
  const card = page.locator(`[data-product-card="${info.id}"]`);
  await expect(card.locator("[data-price]")).toHaveText(fromPrice(money(info, pays(info.variations))));
  await card.locator('[data-choose-options="variation"]').click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "SELECT_PRODUCT_VARIATION");
  const first = info.variations.find(isVariationInStock) as ProductVariation;
  const purchase = modal.locator(`[data-product-purchase="${info.id}"]`);
  await expect(purchase.locator("[data-price-from]").first()).toHaveText(
    fromPrice(money(info, pays(info.variations.filter(isVariationInStock)))),
  );
  await expect(purchase.locator("[data-add-to-cart]")).toBeDisabled();
  await chooseVariation(purchase, info, first);
  await expect(purchase.locator("[data-add-to-cart]")).toBeEnabled();
  await expect(modal.locator("[data-full-details]")).toHaveAttribute(
    "href",
    `/products/${info.id}?variation=${first.id}`,
  );
  await purchase.locator("[data-add-to-cart]").click();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
});

test("recently viewed remembers the products seen, newest first, without the one on screen", async ({
  page,
  request,
}) => {
  const { records } = await productsOf(request, "furniture.localhost", 2);
  const [a, b] = records as [ProductInfo, ProductInfo];
  await page.goto(`${FURNITURE}/products/${a.id}`);
  await hydrated(page);
  await page.goto(`${FURNITURE}/products/${b.id}`);
  await hydrated(page);
  await page.reload();
  await hydrated(page);
  const shelf = page.locator("[data-recently-viewed]");
  await expect(shelf.locator("[data-product-card]")).toHaveCount(1);
  await expect(shelf.locator(`[data-product-card="${a.id}"]`)).toBeVisible();
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.recentlyViewed);
  const list = JSON.parse(stored ?? "{}") as { idList: number[]; productList: object[] };
  expect(list.idList).toEqual([b.id, a.id]);
  expect(JSON.stringify(list.productList)).not.toContain('"description"');
  // The home page shows the same shelf, newest first, with nothing left out.
  await page.goto(`${FURNITURE}/`);
  await hydrated(page);
  const homeShelf = page.locator("[data-recently-viewed] [data-product-card]");
  await expect(homeShelf).toHaveCount(2);
  await expect(homeShelf.first()).toHaveAttribute("data-product-card", String(b.id));
});

test("on a phone the product page keeps its price and Add to cart at the bottom while its own are out of sight", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const info = await findProduct(
    request,
    "localhost",
    (summary) => !summary.hasVariations && !summary.hasOptions,
    (product) => product.stock > 1 && product.isAvailable,
  );
  await page.goto(`${GROCERY}/products/${info.id}`);
  await hydrated(page);
  const bar = page.locator("[data-sticky-buy-bar]");
  // While the page's own button is in view, there is no second one.
  await page.locator(`[data-product-purchase="${info.id}"] [data-add-to-cart]`).scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toBeVisible();
  await expect(bar.locator("[data-price]")).toContainText(
    money(info, effectivePrice(info.price, info.salePrice)),
  );
  await bar.locator("[data-sticky-add-to-cart]").click();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");

  // From a tablet up the buying column stays in view: no bar.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(bar).toBeHidden();
});

test("on a phone in Arabic a dish's bar shows its price whole beside or above a button that says its price too", async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await context.addCookies([{ name: "lang", value: "ar", url: RESTAURANT }]);
  const info = await findProduct(
    request,
    "restaurant.localhost",
    (summary) => summary.hasOptions && summary.priceFrom !== null,
    (product) => product.isAvailable,
  );
  await page.goto(`${RESTAURANT}/products/${info.id}`);
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = page.locator("[data-sticky-buy-bar]");
  await expect(bar).toBeVisible();
  // The text's own extent, which overflows a box squeezed narrower than its words.
  const price = await bar.locator("[data-price]").evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  const button = await bar.locator("[data-sticky-add-to-cart]").boundingBox();
  if (!price || !button) throw new Error("the bar shows no price or no button");
  const apart =
    price.y + price.height <= button.y ||
    button.y + button.height <= price.y ||
    price.x + price.width <= button.x ||
    button.x + button.width <= price.x;
  expect(apart, "the price and the button do not overlap").toBe(true);
  expect(price.x).toBeGreaterThanOrEqual(0);
  expect(price.x + price.width).toBeLessThanOrEqual(360);
});

test("opening a product page asks for nothing more, so a drawer opened at once stays open", async ({
  page,
  request,
}) => {
  const [product] = (await productsOf(request, "localhost", 1)).records;
  if (!product) throw new Error("the grocery shop has products");
  const dataRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".data")) dataRequests.push(r.url());
  });
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await page.locator("[data-open-account]").click();
  await expect(openDrawer(page).locator("[data-sign-in]")).toBeVisible();
  // Past the time a needless revalidation of the page would take to come back and close it.
  await page.waitForLoadState("networkidle");
  await expect(openDrawer(page).locator("[data-sign-in]")).toBeVisible();
  expect(dataRequests).toEqual([]);
});

test("you may also like comes when the shopper scrolls near it, in the page's language, and is shared", async ({
  page,
  context,
  request,
}) => {
  const [product] = (await productsOf(request, "localhost", 1)).records;
  if (!product) throw new Error("the grocery shop has products");
  const info = await productInfoOf(request, "localhost", product.id);
  expect(info.related.length).toBeGreaterThan(0);
  // Neither the page's HTML nor its data carries the related products.
  const html = await (await request.get(`${GROCERY}/products/${product.id}`)).text();
  expect(html).not.toContain(`data-product-card="${info.related[0]?.id}"`);

  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  await page.setViewportSize({ width: 360, height: 740 });
  const answer = page.waitForResponse((r) => r.url().endsWith(`/products/${product.id}/related`));
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  const shelf = page.locator("[data-related-products]");
  await expect(shelf.getByRole("heading", { level: 2 })).toBeVisible();
  await shelf.scrollIntoViewIfNeeded();
  const shared = (await answer).headers()["x-page-cache"];
  expect(["hit", "miss"]).toContain(shared);
  const cards = shelf.locator("[data-product-card]");
  await expect(cards).toHaveCount(info.related.length);
  const first = info.related[0];
  await expect(cards.first()).toContainText(first?.nameLocalizations.ar ?? "");
});

test("the breadcrumb leads from the top category down to the product's own, never chaining unrelated ones", async ({
  page,
  request,
}) => {
  const response = await request.post(`${API}/api/storeProductCategory/search`, {
    headers: { "store-domain": "localhost" },
    data: {},
  });
  const tree = ((await response.json()) as Envelope<Category[]>).data;
  const parent = tree.find((category) => category.isShow && category.children.some((child) => child.isShow));
  const child = parent?.children.find((category) => category.isShow);
  if (!parent || !child) throw new Error("the grocery has no shown category inside another");
  const { records } = await productsOf(request, "localhost", 300);
  const inChild = records.find((product) => product.categoryIds.includes(child.id));
  if (!inChild) throw new Error(`no product in ${child.slug}`);

  await page.goto(`${GROCERY}/products/${inChild.id}`);
  const breadcrumb = page.locator("main nav").filter({ has: page.locator('[aria-current="page"]') });
  await expect(breadcrumb.getByRole("link")).toHaveText(["Home", parent.name, child.name]);
  await breadcrumb.getByRole("link", { name: parent.name }).click();
  await expect(page).toHaveURL(new RegExp(`categories=${parent.slug}`));
});

test("a sale shows the price it lowers, struck through, on cards, search, the product page and in the cart", async ({
  page,
  request,
}) => {
  test.slow();
  // The restaurant's Margherita: on sale, with a crust that costs extra, so "From" its sale price.
  const dishes = (await productsOf(request, "restaurant.localhost", 300)).records;
  const dish = dishes.find((p) => p.priceFrom !== null && p.regularPriceFrom !== null);
  if (!dish?.priceFrom || !dish.regularPriceFrom) throw new Error("no dish on sale with a 'From' price");
  const dishMoney = (amount: number) => formatMoney(amount, dish.currency, "en");
  for (const path of [
    `/products?keyword=${encodeURIComponent(dish.name)}`,
    `/search?q=${encodeURIComponent(dish.name)}`,
  ]) {
    await page.goto(`${RESTAURANT}${path}`);
    const price = page.locator(`[data-product-card="${dish.id}"] [data-price]`).first();
    await expect(price.locator("[data-price-was]")).toContainText(dishMoney(dish.regularPriceFrom));
    // Read out as both: what it costs now and what it cost before.
    await expect(price).toHaveText(
      new RegExp(
        `From\\s*Now\\s*${literally(dishMoney(dish.priceFrom))}\\s*Was\\s*${literally(dishMoney(dish.regularPriceFrom))}`,
      ),
    );
  }
  await page.goto(`${RESTAURANT}/products/${dish.id}`);
  await expect(page.locator("[data-product-page] [data-price-was]").first()).toContainText(
    dishMoney(dish.regularPriceFrom),
  );
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: test.info().outputPath("dish-sale-360.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A grocery line on sale keeps its regular price beside it in the cart.
  const groceries = (await productsOf(request, "localhost", 300)).records;
  const onSale = groceries.find(
    (p) => p.salePrice !== null && p.salePrice < p.price && !p.hasVariations && !p.hasOptions && p.stock > 2,
  );
  if (!onSale) throw new Error("the grocery has nothing simple on sale");
  await page.goto(`${GROCERY}/products/${onSale.id}`);
  await hydrated(page);
  await page.locator(`[data-product-purchase="${onSale.id}"] [data-add-to-cart]`).first().click();
  await page.locator("[data-open-cart]").click();
  const line = openDrawer(page).locator("[data-cart-line]").first();
  await expect(line.locator("[data-price-was]")).toHaveText(
    `Was ${formatMoney(onSale.price, onSale.currency, "en")}`,
  );
  await page.screenshot({ path: test.info().outputPath("cart-sale-line.png") });
});

test("choosing a platter's size changes its words: the size under the name, in the details and the description", async ({
  page,
  request,
}) => {
  test.slow();
  // A platter for 12 that also comes for 24 people, the larger size in stock.
  const bigSize = (info: ProductInfo) =>
    info.variations.find((v) => v.optionValues.portion === "serves-24" && isVariationInStock(v));
  const info = await findProduct(
    request,
    "catering.localhost",
    (p) => p.hasVariations,
    (info) =>
      info.unit === "serves 12" && bigSize(info) !== undefined && info.description.includes("Serves 12."),
  );
  const board = info;
  const big = bigSize(info) as ProductVariation;
  for (const locale of ["en", "he"] as const) {
    await page.context().addCookies([{ name: "lang", value: locale, url: CATERING }]);
    await page.goto(`${CATERING}/products/${board.id}`);
    await hydrated(page);
    const product = page.locator("[data-product-page]");
    await chooseVariation(product.locator(`[data-product-purchase="${board.id}"]`).first(), info, big);
    const [unit, sentence] = locale === "en" ? [/serves 24/i, "Serves 24."] : [/ל-24 סועדים/, "ל-24 סועדים."];
    await expect(product.locator("div:has(> div > h1) > [data-unit]")).toContainText(unit);
    await expect(
      product.locator("[aria-labelledby=product-details] dd").filter({ hasText: unit }),
    ).toHaveCount(1);
    await expect(product.locator("[data-product-description]")).toContainText(sentence);
    await expect(product.locator("[data-product-description]")).not.toContainText("12");
    if (locale === "he") {
      await page.setViewportSize({ width: 360, height: 780 });
      await product.locator("[data-product-description]").scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath("platter-serves-24-he-360.png") });
    }
  }
});

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
