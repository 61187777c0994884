import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { ERROR_MESSAGES, type Paginated, type ProductSummary } from "@stoa/contract";
import {
  apiData as api,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  newShopperAddress,
  openDrawer,
  openModal,
  signIn,
  uniqueEmail,
} from "./support.ts";

/*
 * The console's coupons (issue 33): the owner makes an advertised coupon, a shopper in another
 * browser finds it on the offers page and uses it at checkout, the coupon's page shows the use, and
 * two tabs editing it at once never lose an edit silently. Then once on a phone, in Arabic.
 */

const DOMAIN = "localhost";
const PASSWORD = "coupon-journey-1";
/** The demo stores' staff account (README): the grocery's owner. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A code no other run of this journey made: the journeys share one database. */
function freshCode(prefix: string): string {
  return `${prefix}-${Date.now().toString(36).toUpperCase()}`;
}

/** Goods that ship and cost at least 1.00: simple, in stock, not digital. */
async function physicalProduct(request: APIRequestContext): Promise<ProductSummary> {
  const { records } = await api<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {},
  );
  const found = records.find(
    (p) =>
      !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 5 && p.price >= 100 && !p.isDigital,
  );
  if (!found) throw new Error("no simple grocery product with stock");
  return found;
}

async function staffSignIn(page: Page) {
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

/** Nothing on the page is wider than the screen. */
async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function newStaffPage(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() } });
  return { context, page: await context.newPage() };
}

test("the owner makes an advertised coupon; a shopper finds it on the offers and uses it at checkout", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const code = freshCode("SPRING15");
  const product = await physicalProduct(request);
  const owner = await newStaffPage(browser);
  const page = owner.page;
  await staffSignIn(page);
  await page.locator("[data-staff-nav]").getByRole("link", { name: "Coupons" }).click();
  await expect(page).toHaveURL(/\/staff\/coupons$/);
  await shot(page, "coupons-1280-en");
  await page.locator("[data-new-coupon]").click();
  await expect(page).toHaveURL(/\/staff\/coupons\/new$/);

  // A percent above 100 is refused on its field; what was typed stays.
  const form = page.locator("[data-staff-coupon-form]");
  await form.getByLabel("Code", { exact: true }).fill(code);
  await form.getByLabel("Kind of discount").selectOption("percent");
  await form.getByLabel("Percent or amount off").fill("150");
  await form.getByLabel("Minimum order (USD)").fill("1.00");
  await form.getByLabel("Uses in all").fill("100");
  await form.getByLabel("Advertised on the offers page").check();
  await form.getByRole("button", { name: "Make coupon" }).click();
  await expect(form.locator('[data-field-error="value"]')).toHaveText(
    ERROR_MESSAGES.en["error-coupon-percent"],
  );
  await expect(form.getByLabel("Code", { exact: true })).toHaveValue(code);
  await expect(form.getByLabel("Percent or amount off")).toHaveAccessibleDescription(
    new RegExp(ERROR_MESSAGES.en["error-coupon-percent"]),
  );
  await shot(page, "coupon-new-errors-1280-en");
  await form.getByLabel("Percent or amount off").fill("15");
  await form.getByRole("button", { name: "Make coupon" }).click();
  await expect(page).toHaveURL(/\/staff\/coupons\/\d+\?made=1$/);
  await expect(page.locator("[data-form-done]")).toHaveText(`The coupon ${code} was made.`);
  const couponUrl = page.url().replace(/\?.*$/, "");
  await expect(page.locator(`[data-staff-coupon="${code}"] [data-coupon-status]`)).toHaveAttribute(
    "data-coupon-status",
    "active",
  );

  // A shopper, in a browser of their own, sees it on the offers page and uses it at checkout.
  const email = uniqueEmail("coupon-shopper");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: "Rana" });
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`${GROCERY}/offers`);
  await hydrated(shopper);
  const offer = shopper.locator(`[data-offer="${code}"]`);
  // Amounts sit in isolation marks that keep them left to right in Arabic and Hebrew.
  await expect(offer).toContainText(/15%\u2069? off/);
  await expect(offer).toContainText(/On orders of \u2066?\$1\.00/);
  await signIn(shopper, email, PASSWORD);
  await shopper.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(shopper);
  await shopper.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await expect(shopper.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
  await shopper.locator("[data-open-cart]").click();
  await openDrawer(shopper).locator("[data-checkout]").click();
  await hydrated(shopper);
  const checkout = shopper.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  const address = openModal(shopper).locator('[data-address-form="shipping"]');
  await address.getByLabel("Street address").fill("12 Orchard Lane");
  await address.getByLabel("City").fill("Springfield");
  await address.getByLabel("Postal code").fill("62701");
  await address.getByLabel("Country").fill("United States");
  await address.getByRole("button", { name: "Save address" }).click();
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
  await shopper.locator("[data-choose-time]").click();
  await openModal(shopper).locator('[data-window][data-available="true"]').first().click();
  await expect(openModal(shopper)).toHaveCount(0);
  const couponField = checkout.locator("[data-coupon-form]").getByLabel("Coupon code");
  await couponField.fill(code.toLowerCase());
  await couponField.press("Enter");
  await expect(checkout.locator(`[data-coupon-applied="${code}"]`)).toBeVisible();
  await expect(checkout.locator('[data-total="discount"]')).toBeVisible();
  await checkout.locator('[data-choice="cash"]').click();
  await expect(shopper.locator("[data-place-order]")).toBeEnabled();
  await shopper.locator("[data-place-order]").click();
  await expect(shopper).toHaveURL(/\/order-received\?order=\d+$/);
  const orderId = Number(new URL(shopper.url()).searchParams.get("order"));

  // The order was given the discount: 15 % of its goods.
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  const placed = await api<{ coupon: { code: string; amount: number } | null; orderNumber: number }>(
    request,
    "/api/storeOrder/detail/storeCustomer",
    { orderId },
    token,
  );
  expect(placed.coupon?.code).toBe(code);
  expect(placed.coupon?.amount).toBeGreaterThan(0);
  await shopperContext.close();

  // The coupon's page shows the use.
  await page.goto(couponUrl);
  const use = page.locator(`[data-coupon-use="${placed.orderNumber}"]`);
  await expect(use).toContainText(`Order #${placed.orderNumber}`);
  await expect(use.locator("[data-coupon-use-returned]")).toHaveAttribute("data-coupon-use-returned", "no");
  await expect(page.locator("[data-staff-coupon-summary] [data-coupon-uses]")).toHaveText("1 / 100");
  await shot(page, "coupon-1280-en");

  // Two tabs edit it at once: the second save is refused, and shows the coupon as it stands now.
  const second = await owner.context.newPage();
  await second.goto(couponUrl);
  await page.locator("[data-staff-coupon-form]").getByLabel("Percent or amount off").fill("20");
  await page.locator("[data-staff-coupon-form]").getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("The coupon was saved.");
  const stale = second.locator("[data-staff-coupon-form]");
  await stale.getByLabel("Minimum order (USD)").fill("2.00");
  await stale.getByRole("button", { name: "Save changes" }).click();
  await expect(second.locator('[data-form-error="3101"]')).toHaveText(
    ERROR_MESSAGES.en["error-staff-edit-conflict"],
  );
  await expect(stale.getByLabel("Percent or amount off")).toHaveValue("20");
  await expect(stale.getByLabel("Minimum order (USD)")).toHaveValue("1.00");
  await shot(second, "coupon-conflict-1280-en");
  // Made again on the coupon as it stands, the change goes through and keeps the other one's.
  await stale.getByLabel("Minimum order (USD)").fill("2.00");
  await stale.getByRole("button", { name: "Save changes" }).click();
  await expect(second.locator("[data-form-done]")).toHaveText("The coupon was saved.");
  await expect(second.locator("[data-staff-coupon-summary]")).toContainText(/20%\u2069? off/);

  // The list finds it by part of its code, with its uses.
  await page.goto(`${GROCERY}/staff/coupons?q=${code.slice(-6).toLowerCase()}&status=active`);
  await expect(page.locator(`[data-staff-coupon="${code}"] [data-coupon-uses]`)).toHaveText("1 / 100");
  await owner.context.close();
});

