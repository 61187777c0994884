import { expect, test } from "@playwright/test";
import { CATERING, englishName, GROCERY, productsOf, storeOf } from "./support.ts";

test("each domain shows its own shop and catalogue", async ({ page, request }) => {
  const grocery = await storeOf(request, "localhost");
  const catering = await storeOf(request, "catering.localhost");
  const groceryProduct = (await productsOf(request, "localhost", 1)).records[0];
  const cateringProduct = (await productsOf(request, "catering.localhost", 1)).records[0];
  expect(englishName(grocery)).not.toBe(englishName(catering));
  if (!groceryProduct || !cateringProduct) throw new Error("both demo shops need products");

  await page.goto(`${GROCERY}/products?keyword=${encodeURIComponent(groceryProduct.name)}`);
  await expect(page.locator("header")).toContainText(englishName(grocery));
  await expect(page).toHaveTitle(new RegExp(`${englishName(grocery)}$`));
  await expect(page.locator("[data-product-card]").first()).toContainText(groceryProduct.name);

  await page.goto(`${CATERING}/products?keyword=${encodeURIComponent(cateringProduct.name)}`);
  await expect(page.locator("header")).toContainText(englishName(catering));
  await expect(page).toHaveTitle(new RegExp(`${englishName(catering)}$`));
  await expect(page.locator("[data-product-card]").first()).toContainText(cateringProduct.name);

  // A grocery product is not for sale in the catering shop.
  await page.goto(`${CATERING}/products/${groceryProduct.id}`);
  await expect(page.locator("[data-problem]")).toHaveAttribute("data-problem", "product-not-found");
});
