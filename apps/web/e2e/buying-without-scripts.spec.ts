import { expect, type Page, test } from "@playwright/test";
import type { ProductSummary } from "@stoa/contract";
import { CATERING, GROCERY, hydrated, newShopperAddress, productInfoOf, productsOf } from "./support.ts";

/** A grocery product a plain form can add: no choices to make, in stock. */
async function simpleProduct(page: Page): Promise<ProductSummary> {
  const { records } = await productsOf(page.request, "localhost", 60);
  const found = records.find((p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 5);
  if (!found) throw new Error("no simple grocery product with stock");
  return found;
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest buys in the grocery, paying cash, with plain forms from the product page to the order", async ({
    page,
  }) => {
    // A dozen full page loads, each rendered by the server.
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": newShopperAddress() });
    const product = await simpleProduct(page);
    await page.goto(`${GROCERY}/products/${product.id}`);
    await page.locator("[data-add-to-cart]").first().click();
    // Post, redirect, get: back on the product page with a notice.
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}\\?cart=added`));
    await expect(page.locator('[data-cart-notice="added"]')).toBeVisible();
    // The header counts the saved cart, as it has no device cart to count.
    await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
    await page.locator('[data-cart-notice="added"] a').click();

    await expect(page).toHaveURL(/\/cart$/);
    const line = page.locator("[data-cart-page-line]");
    await expect(line).toHaveCount(1);
    await line.getByRole("spinbutton").fill("2");
    await line.getByRole("button", { name: "Update" }).click();
    await expect(page.locator('[data-cart-notice="changed"]')).toBeVisible();
    await expect(page.locator("[data-cart-page-line]").getByRole("spinbutton")).toHaveValue("2");

    // The cart icon is a link to this page.
    await expect(page.getByRole("link", { name: /Open cart/ })).toHaveAttribute("href", "/cart");
    await page.locator("[data-cart-page-checkout]").click();
    await expect(page).toHaveURL(/\/checkout\/guest$/);
    await expect(page.locator('[data-plain-checkout="form"]')).toBeVisible();

    // Sent with nothing typed: the page comes back saying what to fix, in words.
    await page.locator('[data-plain-delivery-type="pickup"] input').check();
    await page.locator("[data-place-order]").click();
    await expect(page.locator('[data-field-error="customer_name"]')).toHaveText("Enter your name.");
    await page.getByLabel("Full name").fill("Plain Shopper");
    await page.getByLabel("Email or phone").fill("not a contact");
    await page.locator("[data-place-order]").click();
    await expect(page.locator('[data-field-error="customer_contact"]')).toHaveText(
      "Enter a valid email address or phone number.",
    );
    // What was typed is kept.
    await expect(page.getByLabel("Full name")).toHaveValue("Plain Shopper");
    await expect(page.locator('[data-plain-delivery-type="pickup"] input')).toBeChecked();

    await page.getByLabel("Email or phone").fill("plain.shopper@example.com");
    // The journeys run at any hour: the first pickup time, which is open whether the shop is now.
    const firstPickupTime = page
      .locator('select[name="delivery_time"] optgroup[label="Pickup time"] option')
      .first();
    await page
      .locator('select[name="delivery_time"]')
      .selectOption(await firstPickupTime.getAttribute("value"));
    await page.locator("[data-place-order]").click();
    await expect(page).toHaveURL(/\/order-received\?order=\d+/);
    await expect(page.locator("[data-order-received]")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Plain Shopper");

    // The saved cart went with the order.
    await page.goto(`${GROCERY}/cart`);
    await expect(page.locator("[data-cart-page-line]")).toHaveCount(0);
  });

  test("a product's variation and a dish's add-ons are chosen in the page's own form", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": newShopperAddress() });

    // A caterer's platter sold by size: nothing chosen is refused in words, a size chosen is added.
    const { records } = await productsOf(page.request, "catering.localhost", 60);
    const sized = records.find((p) => p.hasVariations && p.isAvailable);
    if (!sized) throw new Error("no catering product with variations");
    const info = await productInfoOf(page.request, "catering.localhost", sized.id);
    const variation = info.variations.find((v) => v.isAvailable && v.stock > 0);
    if (!variation) throw new Error("no variation in stock");
    await page.goto(`${CATERING}/products/${sized.id}`);
    const purchase = page.locator(`[data-product-purchase="${sized.id}"]`);
    await purchase.locator("[data-add-to-cart]").click();
    await expect(page.locator('[data-cart-notice="choose"]')).toBeVisible();
    for (const option of info.variationOptions) {
      const value = variation.optionValues[option.key];
      await purchase.locator(`[data-option="${option.key}"] [data-option-value="${value}"]`).click();
    }
    await purchase.locator("[data-add-to-cart]").click();
    await expect(page.locator('[data-cart-notice="added"]')).toBeVisible();
    await page.goto(`${CATERING}/cart`);
    await expect(page.locator("[data-cart-page-line]")).toHaveCount(1);
    await expect(page.locator("[data-cart-page-line]")).toHaveAttribute(
      "data-cart-page-line",
      new RegExp(`^${sized.id}:${variation.id}:`),
    );

    // A dish whose required choice is left out is refused; with it (and an extra) it is added.
    const dishes = await productsOf(page.request, "restaurant.localhost", 60);
    const infos = await Promise.all(
      dishes.records
        .filter((p) => p.hasOptions && !p.hasVariations && p.isAvailable && p.stock > 0)
        .map((p) => productInfoOf(page.request, "restaurant.localhost", p.id)),
    );
    const dish = infos.find((p) => p.addOnGroups.some((group) => group.minSelect > 0));
    if (!dish) throw new Error("no restaurant dish with a required choice");
    const restaurant = GROCERY.replace("localhost", "restaurant.localhost");
    await page.goto(`${restaurant}/products/${dish.id}`);
    const dishPurchase = page.locator(`[data-product-purchase="${dish.id}"]`);
    await dishPurchase.locator("[data-add-to-cart]").click();
    await expect(page.locator('[data-cart-notice="choose"]')).toBeVisible();
    const picks: string[] = [];
    for (const group of dish.addOnGroups.filter((g) => g.minSelect > 0)) {
      for (const item of group.items.slice(0, group.minSelect)) {
        await dishPurchase.locator(`[data-add-on-group="${group.key}"] [data-add-on="${item.key}"]`).click();
        picks.push(`${group.key}=${item.key}`);
      }
    }
    await dishPurchase.locator("[data-add-to-cart]").click();
    await expect(page.locator('[data-cart-notice="added"]')).toBeVisible();
    await page.goto(`${restaurant}/cart`);
    const line = page.locator("[data-cart-page-line]");
    await expect(line).toHaveCount(1);
    for (const pick of picks) await expect(line).toHaveAttribute("data-cart-page-line", new RegExp(pick));
  });
});

test("with JavaScript on, add to cart and the cart icon keep the drawer, and nothing is posted", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const product = await simpleProduct(page);
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await page.locator("[data-add-to-cart]").first().click();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await page.locator("[data-open-cart]").click();
  await expect(page.locator("[data-cart-lines]")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
});
