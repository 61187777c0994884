import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  type Envelope,
  effectivePrice,
  formatMoney,
  type PaymentKeys,
  type ProductSummary,
  type StaffTaxSettings,
} from "@stoa/contract";
import {
  API,
  apiData as api,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  latestMessage,
  openDrawer,
  productsOf,
  signIn,
  uniqueEmail,
} from "./support.ts";

const DOMAIN = "localhost";
/** The demo stores' staff account, each demo shop's owner (README). */
const OWNER = { email: "staff@stoa.test", password: "stoa-staff-demo" };

async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(who.email);
  await page.locator("#staff-password").fill(who.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

async function gatewaysOf(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`${API}/api/storeStripe/getKeys`, {
    headers: { "store-domain": DOMAIN },
  });
  return ((await response.json()) as Envelope<PaymentKeys>).data.gateways;
}

/** A product of one price and no choices, whose 10 % tax is a whole number of cents either way. */
async function plainProduct(request: APIRequestContext): Promise<ProductSummary> {
  const { records } = await productsOf(request, DOMAIN, 30);
  const found = records.find(
    (p) =>
      !p.hasVariations &&
      !p.hasOptions &&
      !p.isDigital &&
      p.isAvailable &&
      p.stock >= 5 &&
      effectivePrice(p.price, p.salePrice) % 10 !== 5,
  );
  if (!found) throw new Error("no plain grocery product with stock");
  return found;
}

test("the owner sets the tax a shopper's checkout adds, and turns the test cards off and on", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token: ownerToken } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const before = await api<StaffTaxSettings>(request, "/api/staff/settings/tax/detail", {}, ownerToken);
  try {
    await signInAs(page, OWNER);
    const nav = page.locator("#staff-nav");
    await nav.getByRole("link", { name: "Tax and tips" }).click();
    await expect(page).toHaveURL(/\/staff\/settings\/tax$/);
    const form = page.locator("[data-staff-tax]");
    // Not a rate: said beside the field, nothing saved.
    await form.locator("#tax-rate").evaluate((input) => input.removeAttribute("pattern"));
    await form.locator("#tax-rate").fill("ten");
    await form.locator("button[type=submit]").click();
    await expect(form.locator("[data-field-error=taxRateBp]")).toBeVisible();
    await form.locator("#tax-rate").fill("10");
    await form.locator("input[name=pricesIncludeTax]").uncheck();
    await form.locator("button[type=submit]").click();
    await expect(page.locator("[data-form-done]")).toBeVisible();
    await expect(page.locator("#tax-rate")).toHaveValue("10");

    // A shopper's checkout adds 10 % of the goods.
    const product = await plainProduct(request);
    const email = uniqueEmail("tax-journey");
    await createVerifiedAccount(request, DOMAIN, { email, password: "tax-journey-1" });
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto(`${GROCERY}/products/${product.id}`);
    await hydrated(shopper);
    await signIn(shopper, email, "tax-journey-1");
    await shopper.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
    await expect(shopper.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "1");
    await shopper.locator("[data-open-cart]").click();
    await openDrawer(shopper).locator("[data-checkout]").click();
    await hydrated(shopper);
    const tax = Math.round(effectivePrice(product.price, product.salePrice) / 10);
    await expect(shopper.locator('[data-total="tax"]')).toContainText(formatMoney(tax, "USD", "en"));
    await shopperContext.close();

    // Test cards off: the shop's checkout no longer takes them; on again: it does.
    await nav.getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL(/\/staff\/settings\/payments$/);
    const providers = page.locator("[data-payment-providers]");
    await expect(providers.locator("[data-provider=testCard]")).toBeChecked();
    await providers.locator("[data-provider=testCard]").uncheck();
    await providers.locator("button[type=submit]").click();
    await expect(page.locator("[data-form-done]")).toBeVisible();
    await expect(providers.locator("[data-provider=testCard]")).not.toBeChecked();
    await expect.poll(() => gatewaysOf(request)).not.toContain("test-card");
    await page.reload();
    await expect(providers.locator("[data-provider=testCard]")).not.toBeChecked();
    await providers.locator("[data-provider=testCard]").check();
    await providers.locator("button[type=submit]").click();
    await expect(page.locator("[data-form-done]")).toBeVisible();
    await expect.poll(() => gatewaysOf(request)).toContain("test-card");
    // Stripe without keys is refused in words; this server keeps no keys (no PAYMENT_SECRETS_KEY).
    await providers.locator("[data-provider=stripe]").check();
    await providers.locator("button[type=submit]").click();
    await expect(providers.locator("[data-field-error=stripe]")).toBeVisible();
    await expect(providers.locator("[data-provider=stripe]")).toBeChecked();
    await expect(page.locator("[data-no-secrets-key]")).toBeVisible();
    // Keys are never shown: no field of the page holds one.
    for (const input of await page.locator("[data-provider-keys] input[type=password]").all())
      await expect(input).toHaveValue("");

    const audit = await api<{ records: { action: string }[] }>(
      request,
      "/api/staff/audit?page=1&limit=50",
      { action: "settings" },
      ownerToken,
    );
    const actions = audit.records.map((entry) => entry.action);
    expect(actions).toContain("settings.tax");
    expect(actions).toContain("settings.paymentProviders");
  } finally {
    // Later journeys price the grocery with its own tax.
    await api(request, "/api/staff/settings/tax/update", before, ownerToken);
    await api(
      request,
      "/api/staff/payments/settings/providers",
      { testCard: true, stripe: false, bambora: false },
      ownerToken,
    );
  }
});

test("a manager cannot open the payment settings: the nav lacks them and the address shows the role page", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { token: ownerToken } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const email = uniqueEmail("payments-manager");
  await api(
    request,
    "/api/staff/accounts/invite",
    { email, name: "Maya Manager", role: "manager" },
    ownerToken,
  );
  const message = await latestMessage(request, email, /\/staff\/invitation\?token=/);
  const link = /\/staff\/invitation\?token=([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
  const context = await browser.newContext();
  const manager = await context.newPage();
  await manager.goto(`${GROCERY}/staff/invitation?token=${link}`);
  await manager.locator("#invitation-password").fill("maya-manager-1");
  await manager.locator("[data-staff-invitation-form] button[type=submit]").click();
  await expect(manager).toHaveURL(/\/staff\/today$/);
  const nav = manager.locator("#staff-nav");
  await expect(nav.getByRole("link", { name: "Tax and tips" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Logo" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Payments", exact: true })).toHaveCount(0);
  await manager.goto(`${GROCERY}/staff/settings/payments`);
  await expect(manager.locator("[data-staff-shell] [data-problem=staff-role]")).toBeVisible();
  await expect(manager.locator("[data-payment-providers]")).toHaveCount(0);
  // The tax page is theirs.
  await manager.goto(`${GROCERY}/staff/settings/tax`);
  await expect(manager.locator("[data-staff-tax]")).toBeVisible();
  await context.close();
});
