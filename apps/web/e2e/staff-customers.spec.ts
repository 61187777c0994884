import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { type DeliverySchedule, ERROR_MESSAGES, type PlacedOrder, type ProductSummary } from "@stoa/contract";
import {
  apiData as api,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  newShopperAddress,
  openDrawer,
  openLogin,
  openModal,
  productsOf,
  signIn,
  uniqueEmail,
} from "./support.ts";

/*
 * The console's customers (issue 33): a shopper registers and orders; the owner finds them by part
 * of their email, credits their wallet (the shopper sees it at checkout), exports their data,
 * blocks them (they cannot sign in, and are told why), and erases a second, throwaway customer,
 * whose order then reads anonymised. Then once on a phone, in Arabic.
 */

const DOMAIN = "localhost";
const PASSWORD = "customers-journey-1";
/** The demo stores' staff account (README): the grocery's owner. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A shopper of this journey's own, registered and verified, with one pickup order paid in cash. */
async function shopperWithOrder(request: APIRequestContext, who: string, name: string) {
  const email = uniqueEmail(who);
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: name });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  const { records } = await productsOf(request, DOMAIN, 30);
  const product = records.find(
    (p) => !p.hasVariations && !p.hasOptions && p.stock > 5 && !p.isDigital && p.price >= 100,
  ) as ProductSummary;
  const { pickupPoints } = await api<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: "pickup",
  });
  const window = schedule.days.flatMap((day) => day.windows).find((w) => w.available);
  if (!window) throw new Error("the grocery has no pickup time to choose");
  const placed = await api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [{ productId: product.id, quantity: 1 }],
      delivery_type: "pickup",
      delivery_time: { start: window.start, end: window.end },
      payment_gateway: "cash",
      customer_name: `${name} Shopper`,
      customer_contact: email,
      note: "Please call on arrival",
      pickupOption: pickupPoints[0]?.id ?? 0,
    },
    token,
    { "Idempotency-Key": `customers-journey-${who}-${Date.now()}` },
  );
  return { email, product, order: placed.order };
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

async function newPage(browser: Browser, options: { width?: number } = {}) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
    ...(options.width ? { viewport: { width: options.width, height: 740 } } : {}),
  });
  return { context, page: await context.newPage() };
}

