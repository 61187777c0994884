import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import type { Envelope, Paginated, ProductSummary } from "@stoa/contract";
import {
  API,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openDrawer,
  openModal,
  signIn,
  uniqueEmail,
} from "./support.ts";

const PASSWORD = "correct horse 1";
const SHOTS = process.env.ADDRESS_BOOK_SHOTS;

/** A simple grocery product in stock that ships (not a download). */
async function physicalProduct(request: APIRequestContext): Promise<ProductSummary> {
  const response = await request.post(`${API}/api/storeProduct/search?limit=60&page=1`, {
    headers: { "store-domain": "localhost" },
    data: {},
  });
  const { data } = (await response.json()) as Envelope<Paginated<ProductSummary>>;
  const found = data.records.find(
    (p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 5 && p.price > 0 && p.image,
  );
  if (!found) throw new Error("no simple grocery product with stock");
  return found;
}

async function fillBookForm(form: Locator, title: string, street: string) {
  await form.getByLabel("Label (optional)").fill(title);
  await form.getByLabel("Recipient").fill("Nora Haddad");
  await form.getByLabel("Street address").fill(street);
  await form.getByLabel("City").fill("Springfield");
  await form.getByLabel("Postal code").fill("62701");
  await form.getByLabel("Country").fill("United States");
  await form.getByRole("button", { name: "Save address" }).click();
}

const entry = (page: Page, street: string) => page.locator("[data-book-address]").filter({ hasText: street });

/** A signed-in customer, in a page with scripts. */
async function signedIn(page: Page, request: APIRequestContext, who: string) {
  const email = uniqueEmail(who);
  await createVerifiedAccount(request, "localhost", { email, password: PASSWORD, firstName: "Nora" });
  await page.goto(`${GROCERY}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  return email;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, label] of [
    [1280, "desktop"],
    [360, "phone"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function shootInArabic(browser: Browser, page: Page, path: string, name: string) {
  if (!SHOTS) return;
  const state = await page.context().storageState();
  const context = await browser.newContext({ storageState: state });
  await context.addCookies([{ name: "lang", value: "ar", url: GROCERY }]);
  const arabic = await context.newPage();
  await arabic.goto(`${GROCERY}${path}`);
  await hydrated(arabic);
  await expect(arabic.locator("html")).toHaveAttribute("dir", "rtl");
  await shoot(arabic, `${name}-ar`);
  await context.close();
}

test("a customer keeps two shipping addresses; checkout starts on the default, and the order goes to the one picked", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(SHOTS ? 240_000 : 120_000);
  await signedIn(page, request, "address-book");
  const product = await physicalProduct(request);

  // The address book is in the account menu.
  await page.goto(`${GROCERY}/profile`);
  await page
    .getByRole("navigation", { name: "Account menu" })
    .getByRole("link", { name: "Address book" })
    .click();
  await expect(page).toHaveURL(`${GROCERY}/addresses`);
  await expect(page.locator('[data-book-list="shipping"]')).toContainText("No shipping address yet.");

  await page.locator('[data-add-book-address="shipping"]').click();
  await fillBookForm(page.locator('[data-book-form="shipping"]'), "Home", "1 First Street");
  await expect(page.locator('[data-book-notice="save"]')).toHaveText("The address has been saved.");
  // The first shipping address is the default.
  await expect(entry(page, "1 First Street")).toHaveAttribute("data-default", "true");

  await page.locator('[data-add-book-address="shipping"]').click();
  await fillBookForm(page.locator('[data-book-form="shipping"]'), "Work", "2 Second Avenue");
  await expect(entry(page, "2 Second Avenue")).toBeVisible();
  await expect(entry(page, "2 Second Avenue")).not.toHaveAttribute("data-default");

  await page.getByRole("button", { name: "Make Work the default" }).click();
  await expect(page.locator('[data-book-notice="default"]')).toHaveText(
    "Your default address has been changed.",
  );
  await expect(entry(page, "2 Second Avenue")).toHaveAttribute("data-default", "true");
  await expect(entry(page, "1 First Street")).not.toHaveAttribute("data-default");
  await expect(entry(page, "2 Second Avenue")).toContainText("Default");
  await shoot(page, "address-book-en");
  await shootInArabic(browser, page, "/addresses", "address-book");

  // The profile shows the default and leads to the book.
  await page.goto(`${GROCERY}/profile`);
  await expect(page.locator("[data-address=shipping]")).toContainText("2 Second Avenue");

  // Checkout starts on the default; the other one is a choice away.
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await page.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  const checkout = page.locator('[data-checkout="customer"]');
  const choice = checkout.locator('[data-address-book-choice="shipping"]');
  await expect(choice.getByRole("radio")).toHaveCount(2);
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("2 Second Avenue");
  await expect(choice.getByRole("radio", { name: /2 Second Avenue/ })).toBeChecked();
  await shoot(page, "checkout-addresses-en");
  await shootInArabic(browser, page, "/checkout", "checkout-addresses");

  await choice.getByRole("radio", { name: /1 First Street/ }).check();
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("1 First Street");
  await expect(choice.getByRole("radio", { name: /2 Second Avenue/ })).not.toBeChecked();

  // A new address for this order only is used without joining the book.
  await checkout.locator('[data-new-address="shipping"]').click();
  const form = openModal(page).locator('[data-address-form="shipping"]');
  await form.getByLabel("Save it to my address book").uncheck();
  await form.getByLabel("Recipient").fill("Nora Haddad");
  await form.getByLabel("Street address").fill("3 Holiday Road");
  await form.getByLabel("City").fill("Lakeside");
  await form.getByLabel("Country").fill("United States");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("3 Holiday Road");
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("For this order only");
  // Back to the book's first address.
  await choice.getByRole("radio", { name: /1 First Street/ }).check();
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("1 First Street");
  await expect(choice.getByRole("radio")).toHaveCount(2);

  // A time and cash, then the order goes to the address picked.
  const chooseTime = page.locator("[data-choose-time]");
  if (await chooseTime.isVisible()) {
    await chooseTime.click();
    await openModal(page).locator('[data-window][data-available="true"]').first().click();
    await expect(openModal(page)).toHaveCount(0);
  }
  await checkout.locator('[data-choice="cash"]').click();
  await expect(page.locator("[data-place-order]")).toBeEnabled();
  await page.locator("[data-place-order]").click();
  await expect(page).toHaveURL(/\/order-received\?order=\d+$/);
  await expect(page.locator("main")).toContainText("1 First Street");
  await expect(page.locator("main")).not.toContainText("2 Second Avenue");
});

test("the address book works without scripts: add, refuse what is missing, make default, delete", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedIn(page, request, "address-plain");
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(`${GROCERY}/addresses`);
  await expect(plain.locator('[data-book-list="billing"]')).toContainText("No billing address yet.");

  await plain.locator('[data-add-book-address="billing"]').click();
  await expect(plain).toHaveURL(/\/addresses\?add=billing/);
  const form = plain.locator('[data-book-form="billing"]');
  // Sent without a street: the page comes back with the form, what was typed and the error.
  await form.getByLabel("Name on the bill").fill("Nora Haddad");
  await form.getByLabel("City").fill("Springfield");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByLabel("Name on the bill")).toHaveValue("Nora Haddad");
  await expect(form.getByText("This field is required.").first()).toBeVisible();
  await form.getByLabel("Street address").fill("5 Ledger Lane");
  await form.getByLabel("Country").fill("Canada");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(plain).toHaveURL(/\/addresses\?done=save$/);
  await expect(entry(plain, "5 Ledger Lane")).toHaveAttribute("data-default", "true");

  await plain.locator('[data-add-book-address="billing"]').click();
  const second = plain.locator('[data-book-form="billing"]');
  await second.getByLabel("Label (optional)").fill("Office");
  await second.getByLabel("Name on the bill").fill("Nora Haddad");
  await second.getByLabel("Street address").fill("6 Invoice Street");
  await second.getByLabel("City").fill("Springfield");
  await second.getByLabel("Country").fill("Canada");
  await second.getByLabel("Make this my default billing address").check();
  await second.getByRole("button", { name: "Save address" }).click();
  await expect(entry(plain, "6 Invoice Street")).toHaveAttribute("data-default", "true");
  await expect(entry(plain, "5 Ledger Lane")).not.toHaveAttribute("data-default");

  // Edit, then delete the default: the other one takes its place.
  await entry(plain, "5 Ledger Lane").locator("[data-edit-book-address]").click();
  const edit = plain.locator('[data-book-form="billing"]');
  await expect(edit.getByLabel("Street address")).toHaveValue("5 Ledger Lane");
  await edit.getByLabel("Street address").fill("5 Ledger Lane, Suite 2");
  await edit.getByRole("button", { name: "Save address" }).click();
  await expect(entry(plain, "Suite 2")).toBeVisible();
  await entry(plain, "6 Invoice Street").locator("[data-delete-book-address]").click();
  await expect(plain).toHaveURL(/\/addresses\?done=delete$/);
  await expect(plain.locator("[data-book-notice=delete]")).toHaveText("The address has been deleted.");
  await expect(plain.locator("[data-book-address]")).toHaveCount(1);
  await expect(entry(plain, "Suite 2")).toHaveAttribute("data-default", "true");
  await context.close();
});
