import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  type Envelope,
  effectivePrice,
  formatMoney,
  isVariationInStock,
  type Paginated,
  type ProductInfo,
  type ProductSummary,
  type ProductVariation,
  STORAGE_KEYS,
} from "@stoa/contract";
import {
  API,
  createVerifiedAccount,
  FURNITURE,
  GROCERY,
  hydrated,
  openDrawer,
  productInfoOf,
  productsOf,
  signIn,
  signOutFromDrawer,
  uniqueEmail,
} from "./support.ts";

/** A product a card adds straight away, with a small stock so the stepper meets its end. */
async function simpleProduct(request: APIRequestContext): Promise<ProductSummary> {
  const { records } = await productsOf(request, "furniture.localhost", 300);
  const simple = records
    .filter((p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 2)
    .sort((a, b) => a.stock - b.stock);
  const found = simple[0];
  if (!found) throw new Error("no simple furniture product with stock");
  return found;
}

async function variationProduct(
  request: APIRequestContext,
): Promise<{ info: ProductInfo; variation: ProductVariation }> {
  const { records } = await productsOf(request, "furniture.localhost", 300);
  for (const summary of records.filter((p) => p.hasVariations)) {
    const info = await productInfoOf(request, "furniture.localhost", summary.id);
    const variation = info.variations.find(isVariationInStock);
    if (variation) return { info, variation };
  }
  throw new Error("no furniture product with a buyable variation");
}

const cartCount = (page: Page) => page.locator("[data-open-cart]");

test("the cart: add from a card and a product page, change, remove, persist, share across tabs", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const simple = await simpleProduct(request);
  const { info, variation } = await variationProduct(request);
  const simplePrice = effectivePrice(simple.price, simple.salePrice);
  const variationPrice = effectivePrice(variation.price, variation.salePrice);

  // From a listing card.
  await page.goto(`${FURNITURE}/products?keyword=${encodeURIComponent(simple.name)}`);
  await hydrated(page);
  await expect(cartCount(page)).toHaveAttribute("aria-label", "Open cart, 0 items");
  await page.locator(`[data-product-card="${simple.id}"] [data-add-to-cart]`).click();
  await expect(page.getByText(`${simple.name} added to your cart`)).toBeVisible();
  await expect(cartCount(page)).toHaveAttribute("aria-label", "Open cart, 1 item");

  // From a product page with a variation chosen.
  await page.goto(`${FURNITURE}/products/${info.id}?variation=${variation.id}`);
  await hydrated(page);
  const purchase = page.locator(`[data-product-purchase="${info.id}"]`);
  await expect(purchase).toHaveAttribute("data-variation", String(variation.id));
  await purchase.locator("[data-add-to-cart]").click();
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "2");

  // The drawer lists both lines with their options and prices.
  await cartCount(page).click();
  const drawer = openDrawer(page);
  await expect(drawer.locator("[data-cart-line]")).toHaveCount(2);
  const simpleLine = drawer.locator(`[data-cart-line="${simple.id}::"]`);
  const variationLine = drawer.locator(`[data-cart-line="${info.id}:${variation.id}:"]`);
  await expect(variationLine.locator("[data-cart-line-options]")).toHaveText(variation.title);
  await expect(variationLine.locator("[data-line-total]")).toHaveText(
    formatMoney(variationPrice, info.currency, "en"),
  );

  // The stepper stops at the stock.
  const more = simpleLine.getByRole("button", { name: "One more" });
  for (let quantity = 1; quantity < simple.stock; quantity++) await more.click();
  await expect(simpleLine).toHaveAttribute("data-quantity", String(simple.stock));
  await expect(more).toBeDisabled();
  await expect(drawer.locator("[data-cart-subtotal]")).toHaveText(
    formatMoney(simplePrice * simple.stock + variationPrice, info.currency, "en"),
  );
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", String(simple.stock + 1));

  // A second tab sees the cart, and a change made in the first.
  const other = await context.newPage();
  await other.goto(`${FURNITURE}/products`);
  await hydrated(other);
  await expect(cartCount(other)).toHaveAttribute("data-cart-count", String(simple.stock + 1));
  await variationLine.locator("[data-remove-line]").click();
  await expect(drawer.locator("[data-cart-line]")).toHaveCount(1);
  // Focus stays in the drawer, on the line that is left.
  await expect(drawer.locator("[data-remove-line]")).toBeFocused();
  await expect(cartCount(other)).toHaveAttribute("data-cart-count", String(simple.stock));
  await other.close();

  // Persisted: a reload brings the same cart back.
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart);
  expect(JSON.parse(stored ?? "{}")).toMatchObject({ totalItems: simple.stock, totalUniqueItems: 1 });
  await page.reload();
  await hydrated(page);
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", String(simple.stock));
  await cartCount(page).click();
  await expect(openDrawer(page).locator(`[data-cart-line="${simple.id}::"]`)).toHaveAttribute(
    "data-quantity",
    String(simple.stock),
  );
});

