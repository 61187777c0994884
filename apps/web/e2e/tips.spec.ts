import { type APIRequestContext, expect, test } from "@playwright/test";
import { ERROR_MESSAGES, effectivePrice, formatMoney, maxTip, type ProductSummary } from "@stoa/contract";
import {
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openDrawer,
  openModal,
  productsOf,
  signIn,
  uniqueEmail,
} from "./support.ts";

const DOMAIN = "localhost";
const PASSWORD = "tip-journey-1";

async function simpleProduct(request: APIRequestContext): Promise<ProductSummary> {
  const { records } = await productsOf(request, DOMAIN, 30);
  const found = records.find(
    (p) => !p.hasVariations && !p.hasOptions && !p.isDigital && p.isAvailable && p.stock >= 5 && p.image,
  );
  if (!found) throw new Error("no simple grocery product with stock");
  return found;
}

test("the tip dialog offers no more than the goods of the order, as the shop's check allows", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("tip-bound");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD });
  const product = await simpleProduct(request);

  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await page.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(checkout.locator(`[data-summary-line="${product.id}::"]`)).toBeVisible();
  await expect(page.locator('[data-total="subtotal"]')).toBeVisible();

  await checkout.locator("[data-choose-tip]").click();
  const dialog = openModal(page);
  await expect(dialog).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_CHECKOUT_TIP_OPTION");
  await dialog.locator('[data-tip-choice="custom"]').click();
  const bound = formatMoney(maxTip(effectivePrice(product.price, product.salePrice)), "USD", "en");
  await expect(dialog.locator("[data-tip-bound]")).toContainText(bound);

  // A thousand on a few dollars of goods: a slip of the keyboard, refused before anything is sent.
  const amount = dialog.getByLabel("Amount (USD)");
  await amount.fill("1000.00");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText(ERROR_MESSAGES.en["error-tip-too-large"])).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");

  await amount.fill("1.00");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(checkout.locator("[data-tip-chosen]")).toContainText("$1.00");
});
