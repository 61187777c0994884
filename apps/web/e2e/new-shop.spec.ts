import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import type { DeliveryOptions, Envelope } from "@stoa/contract";
import { NEW_SHOP } from "./new-shop.ts";
import { photo } from "./photo.ts";
import { API, hydrated, latestMessage, newShopperAddress } from "./support.ts";

// The second journey goes on from the shop the first one opened (its owner's password, its hours
// and pickup counter): they run in order, and a retry runs both again.
test.describe.configure({ mode: "serial" });

const OWNER_PASSWORD = "corner-shop-owner-1";
/** The demo shops' staff account: staff of another shop, a stranger here. */
const DEMO_STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };

test("a shop added by the command: its owner follows the emailed invitation, names the shop, sets its hours and delivery, and the storefront shows them", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // The command emailed the owner a link to the shop's own console.
  const message = await latestMessage(request, NEW_SHOP.owner, /\/staff\/invitation\?token=/);
  const link = /(https?:\/\/\S+\/staff\/invitation\?token=[A-Za-z0-9_-]+)/.exec(message.body)?.[1] ?? "";
  expect(link.startsWith(`${NEW_SHOP.origin}/staff/invitation?token=`), link).toBe(true);

  // Before anything is set, the storefront answers with the name the command gave it.
  const shopper = await browser.newPage();
  await shopper.goto(`${NEW_SHOP.origin}/`);
  await expect(shopper.locator("footer")).toContainText(NEW_SHOP.name);

  await page.goto(link);
  await expect(page.locator("[data-staff-invitation=invite]")).toContainText(NEW_SHOP.owner);
  await expect(page.locator("[data-invitation-role]")).toHaveAttribute("data-invitation-role", "owner");
  await page.locator("#invitation-password").fill(OWNER_PASSWORD);
  await page.locator("[data-staff-invitation-form] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
  await expect(page.locator("[data-staff-role]")).toHaveAttribute("data-staff-role", "owner");

  // On another device the owner signs in at the shop's domain with the new password; the demo
  // shops' staff account is a stranger here.
  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto(`${NEW_SHOP.origin}/staff/login`);
  await laptop.locator("#staff-email").fill(DEMO_STAFF.email);
  await laptop.locator("#staff-password").fill(DEMO_STAFF.password);
  await laptop.locator("[data-staff-login] button[type=submit]").click();
  await expect(laptop.locator("[data-form-error], [data-field-error]").first()).toBeVisible();
  await expect(laptop).toHaveURL(/\/staff\/login/);
  await laptop.locator("#staff-email").fill(NEW_SHOP.owner);
  await laptop.locator("#staff-password").fill(OWNER_PASSWORD);
  await laptop.locator("[data-staff-login] button[type=submit]").click();
  await expect(laptop.locator("[data-staff-shell]")).toBeVisible();

  // The shop's name and tagline.
  await page.goto(`${NEW_SHOP.origin}/staff/settings/shop`);
  const settings = page.locator("[data-shop-settings]");
  await settings.locator("#shop-name-en").fill("Corner Grocer");
  await settings.locator("#shop-tagline-en").fill("Fresh bread every morning");
  await settings.locator("button[type=submit]").click();
  await expect(page.locator("[data-form-done]")).toBeVisible();

  // Its hours: eight to eight, Monday to Saturday.
  await page.goto(`${NEW_SHOP.origin}/staff/settings/hours`);
  const hours = page.locator("[data-staff-hours]");
  await hours.locator("#hours-opensAt").fill("08:00");
  await hours.locator("#hours-closesAt").fill("20:00");
  for (const day of [1, 2, 3, 4, 5, 6]) await hours.locator(`[data-open-day="${day}"]`).check();
  await hours.locator('[data-open-day="0"]').uncheck();
  await hours.getByRole("button", { name: "Save opening hours" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Opening hours saved");

  // Delivery: a fee, free from an amount, and a counter to collect from.
  await page.goto(`${NEW_SHOP.origin}/staff/settings/delivery`);
  const delivery = page.locator("[data-delivery-settings]");
  await delivery.getByLabel(/Delivery fee where no zone matches/).fill("4.90");
  await delivery.getByLabel(/Free delivery from/).fill("50");
  await delivery.getByRole("button", { name: "Save delivery settings" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Delivery settings saved");
  await page.goto(`${NEW_SHOP.origin}/staff/settings/pickup`);
  const pickup = page.locator('[data-pickup-editor="add"]');
  await pickup.getByLabel("Name (English)").fill("Corner counter");
  await pickup.getByLabel("Address (English)").fill("1 Corner Street");
  await pickup.getByRole("button", { name: "Add point" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Pickup point added");
  // What the storefront's checkout step is filled from: the counter is offered for pickup.
  const options = await request.post(`${API}/api/storeDeliveryByPost/query/storeCustomer`, {
    headers: { "store-domain": NEW_SHOP.domain },
    data: {},
  });
  const offered = ((await options.json()) as Envelope<DeliveryOptions>).data;
  expect(offered.deliveryTypes).toContain("pickup");
  expect(offered.pickupPoints.map((point) => point.name)).toContain("Corner counter");

  // A shopper sees them once the storefront's copy of the shop is fresh (STORE_FRESH_MS).
  const footer = shopper.locator("footer");
  await expect(async () => {
    await shopper.reload();
    await expect(footer).toContainText("Corner Grocer", { timeout: 1_000 });
    await expect(footer.locator("[data-opening-hours]")).toContainText("Mon – Sat", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(footer).toContainText("Fresh bread every morning");
  await expect(footer.locator("[data-opening-hours]")).toContainText("08:00 – 20:00");
  await expect(shopper).toHaveTitle(/./);
  await hydrated(shopper);
  await shopper.locator("footer").getByRole("button", { name: "About this shop" }).click();
  await expect(shopper.locator("[data-shop-info] [data-opening-hours]")).toContainText("Mon – Sat");
  await shopper.screenshot({ path: test.info().outputPath("new-shop-storefront.png"), fullPage: true });
});

async function ownerSignIn(page: Page) {
  await page.goto(`${NEW_SHOP.origin}/staff/login`);
  await page.locator("#staff-email").fill(NEW_SHOP.owner);
  await page.locator("#staff-password").fill(OWNER_PASSWORD);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

test("the new shop from nothing to its first product, its first paid order, a refund and the month's report", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await ownerSignIn(page);

  // Its first category, then its first product in it, named in English and Arabic.
  await page.locator("[data-staff-nav]").getByRole("link", { name: "Categories" }).click();
  const newCategory = page.locator("[data-staff-category-new]");
  await newCategory.locator("#category-name-en").fill("Bakery");
  await newCategory.locator("#category-name-ar").fill("مخبز");
  await newCategory.getByRole("button", { name: "Make category" }).click();
  await expect(page.locator('[data-staff-category="bakery"]')).toBeVisible();

  await page.locator("[data-staff-nav]").getByRole("link", { name: "Products", exact: true }).click();
  await expect(page.locator("[data-staff-product]")).toHaveCount(0);
  await page.locator("[data-new-product]").click();
  const form = page.locator("[data-staff-product-form]");
  await form.locator("#product-names-en").fill("Sourdough loaf");
  await form.locator("#product-names-ar").fill("رغيف العجين المخمر");
  await form.getByLabel("Price (USD)", { exact: true }).fill("4.50");
  await form.getByLabel("SKU", { exact: true }).fill("CORNER-BREAD-1");
  await form.getByLabel("Bakery", { exact: true }).check();
  await form.getByRole("button", { name: "Make product" }).click();
  await expect(page).toHaveURL(/\/staff\/products\/\d+\?made=1$/);
  const productId = Number(/\/products\/(\d+)/.exec(page.url())?.[1]);

  // Its photo, uploaded from the computer.
  await page.locator("[data-product-images-link]").click();
  await page
    .locator("#picture-file")
    .setInputFiles({ name: "loaf.jpg", mimeType: "image/jpeg", buffer: await photo(90) });
  await page.locator("[data-staff-picture-upload] button[type=submit]").click();
  await expect(page.locator('[data-staff-picture*="/product-"]')).toHaveCount(1);

  // Twenty loaves came in.
  await page.goto(`${NEW_SHOP.origin}/staff/stock/${productId}`);
  const adjust = page.locator("[data-adjust-form]");
  await adjust.locator("select[name=reason]").selectOption("received");
  await adjust.locator("input[name=quantity]").fill("20");
  await adjust.getByRole("button").click();
  await expect(page.locator("[data-product-stock]")).toHaveText("20");

  // A shopper buys two with plain forms, to collect and pay in cash at the counter.
  const shopperContext = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  const shopper = await shopperContext.newPage();
  await expect(async () => {
    await shopper.goto(`${NEW_SHOP.origin}/products/${productId}`);
    await expect(shopper.locator("h1")).toHaveText("Sourdough loaf", { timeout: 1_000 });
    await expect(shopper.locator("[data-gallery] img").first()).toHaveAttribute("src", /product-/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await shopper.screenshot({ path: test.info().outputPath("new-shop-first-product.png"), fullPage: true });
  await shopper.locator("[data-add-to-cart]").first().click();
  await shopper.goto(`${NEW_SHOP.origin}/cart`);
  const line = shopper.locator("[data-cart-page-line]");
  await line.getByRole("spinbutton").fill("2");
  await line.getByRole("button", { name: "Update" }).click();
  await shopper.locator("[data-cart-page-checkout]").click();
  await shopper.locator('[data-plain-delivery-type="pickup"] input').check();
  await shopper.getByLabel("Full name").fill("First Customer");
  await shopper.getByLabel("Email or phone").fill("first.customer@example.com");
  const pickupTime = shopper
    .locator('select[name="delivery_time"] optgroup[label="Pickup time"] option')
    .first();
  await shopper.locator('select[name="delivery_time"]').selectOption(await pickupTime.getAttribute("value"));
  await shopper.locator("[data-place-order]").click();
  await expect(shopper).toHaveURL(/\/order-received\?order=\d+/);
  const orderId = Number(new URL(shopper.url()).searchParams.get("order"));

  // The owner moves it to handed over: the cash is collected, the order paid.
  await page.goto(`${NEW_SHOP.origin}/staff/orders/${orderId}`);
  for (const move of ["Confirm order", "Start preparing", "Ready for pickup", "Mark as handed over"]) {
    await page.getByRole("button", { name: move }).click();
    await expect(page.getByRole("button", { name: move })).toHaveCount(0);
  }
  await expect(page.locator("[data-staff-order-detail]")).toHaveAttribute("data-order-state", "delivered");

  // The loaves were stale: the whole order is refunded in cash, and the loaves are not restocked.
  const refund = page.locator("[data-staff-refund]");
  await refund.locator('input[name=scope][value="whole"]').check();
  await page.locator("#refund-reason").fill("Stale bread, sorry.");
  await refund.getByRole("button", { name: "Review refund…" }).click();
  await page.locator("[data-staff-refund-confirm]").getByRole("button", { name: "Yes, refund" }).click();
  await expect(page.locator("[data-staff-refund] [data-form-done]")).toContainText("Refunded");

  // The month's report: one order of 9.00, refunded in whole.
  await page.locator("[data-staff-nav]").getByRole("link", { name: "Reports" }).first().click();
  await expect(page.locator('[data-report-period="thisMonth"]')).toHaveAttribute("aria-current", "page");
  await expect(page.locator('[data-report-total="orders"] dd')).toHaveText("1");
  await expect(page.locator('[data-report-total="goods"] dd')).toContainText("9.00");
  await expect(page.locator('[data-report-total="refunds"] dd')).toContainText("9.00");
  await expect(page.locator('[data-report-method="cash"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("new-shop-month-report.png"), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator("[data-report-download]").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sales-corner\.localhost-\d{4}-\d{2}-01-to-/);
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(
    csv
      .split("\r\n")
      .find((row) => row.startsWith("all,"))
      ?.split(",")[1],
  ).toBe("1");
  await shopperContext.close();
});