test("switching language names the cart's lines and their options in the new language, and back", async ({
  page,
  request,
}) => {
  const { info, variation } = await variationProduct(request);
  const arabic = await productInfoOf(request, "furniture.localhost", info.id, "ar");
  const arabicName = arabic.nameLocalizations.ar ?? arabic.name;
  const arabicTitle = arabic.variations.find((v) => v.id === variation.id)?.title ?? "";
  expect(arabicName, "the demo product has an Arabic name").toMatch(/[\u0600-\u06FF]/);

  await page.goto(`${FURNITURE}/products/${info.id}?variation=${variation.id}`);
  await hydrated(page);
  const purchase = page.locator(`[data-product-purchase="${info.id}"]`);
  await expect(purchase).toHaveAttribute("data-variation", String(variation.id));
  await purchase.locator("[data-add-to-cart]").click();
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "1");

  const line = openDrawer(page).locator(`[data-cart-line="${info.id}:${variation.id}:"]`);
  const switchTo = async (locale: string) => {
    await page.locator("[data-language-menu] summary").click();
    await page.locator(`[data-language-menu] button[value="${locale}"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
  };
  await switchTo("ar");
  await cartCount(page).click();
  await expect(line).toContainText(arabicName);
  await expect(line.locator("[data-cart-line-options]")).toHaveText(arabicTitle);
  await expect(line).toHaveAttribute("data-quantity", "1");
  // Kept renamed: a reload reads the cart as it was stored, in Arabic.
  await page.reload();
  await hydrated(page);
  await cartCount(page).click();
  await expect(line).toContainText(arabicName);

  await page.keyboard.press("Escape");
  await switchTo("en");
  await cartCount(page).click();
  await expect(line).toContainText(info.nameLocalizations.en ?? info.name);
  await expect(line.locator("[data-cart-line-options]")).toHaveText(variation.title);
});

test("signing out empties the cart (spec §4)", async ({ page, request }) => {
  // Signing in now also merges the saved cart and signing out waits for the session's end.
  test.setTimeout(60_000);
  const email = uniqueEmail("cart-out");
  const password = "correct horse 1";
  await createVerifiedAccount(request, "furniture.localhost", { email, password });
  const simple = await simpleProduct(request);

  await page.goto(`${FURNITURE}/products?keyword=${encodeURIComponent(simple.name)}`);
  await hydrated(page);
  await signIn(page, email, password);
  await page.locator(`[data-product-card="${simple.id}"] [data-add-to-cart]`).click();
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "1");

  await signOutFromDrawer(page);
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "0");
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart)).not.toContain(
    String(simple.id),
  );
  // Nothing comes back with the next page either.
  await page.reload();
  await hydrated(page);
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "0");
});

test("a gift card's name cut on a 360 px phone in Arabic drops whole words, never part of its amount", async ({
  browser,
  request,
}) => {
  const { records } = await request
    .post(`${API}/api/storeProduct/search?limit=5&page=1`, {
      headers: { "store-domain": "localhost", locale: "ar" },
      data: { keyword: "gift" },
    })
    .then((response) => response.json() as Promise<Envelope<Paginated<ProductSummary>>>)
    .then((envelope) => envelope.data);
  const card = records.find((p) => p.isDigital && /\d/.test(p.nameLocalizations.ar ?? ""));
  if (!card) throw new Error("the grocery has no gift card with an amount in its name");
  const name = card.nameLocalizations.ar as string;

  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await context.addCookies([{ name: "lang", value: "ar", url: GROCERY }]);
  const page = await context.newPage();
  await page.goto(`${GROCERY}/search?text=gift`);
  await hydrated(page);
  const onCard = page.locator(`[data-product-card="${card.id}"] h3`);
  await page.locator(`[data-product-card="${card.id}"] [data-add-to-cart]`).click();
  await page.locator("[data-open-cart]").click();
  const inCart = page.locator("[data-cart-line-name]");
  for (const [where, shown] of [
    ["card", onCard],
    ["cart", inCart],
  ] as const) {
    await expect(shown, where).toBeVisible();
    // The name is longer than its two lines here: the line is cut…
    const cut = await shown.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    expect(cut, where).toBe(true);
    // …where a word ends, as every word is a box the ellipsis drops whole, and all of it is still read out.
    await expect(shown, where).toHaveText(name);
    const words = await shown
      .locator("bdi > span")
      .evaluateAll((spans) => spans.map((span) => [span.textContent, getComputedStyle(span).display]));
    expect(words.map(([word]) => word).join(" "), where).toBe(name);
    expect(new Set(words.map(([, display]) => display)), where).toEqual(new Set(["inline-block"]));
  }
  await context.close();
});
