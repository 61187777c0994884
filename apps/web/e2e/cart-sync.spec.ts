import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  isVariationInStock,
  type ProductInfo,
  type ProductSummary,
  type ProductVariation,
} from "@stoa/contract";
import {
  createVerifiedAccount,
  FURNITURE,
  hydrated,
  openDrawer,
  productInfoOf,
  productsOf,
  signIn,
  signOutFromDrawer,
  uniqueEmail,
} from "./support.ts";

/** Two products a card adds straight away, with stock to spare for a few more. */
async function simpleProducts(request: APIRequestContext): Promise<[ProductSummary, ProductSummary]> {
  const { records } = await productsOf(request, "furniture.localhost", 300);
  const [first, second] = records.filter(
    (p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 5,
  );
  if (!first || !second) throw new Error("no two simple furniture products with stock");
  return [first, second];
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

type SavedCartRequest = { intent?: string; items?: { productId: number; quantity: number }[] };

/** The answer of the storefront's saved-cart route to one kind of request (and body). */
function savedCartAnswer(
  page: Page,
  intent: "merge" | "read" | "save",
  matching: (body: SavedCartRequest) => boolean = () => true,
) {
  return page.waitForResponse((response) => {
    if (!response.url().endsWith("/cart/saved")) return false;
    const body = response.request().postDataJSON() as SavedCartRequest | null;
    return body?.intent === intent && matching(body);
  });
}

async function addFromCard(page: Page, product: ProductSummary) {
  await page.goto(`${FURNITURE}/products?keyword=${encodeURIComponent(product.name)}`);
  await hydrated(page);
  await page.locator(`[data-product-card="${product.id}"] [data-add-to-cart]`).click();
  await expect(page.getByText(`${product.name} added to your cart`)).toBeVisible();
}

async function signInAndMerge(page: Page, email: string, password: string) {
  const merged = savedCartAnswer(page, "merge");
  await signIn(page, email, password);
  expect((await merged).ok()).toBe(true);
}

async function openCart(page: Page) {
  await cartCount(page).click();
  return openDrawer(page);
}

test("a cart started on one device is on another after sign-in, and changes follow", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("cart-sync");
  const password = "two devices 1";
  await createVerifiedAccount(request, "furniture.localhost", { email, password });
  const [simple, other] = await simpleProducts(request);
  const { info, variation } = await variationProduct(request);
  const simpleLine = `[data-cart-line="${simple.id}::"]`;
  const otherLine = `[data-cart-line="${other.id}::"]`;
  const variationLine = `[data-cart-line="${info.id}:${variation.id}:"]`;

  // The laptop: two lines added before signing in, then signing in keeps them (and saves them).
  await addFromCard(page, simple);
  await page.goto(`${FURNITURE}/products/${info.id}?variation=${variation.id}`);
  await hydrated(page);
  const purchase = page.locator(`[data-product-purchase="${info.id}"]`);
  await expect(purchase).toHaveAttribute("data-variation", String(variation.id));
  await purchase.locator("[data-add-to-cart]").click();
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "2");
  await signInAndMerge(page, email, password);
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "2");

  // The phone: a cart of its own, then the same customer signs in and has both carts in one.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const second = await phone.newPage();
  await addFromCard(second, other);
  await signInAndMerge(second, email, password);
  await expect(cartCount(second)).toHaveAttribute("data-cart-count", "3");
  const phoneCart = await openCart(second);
  await expect(phoneCart.locator("[data-cart-line]")).toHaveCount(3);
  await expect(phoneCart.locator(`${simpleLine} [data-cart-line-name]`)).toHaveText(simple.name);
  // A line this device never had still shows its options, named from the catalogue.
  await expect(phoneCart.locator(`${variationLine} [data-cart-line-options]`)).toHaveText(variation.title);

  // A change on the phone is saved once the shopper pauses...
  const saved = savedCartAnswer(second, "save", ({ items }) =>
    Boolean(items?.some((line) => line.productId === simple.id && line.quantity === 3)),
  );
  const more = phoneCart.locator(simpleLine).getByRole("button", { name: "One more" });
  await more.click();
  await more.click();
  expect((await saved).ok()).toBe(true);
  await expect(phoneCart.locator(simpleLine)).toHaveAttribute("data-quantity", "3");

  // ...and the laptop has it on its next page, with the phone's line too.
  const read = savedCartAnswer(page, "read");
  await page.goto(`${FURNITURE}/products`);
  await hydrated(page);
  await read;
  await expect(cartCount(page)).toHaveAttribute("data-cart-count", "5");
  const laptopCart = await openCart(page);
  await expect(laptopCart.locator(simpleLine)).toHaveAttribute("data-quantity", "3");
  await expect(laptopCart.locator(otherLine)).toHaveAttribute("data-quantity", "1");

  // A line removed on the laptop is gone from the phone after its next page.
  const removed = savedCartAnswer(page, "save");
  await laptopCart.locator(`${otherLine} [data-remove-line]`).click();
  await removed;
  await second.reload();
  await hydrated(second);
  await expect(cartCount(second)).toHaveAttribute("data-cart-count", "4");

  // Signing out empties the phone's cart, not the saved one: it is back at the next sign-in.
  await signOutFromDrawer(second);
  await expect(cartCount(second)).toHaveAttribute("data-cart-count", "0");
  await signInAndMerge(second, email, password);
  await expect(cartCount(second)).toHaveAttribute("data-cart-count", "4");
  await phone.close();
});
