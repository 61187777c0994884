import { type Browser, expect, type Page, test } from "@playwright/test";
import { ERROR_MESSAGES, type ProductInfo, type StaffProductChoices } from "@stoa/contract";
import {
  apiData as api,
  GROCERY,
  latestMessage,
  newShopperAddress,
  productInfoOf,
  uniqueEmail,
} from "./support.ts";

/*
 * The console's products (issue 33): a manager makes a product named in English and Arabic, finds
 * it in the list, changes its price and sees the storefront show it; two tabs editing it at once
 * never lose an edit silently; a variation is added. Then once on a phone, in Arabic.
 */

/** The demo stores' staff account (README): the grocery's owner. */
const OWNER = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A SKU no other run of this journey made: the journeys share one database. */
function freshSku(prefix: string): string {
  return `${prefix}-${Date.now().toString(36).toUpperCase()}`;
}

/** Nothing on the page is wider than the screen. */
async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A manager the owner invites, signed in through the emailed link in a browser of their own. */
async function managerPage(browser: Browser, request: Parameters<typeof api>[0]) {
  const { token } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const email = uniqueEmail("products-manager");
  await api(request, "/api/staff/accounts/invite", { email, name: "Maya Manager", role: "manager" }, token);
  const message = await latestMessage(request, email, /\/staff\/invitation\?token=/);
  const link = /\/staff\/invitation\?token=([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() } });
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/invitation?token=${link}`);
  await page.locator("#invitation-password").fill("maya-manager-1");
  await page.locator("[data-staff-invitation-form] button[type=submit]").click();
  await expect(page).toHaveURL(/\/staff\/today$/);
  return { context, page, token };
}

test("a manager makes a product in two languages, finds it, changes its price and sees it on the storefront", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const sku = freshSku("MANGO");
  const manager = await managerPage(browser, request);
  const page = manager.page;
  const choices = await api<StaffProductChoices>(request, "/api/staff/products/choices", {}, manager.token);
  const category = choices.categories[0];
  if (!category) throw new Error("the grocery has no categories");

  await page.locator("#staff-nav").getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/products$/);
  await expect(page.locator("[data-staff-product]").first()).toBeVisible();
  await expect(page.locator("[data-products-import]")).toHaveAttribute("href", "/staff/products/import");
  await shot(page, "products-1280-en");
  await page.locator("[data-new-product]").click();
  await expect(page).toHaveURL(/\/staff\/products\/new$/);

  // A sale price at the price is refused on its field; what was typed stays.
  const form = page.locator("[data-staff-product-form]");
  await form.locator("#product-names-en").fill("Alphonso mango");
  await form.locator("#product-names-ar").fill("مانجو ألفونسو");
  await form.getByLabel("Price (USD)", { exact: true }).fill("4.50");
  await form.getByLabel("Sale price (USD)", { exact: true }).fill("4.50");
  await form.getByLabel("SKU", { exact: true }).fill(sku);
  await form.getByLabel(category.name, { exact: true }).check();
  await form.getByRole("button", { name: "Make product" }).click();
  await expect(form.locator('[data-field-error="salePrice"]')).toHaveText(
    ERROR_MESSAGES.en["error-sale-not-below-price"],
  );
  await expect(form.locator("#product-names-ar")).toHaveValue("مانجو ألفونسو");
  await expect(form.getByLabel(category.name, { exact: true })).toBeChecked();
  await shot(page, "product-new-errors-1280-en");
  await form.getByLabel("Sale price (USD)", { exact: true }).fill("");
  await form.getByRole("button", { name: "Make product" }).click();
  await expect(page).toHaveURL(/\/staff\/products\/\d+\?made=1$/);
  await expect(page.locator("[data-form-done]")).toBeVisible();
  const productUrl = page.url().replace(/\?.*$/, "");
  const productId = Number(/\/products\/(\d+)/.exec(productUrl)?.[1]);
  await expect(page.locator("[data-product-images-link]")).toHaveAttribute(
    "href",
    `/staff/products/${productId}/images`,
  );

  // The list finds it by its SKU and by a word of its Arabic name, in its category.
  await page.goto(`${GROCERY}/staff/products?q=${sku}`);
  await expect(page.locator(`[data-staff-product="${sku}"]`)).toContainText("Alphonso mango");
  await page.goto(`${GROCERY}/staff/products?q=${encodeURIComponent("مانجو")}&category=${category.id}`);
  await page.locator(`[data-staff-product="${sku}"] a`).click();
  await expect(page).toHaveURL(productUrl);

  // The price changed in the console is the storefront's at once.
  const madeVersion = (await page.locator("[data-staff-product]").getAttribute("data-product-version")) ?? "";
  await page.locator("[data-staff-product-form]").getByLabel("Price (USD)", { exact: true }).fill("5.25");
  await page.locator("[data-staff-product-form]").getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Saved.");
  await expect(page.locator("[data-staff-product]")).not.toHaveAttribute("data-product-version", madeVersion);
  const shown: ProductInfo = await productInfoOf(request, "localhost", productId);
  expect(shown.price).toBe(525);
  const shopper = await browser.newPage();
  await shopper.goto(`${GROCERY}/products/${productId}`);
  await expect(shopper.locator("main")).toContainText("Alphonso mango");
  await expect(shopper.locator("main")).toContainText("$5.25");
  await shopper.close();
  await shot(page, "product-1280-en");

  // Two tabs edit it at once: the second save is refused, and shows the product as it stands now.
  const second = await manager.context.newPage();
  await second.goto(productUrl);
  await page.locator("[data-staff-product-form]").getByLabel("Price (USD)", { exact: true }).fill("6.00");
  await page.locator("[data-staff-product-form]").getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Saved.");
  const stale = second.locator("[data-staff-product-form]");
  await stale.getByLabel("Unit", { exact: true }).fill("1 pc");
  await stale.getByRole("button", { name: "Save changes" }).click();
  await expect(second.locator('[data-form-error="3101"]')).toHaveText(
    ERROR_MESSAGES.en["error-staff-edit-conflict"],
  );
  await expect(stale.getByLabel("Price (USD)", { exact: true })).toHaveValue("6.00");
  await expect(stale.getByLabel("Unit", { exact: true })).toHaveValue("");
  await shot(second, "product-conflict-1280-en");
  await stale.getByLabel("Unit", { exact: true }).fill("1 pc");
  await stale.getByRole("button", { name: "Save changes" }).click();
  await expect(second.locator("[data-form-done]")).toHaveText("Saved.");
  await expect(stale.getByLabel("Price (USD)", { exact: true })).toHaveValue("6.00");

  // A size option, then a variation of it.
  await page.goto(productUrl);
  await page.locator("[data-product-variations-link]").click();
  await expect(page).toHaveURL(`${productUrl}/variations`);
  const variations = page.locator("[data-staff-variations-form]");
  const shell = page.locator("[data-staff-product-variations]");
  /** Saves, and waits for the form drawn afresh from the new version before anything more is typed. */
  const save = async () => {
    const version = (await shell.getAttribute("data-product-version")) ?? "";
    await variations.getByRole("button", { name: "Save variations and add-ons" }).click();
    await expect(shell).not.toHaveAttribute("data-product-version", version);
    await expect(page.locator("[data-form-done]")).toHaveText("Saved.");
  };
  await variations.locator("#product-options-0-key").fill("size");
  await variations.locator("#product-options-0-names-en").fill("Size");
  await variations.locator("#product-options-0-names-ar").fill("الحجم");
  await variations.locator("#product-options-0-values-0-key").fill("box");
  await variations.locator("#product-options-0-values-0-labels-en").fill("Box of 6");
  await save();
  await variations.locator("#product-variations-0-sku").fill(`${sku}-BOX`);
  await variations.locator("#product-variations-0-optionValues-size").selectOption("box");
  await variations.locator("#product-variations-0-price").fill("30.00");
  await save();
  await expect(variations.locator(`[data-product-variation="${sku}-BOX"]`)).toBeVisible();
  await expect(variations.locator(`[data-product-variation="${sku}-BOX"] [data-variation-stock]`)).toHaveText(
    "0 in stock",
  );
  await shot(page, "product-variations-1280-en");
  await manager.context.close();
});

test("at 360 px in Arabic the product form is usable, and nothing is wider than the phone", async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(OWNER.email);
  await page.locator("#staff-password").fill(OWNER.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.locator("[data-staff-menu] summary").click();
  await page.locator("[data-staff-menu] [data-staff-nav]").getByRole("link", { name: "المنتجات" }).click();
  await expect(page).toHaveURL(/\/staff\/products$/);
  await expect(page.locator("[data-staff-product]").first()).toBeVisible();
  await expectNoOverflow(page, 360);
  await shot(page, "products-360-ar");

  // An empty form is refused field by field, in Arabic.
  await page.locator("[data-new-product]").click();
  const form = page.locator("[data-staff-product-form]");
  await form.getByRole("button", { name: "إنشاء المنتج" }).click();
  await expect(form.locator('[data-field-error="names"]')).toHaveText(
    ERROR_MESSAGES.ar["error-field-required"],
  );
  await expect(form.locator('[data-field-error="price"]')).toHaveText(
    ERROR_MESSAGES.ar["error-field-required"],
  );
  await expect(form.locator('[data-field-error="sku"]')).toHaveText(
    ERROR_MESSAGES.ar["error-field-required"],
  );
  await expectNoOverflow(page, 360);
  await shot(page, "product-new-360-ar");

  const sku = freshSku("PHONE");
  await form.locator("#product-names-ar").fill("تمر مجدول");
  await form.locator("#product-price").fill("12");
  await form.locator("#product-taxRate").fill("5");
  await form.locator("#product-sku").fill(sku);
  await form.getByRole("button", { name: "إنشاء المنتج" }).click();
  await expect(page).toHaveURL(/\/staff\/products\/\d+\?made=1$/);
  await expect(page.locator("h1")).toHaveText("تمر مجدول");
  await expect(page.locator("#product-taxRate")).toHaveValue("5");
  await expectNoOverflow(page, 360);
  await shot(page, "product-360-ar");
  await page.locator("[data-product-variations-link]").click();
  await expect(page.locator("[data-staff-variations-form]")).toBeVisible();
  await expectNoOverflow(page, 360);
  await shot(page, "product-variations-360-ar");
  await context.close();
});

test("without scripts a product is made, changed and given an add-on group, all as plain posts", async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(OWNER.email);
  await page.locator("#staff-password").fill(OWNER.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
  await page.goto(`${GROCERY}/staff/products/new`);
  const sku = freshSku("NOJS");
  const form = page.locator("[data-staff-product-form]");
  await form.locator("#product-names-en").fill("Plain pizza");
  await form.locator("#product-price").fill("abc");
  await form.locator("#product-sku").fill(sku);
  await form.getByRole("button", { name: "Make product" }).click();
  await expect(form.locator('[data-field-error="price"]')).toHaveText(
    ERROR_MESSAGES.en["error-field-invalid"],
  );
  await expect(form.locator("#product-names-en")).toHaveValue("Plain pizza");
  await form.locator("#product-price").fill("9.00");
  await form.getByRole("button", { name: "Make product" }).click();
  await expect(page).toHaveURL(/\/staff\/products\/\d+\?made=1$/);
  await page.locator("#product-price").fill("9.50");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Saved.");
  await expect(page.locator("#product-price")).toHaveValue("9.50");

  await page.locator("[data-product-variations-link]").click();
  const variations = page.locator("[data-staff-variations-form]");
  await variations.locator("#product-addOnGroups-0-key").fill("extras");
  await variations.locator("#product-addOnGroups-0-names-en").fill("Extras");
  await variations.locator("#product-addOnGroups-0-maxSelect").fill("2");
  await variations.locator("#product-addOnGroups-0-items-0-key").fill("olives");
  await variations.locator("#product-addOnGroups-0-items-0-names-en").fill("Olives");
  await variations.locator("#product-addOnGroups-0-items-0-price").fill("1.25");
  await variations.getByRole("button", { name: "Save variations and add-ons" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Saved.");
  await expect(variations.locator("#product-addOnGroups-0-items-0-price")).toHaveValue("1.25");
  await context.close();
});