test("at 360 px in Arabic the coupons read right to left, and nothing is wider than the phone", async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await staffSignIn(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.locator("[data-staff-menu] summary").click();
  await page.locator("[data-staff-menu] [data-staff-nav]").getByRole("link", { name: "الكوبونات" }).click();
  await expect(page).toHaveURL(/\/staff\/coupons$/);
  await expect(page.locator("[data-staff-coupon]").first()).toBeVisible();
  await expectNoOverflow(page, 360);
  await shot(page, "coupons-360-ar");

  // An empty form is refused field by field, in Arabic.
  await page.locator("[data-new-coupon]").click();
  const form = page.locator("[data-staff-coupon-form]");
  await form.getByRole("button", { name: "إنشاء الكوبون" }).click();
  await expect(form.locator('[data-field-error="code"]')).toHaveText(
    ERROR_MESSAGES.ar["error-field-required"],
  );
  await expect(form.locator('[data-field-error="value"]')).toHaveText(
    ERROR_MESSAGES.ar["error-field-required"],
  );
  await expectNoOverflow(page, 360);
  await shot(page, "coupon-new-360-ar");

  const code = freshCode("PHONE");
  await form.locator("#coupon-code").fill(code);
  await form.locator("#coupon-kind").selectOption("fixed");
  await form.locator("#coupon-value").fill("5");
  await form.locator("#coupon-startsOn").fill("2099-12-01");
  await form.locator("#coupon-endsOn").fill("2099-11-01");
  await form.getByRole("button", { name: "إنشاء الكوبون" }).click();
  await expect(form.locator('[data-field-error="endsOn"]')).toHaveText(
    ERROR_MESSAGES.ar["error-end-before-start"],
  );
  await form.locator("#coupon-endsOn").fill("2099-12-31");
  await form.getByRole("button", { name: "إنشاء الكوبون" }).click();
  await expect(page).toHaveURL(/\/staff\/coupons\/\d+\?made=1$/);
  await expect(page.locator("[data-coupon-status]").first()).toHaveAttribute(
    "data-coupon-status",
    "scheduled",
  );
  await expectNoOverflow(page, 360);
  await shot(page, "coupon-360-ar");
  await context.close();
});