/** The customer's page, found through the list by a part of their email. */
async function openCustomer(page: Page, part: string, email: string) {
  const filter = page.locator("[data-staff-customer-filter]");
  await filter.locator("#customer-q").fill(part);
  await filter.locator("button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`q=${part}`));
  const row = page.locator("[data-staff-customer]", { hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("link").click();
  await expect(page.locator("[data-staff-customer-page]")).toBeVisible();
}

test("the owner finds a shopper, credits their wallet, exports their data, blocks them, and erases another", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const shopper = await shopperWithOrder(request, "customers-kept", "Rana");
  const throwaway = await shopperWithOrder(request, "customers-erased", "Omar");

  const owner = await newPage(browser);
  const page = owner.page;
  await staffSignIn(page);
  await page.locator("[data-staff-nav]").getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/staff\/customers$/);
  await expect(page.locator("[data-staff-customer]").first()).toBeVisible();
  await shot(page, "customers-1280-en");

  // Found by a part of their email; their page shows their order.
  const part = shopper.email.split("@")[0]?.slice(-12) ?? "";
  await openCustomer(page, part, shopper.email);
  const customerUrl = page.url();
  await expect(page.locator("[data-customer-contact]")).toContainText(shopper.email);
  await expect(page.locator(`[data-customer-order="${shopper.order.id}"]`)).toContainText(
    `#${shopper.order.orderNumber}`,
  );

  // The order's page leads back to its customer.
  await page.locator(`[data-customer-order="${shopper.order.id}"]`).getByRole("link").click();
  await expect(page.locator("[data-staff-order-detail]")).toBeVisible();
  await page.locator("[data-staff-order-customer-link]").click();
  await expect(page).toHaveURL(customerUrl);

  // A wallet adjustment needs its reason; then it is kept with the entry.
  const wallet = page.locator("[data-wallet-form]");
  await wallet.getByLabel("Amount").fill("5");
  await wallet.getByRole("button", { name: "Save adjustment" }).click();
  await expect(wallet.locator('[data-field-error="reason"]')).toHaveText(
    ERROR_MESSAGES.en["error-field-required"],
  );
  await expect(wallet.getByLabel("Amount")).toHaveValue("5");
  // Taking more than the wallet holds is refused, with the reason why.
  await wallet.getByLabel("Take credit").check();
  await wallet.getByLabel(/^Reason/).fill("Testing a refusal");
  await wallet.getByRole("button", { name: "Save adjustment" }).click();
  await expect(wallet.locator('[data-field-error="amount"]')).toHaveText(
    ERROR_MESSAGES.en["error-wallet-would-go-negative"],
  );
  await wallet.getByLabel("Add credit").check();
  await wallet.getByLabel(/^Reason/).fill("Sorry for the late pickup");
  await wallet.getByRole("button", { name: "Save adjustment" }).click();
  await expect(page.locator("[data-wallet-form] [data-form-done]")).toHaveText("The wallet was adjusted.");
  await expect(page.locator("[data-wallet-balance]")).toHaveText("$5.00");
  await expect(page.locator('[data-wallet-entry="500"]')).toContainText("Sorry for the late pickup");
  await shot(page, "customer-1280-en");

  // The shopper sees the credit at checkout.
  const buyer = await newPage(browser);
  await buyer.page.goto(`${GROCERY}/products/${shopper.product.id}`);
  await hydrated(buyer.page);
  await signIn(buyer.page, shopper.email, PASSWORD);
  await buyer.page.locator(`[data-product-purchase="${shopper.product.id}"] [data-add-to-cart]`).click();
  await expect(buyer.page.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
  await buyer.page.locator("[data-open-cart]").click();
  await openDrawer(buyer.page).locator("[data-checkout]").click();
  await hydrated(buyer.page);
  await expect(buyer.page.locator("[data-use-wallet]")).toContainText("$5.00");

  // The export is a JSON file of everything kept about them.
  const downloading = page.waitForEvent("download");
  await page.locator("[data-export-form] button").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/customer-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(exported.account.email).toBe(shopper.email);
  expect(exported.account.passwordHash).toBeUndefined();
  expect(exported.orders.map((o: { id: number }) => o.id)).toContain(shopper.order.id);
  expect(exported.orders[0].lines.length).toBeGreaterThan(0);
  expect(exported.walletEntries[0]).toMatchObject({ amount: 500, reason: "Sorry for the late pickup" });

  // Blocked: their open page loses its session, and signing in says why.
  await page.goto(customerUrl);
  await page.locator("[data-block-form]").getByRole("button", { name: "Block customer" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText(
    "The customer is blocked and signed out everywhere.",
  );
  await expect(page.locator('[data-customer-state="blocked"]')).toBeVisible();
  await buyer.context.close();
  const again = await newPage(browser);
  await again.page.goto(GROCERY);
  await hydrated(again.page);
  const login = await openLogin(again.page);
  await login.getByLabel("Email").fill(shopper.email);
  await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(openModal(again.page)).toContainText(ERROR_MESSAGES.en["error-customer-blocked"]);
  await again.context.close();

  // A second customer is erased on request, once their number is typed again.
  await page.goto(`${GROCERY}/staff/customers`);
  await openCustomer(page, throwaway.email.split("@")[0]?.slice(-12) ?? "", throwaway.email);
  const erase = page.locator("[data-erase-form]");
  await erase.locator("#erase-confirm").fill("0");
  await erase.getByRole("button", { name: "Erase personal data" }).click();
  await expect(erase.locator('[data-field-error="confirm"]')).toHaveText(
    ERROR_MESSAGES.en["error-erase-confirm"],
  );
  const id = await page.locator("[data-staff-customer-page]").getAttribute("data-staff-customer-page");
  await erase.locator("#erase-confirm").fill(id ?? "");
  await erase.getByRole("button", { name: "Erase personal data" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("The customer's personal data was erased.");
  await expect(page.locator("[data-customer-name]")).toHaveText("Erased customer");
  await expect(page.locator("[data-customer-contact]")).not.toContainText(throwaway.email);
  await shot(page, "customer-erased-1280-en");
  await page.locator(`[data-customer-order="${throwaway.order.id}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${throwaway.order.id}$`));
  await expect(page.locator("[data-order-customer-name]")).toHaveText("Erased customer");
  await expect(page.locator("main")).not.toContainText(throwaway.email);
  await expect(page.locator("main")).not.toContainText("Please call on arrival");
  await owner.context.close();
});

test("at 360 px in Arabic the customers read right to left, and nothing is wider than the phone", async ({
  browser,
  request,
}) => {
  test.slow();
  const shopper = await shopperWithOrder(request, "customers-phone", "Lina");
  const { context, page } = await newPage(browser, { width: 360 });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  await staffSignIn(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.locator("[data-staff-menu] summary").click();
  await page.locator("[data-staff-menu] [data-staff-nav]").getByRole("link", { name: "العملاء" }).click();
  await expect(page).toHaveURL(/\/staff\/customers$/);
  await expect(page.locator("[data-staff-customer]").first()).toBeVisible();
  await expectNoOverflow(page, 360);
  await shot(page, "customers-360-ar");
  await openCustomer(page, shopper.email.split("@")[0]?.slice(-12) ?? "", shopper.email);
  // An adjustment without a reason is refused in Arabic; taking more than there is, too.
  const wallet = page.locator("[data-wallet-form]");
  await wallet.locator("#wallet-amount").fill("3");
  await wallet.locator("button[type=submit]").click();
  await expect(wallet.locator('[data-field-error="reason"]')).toHaveText(
    ERROR_MESSAGES.ar["error-field-required"],
  );
  await wallet.locator('input[value="take"]').check();
  await wallet.locator("#wallet-reason").fill("تجربة");
  await wallet.locator("button[type=submit]").click();
  await expect(wallet.locator('[data-field-error="amount"]')).toHaveText(
    ERROR_MESSAGES.ar["error-wallet-would-go-negative"],
  );
  await expectNoOverflow(page, 360);
  await shot(page, "customer-360-ar");
  await context.close();
});
