import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import {
  type Category,
  CHECKOUT_STORAGE_KEY,
  type Envelope,
  type Paginated,
  type ProductSummary,
  STORAGE_KEYS,
} from "@stoa/contract";
import {
  API,
  codeSentTo,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openDrawer,
  openLogin,
  openModal,
  signIn,
  uniqueEmail,
  uniquePhone,
  verificationLinkOf,
} from "./support.ts";

const DOMAIN = "localhost";
const PASSWORD = "correct horse 1";
const APPROVED = "4242 4242 4242 4242";
const DECLINED = "4000 0000 0000 0002";

async function search<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const response = await request.post(`${API}${path}`, { headers: { "store-domain": DOMAIN }, data: body });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, path).toBe("0");
  return envelope.data;
}

/** The grocery's downloads category holds its digital goods (gift cards, booklets). */
async function downloadsCategory(request: APIRequestContext): Promise<number> {
  const tree = await search<Category[]>(request, "/api/storeProductCategory/search", { language: "en" });
  const found = tree.flatMap((c) => [c, ...c.children]).find((c) => c.slug === "downloads");
  if (!found) throw new Error("the grocery has no downloads category");
  return found.id;
}

/** Goods that ship: simple (no variations or options), in stock, outside the downloads. */
async function physicalProduct(request: APIRequestContext): Promise<ProductSummary> {
  const downloads = await downloadsCategory(request);
  const { records } = await search<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {},
  );
  const found = records.find(
    (p) =>
      !p.hasVariations &&
      !p.hasOptions &&
      p.isAvailable &&
      p.stock >= 5 &&
      p.image &&
      !p.categoryIds.includes(downloads),
  );
  if (!found) throw new Error("no simple grocery product with stock");
  return found;
}

async function digitalProduct(request: APIRequestContext): Promise<ProductSummary> {
  const downloads = await downloadsCategory(request);
  const { records } = await search<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=30&page=1",
    {
      categoryIds: [downloads],
    },
  );
  const found = records.find((p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock > 0);
  if (!found) throw new Error("no digital product in the grocery");
  return found;
}

async function addFromProductPage(page: Page, product: ProductSummary) {
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await page.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await expect(page.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
}

/** From the cart drawer's checkout button, as a shopper goes. */
async function goToCheckout(page: Page) {
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
}

async function fillAddress(form: Locator) {
  await form.getByLabel("Recipient").fill("Anna Berg");
  await form.getByLabel("Street address").fill("12 Orchard Lane");
  await form.getByLabel("City").fill("Springfield");
  await form.getByLabel("Postal code").fill("62701");
  await form.getByLabel("Country").fill("United States");
  await form.getByRole("button", { name: "Save address" }).click();
}

/**
 * A sent address form with a field to fix has put focus on that field, marked invalid and described
 * by its message, and in view (on a phone the dialog scrolls to it).
 */
async function expectToFix(form: Locator, label: string) {
  const field = form.getByLabel(label, { exact: true });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const described = (await field.getAttribute("aria-describedby"))?.split(" ")[0];
  await expect(form.locator(`[id="${described}"]`)).toHaveText("This field is required.");
  await expect(field).toBeInViewport();
}

async function chooseFirstWindow(page: Page) {
  await page.locator("[data-choose-time]").click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "SEL_TIME");
  const window = modal.locator('[data-window][data-available="true"]').first();
  const start = await window.getAttribute("data-window");
  await window.click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(page.locator("[data-chosen-window]")).toHaveAttribute("data-chosen-window", start ?? "");
}

async function enterCard(page: Page, number: string) {
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD");
  await expect(modal.locator("[data-test-cards]")).toContainText("4242 4242 4242 4242");
  await modal.getByLabel("Card number").fill(number);
  await modal.getByLabel("Month").fill("12");
  await modal.getByLabel("Year").fill(String((new Date().getFullYear() + 3) % 100));
  await modal.getByLabel("Security code").fill("123");
  await modal.getByLabel("Name on card").fill("Anna Berg");
  await modal.getByRole("button", { name: "Use this card" }).click();
  await expect(openModal(page)).toHaveCount(0);
}

/** Waits until the summary shows totals the API answered for the current choices, then places the order. */
async function placeOrder(page: Page) {
  const button = page.locator("[data-place-order]");
  await expect(button).toBeEnabled();
  await button.click();
}

async function expectOrderReceived(page: Page) {
  await expect(page).toHaveURL(/\/order-received\?order=\d+$/);
  await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "0");
  const stored = await page.evaluate(
    ([cart, checkout]) => [localStorage.getItem(cart), localStorage.getItem(checkout)],
    [STORAGE_KEYS.cart, CHECKOUT_STORAGE_KEY] as const,
  );
  expect(JSON.parse(stored[0] ?? "{}")).toMatchObject({ totalItems: 0 });
  expect(JSON.parse(stored[1] ?? "{}")).toMatchObject({
    verified_response: null,
    coupon: null,
    attempt: null,
  });
}

test("a customer checks out with a delivery window and a coupon, paying cash", async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("checkout-cash");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: "Anna" });
  const product = await physicalProduct(request);

  await page.goto(`${GROCERY}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await addFromProductPage(page, product);
  await goToCheckout(page);
  await expect(page).toHaveURL(/\/checkout$/);
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(checkout).toBeVisible();
  await expect(checkout.locator(`[data-summary-line="${product.id}::"]`)).toBeVisible();

  // The address is saved on the account through the account's own dialog, which starts with the
  // account holder's name as the recipient.
  await checkout.locator('[data-add-address="shipping"]').click();
  const addressForm = openModal(page).locator('[data-address-form="shipping"]');
  await expect(addressForm.getByLabel("Recipient")).toHaveValue("Anna Shopper");
  await fillAddress(addressForm);
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
  await expect(checkout.locator('[data-edit-address="shipping"]')).toBeFocused();

  await chooseFirstWindow(page);

  // A coupon that does not exist is refused in words; a real one takes its part off.
  const coupon = checkout.locator("[data-coupon-form]");
  // Focus stays where the shopper can act on the answer: the field with its refusal, the applied
  // code (the field is gone), the field again once the code is removed.
  const couponField = coupon.getByLabel("Coupon code");
  await couponField.fill("NOSUCHCODE");
  await coupon.getByRole("button", { name: "Apply" }).click();
  await expect(checkout.locator("[data-coupon-error]")).toHaveText("This coupon code is not valid.");
  await expect(couponField).toBeFocused();
  await expect(couponField).toHaveAccessibleDescription("This coupon code is not valid.");
  await couponField.fill("WELCOME10");
  await couponField.press("Enter");
  await expect(checkout.locator('[data-coupon-applied="WELCOME10"]')).toBeFocused();
  await checkout.locator("[data-remove-coupon]").click();
  await expect(couponField).toBeFocused();
  await couponField.fill("WELCOME10");
  await couponField.press("Enter");
  await expect(checkout.locator('[data-coupon-applied="WELCOME10"]')).toBeFocused();
  await expect(checkout.locator('[data-total="discount"]')).toBeVisible();

  // Placing without a way to pay says what is missing, where it is missing.
  await page.locator("[data-place-order]").click();
  await expect(checkout.locator("#payment [data-step-message]")).toHaveText("Choose how you want to pay.");
  await checkout.locator('[data-choice="cash"]').click();
  await expect(checkout.locator("#payment [data-step-message]")).toHaveCount(0);

  await placeOrder(page);
  await expectOrderReceived(page);
});

test("a guest pays by test card: a declined card first, then one that is approved", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const product = await physicalProduct(request);
  await addFromProductPage(page, product);
  await goToCheckout(page);

  // A visitor meets the login view, with the guest way the grocery offers.
  await page.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(/\/checkout\/guest$/);
  const checkout = page.locator('[data-checkout="guest"]');
  await expect(checkout).toBeVisible();

  await checkout.locator('[data-add-address="shipping"]').click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_GUEST_ADDRESS");
  await fillAddress(openModal(page).locator('[data-guest-address-form="shipping"]'));
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
  await chooseFirstWindow(page);

  const contact = checkout.locator("[data-guest-contact]");
  await contact.getByLabel("Full name").fill("Anna Berg");
  await contact.getByLabel("Email or phone").fill(uniqueEmail("guest-card"));

  // The arrow keys move through the ways to pay and only choose; Space on the card asks for it.
  await checkout.locator('[data-choice="cash"] input').focus();
  await page.keyboard.press("ArrowDown");
  await expect(checkout.locator('[data-choice="card"] input')).toBeChecked();
  await expect(checkout.locator('[data-choice="card"] input')).toBeFocused();
  await expect(checkout.locator("[data-enter-card]")).toHaveText("Enter card");
  await page.keyboard.press("ArrowUp");
  await expect(checkout.locator('[data-choice="cash"] input')).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(checkout.locator('[data-choice="card"] input')).toBeChecked();
  await expect(openModal(page)).toHaveCount(0);
  await page.keyboard.press("Space");
  const cardForm = openModal(page).locator("[data-card-form]");
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD");
  // Sent empty, every field asks to be filled in, and each message goes as its field is.
  await cardForm.getByRole("button", { name: "Use this card" }).click();
  await expect(cardForm.locator("[data-field-error]")).toHaveText(
    Array.from({ length: 5 }, () => "This field is required."),
  );
  await expect(cardForm.getByLabel("Card number")).toBeFocused();
  await cardForm.getByLabel("Card number").fill("4242");
  await expect(cardForm.getByLabel("Card number")).toHaveAccessibleDescription(
    "This card number is not valid.",
  );
  await cardForm.getByLabel("Card number").fill(DECLINED);
  await expect(cardForm.locator("[data-field-error]")).toHaveCount(4);
  await enterCard(page, DECLINED);
  await expect(checkout.locator("[data-card-summary]")).toContainText("•••• 0002");
  await placeOrder(page);
  const declined = "Your card was declined. Nothing was charged; please try another card.";
  await expect(page.locator("[data-place-alert]")).toHaveText(declined);
  await expect(checkout.locator("#payment [data-step-message]")).toHaveText(declined);
  // Focus is on the way to give another card, which is read with the refusal.
  await expect(checkout.locator("[data-enter-card]")).toBeFocused();
  await expect(checkout.locator("[data-enter-card]")).toHaveAccessibleDescription(declined);
  await expect(page).toHaveURL(/\/checkout\/guest$/);
  // What was filled in stays.
  await expect(contact.getByLabel("Full name")).toHaveValue("Anna Berg");

  await checkout.locator("[data-enter-card]").click();
  await enterCard(page, APPROVED);
  await expect(checkout.locator("[data-card-summary]")).toContainText("Visa •••• 4242");
  await placeOrder(page);
  await expectOrderReceived(page);
  // The card never reached the browser's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain("4242424242424242");
});

test("address forms sent with a mistake take the shopper to the first field to fix, on a phone", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const product = await physicalProduct(request);
  await addFromProductPage(page, product);
  await goToCheckout(page);
  await page.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
  const checkout = page.locator('[data-checkout="guest"]');
  await expect(checkout).toBeVisible();

  // ADD_OR_UPDATE_GUEST_ADDRESS: sent empty, the first required field; then one left out further down.
  await checkout.locator('[data-add-address="shipping"]').click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_GUEST_ADDRESS");
  const shipping = openModal(page).locator('[data-guest-address-form="shipping"]');
  const save = shipping.getByRole("button", { name: "Save address" });
  await save.click();
  await expectToFix(shipping, "Recipient");
  await shipping.getByLabel("Recipient").fill("Anna Berg");
  await shipping.getByLabel("Street address").fill("12 Orchard Lane");
  await shipping.getByLabel("Country").fill("United States");
  await save.click();
  await expectToFix(shipping, "City");
  await shipping.getByLabel("City").fill("Springfield");
  await save.click();
  await expect(openModal(page)).toHaveCount(0);
  // The "Add" button it was opened from is gone: focus goes to the address's own Edit button.
  await expect(checkout.locator('[data-edit-address="shipping"]')).toBeFocused();

  // UPDATE_GUEST_ADDRESS: the street cleared.
  await checkout.locator('[data-edit-address="shipping"]').click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "UPDATE_GUEST_ADDRESS");
  const update = openModal(page).locator('[data-guest-address-form="shipping"]');
  await update.getByLabel("Street address").fill("");
  await update.getByRole("button", { name: "Save address" }).click();
  await expectToFix(update, "Street address");
  await page.keyboard.press("Escape");
  await expect(openModal(page)).toHaveCount(0);

  // ADD_OR_UPDATE_GUEST_BILLING_ADDRESS.
  await checkout.locator('[data-billing-address] [data-add-address="billing"]').click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_GUEST_BILLING_ADDRESS");
  const billing = openModal(page).locator('[data-guest-address-form="billing"]');
  await billing.getByLabel("Name on the bill").fill("Anna Berg");
  await billing.getByRole("button", { name: "Save address" }).click();
  await expectToFix(billing, "Street address");
});

test("on a phone every delivery day is in reach, and the chosen one in view, left to right and right to left", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const product = await physicalProduct(request);
  for (const locale of ["en", "ar"]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([{ name: "lang", value: locale, url: GROCERY }]);
    const page = await context.newPage();
    await addFromProductPage(page, product);
    await page.goto(`${GROCERY}/checkout/guest`);
    await hydrated(page);
    await page.locator('[data-inline-login] form[action="/auth/guest"] button').click();
    await expect(page.locator('[data-checkout="guest"]')).toBeVisible();

    await page.locator("[data-choose-time]").click();
    const modal = openModal(page);
    await expect(modal).toHaveAttribute("data-modal-view", "SEL_TIME");
    const days = modal.locator("[data-day]");
    await expect(days.first()).toBeVisible();
    expect(await days.count(), locale).toBeGreaterThanOrEqual(3);
    const last = days.last();
    // More days than the phone is wide: the row's button brings the hidden ones.
    await expect(last, locale).not.toBeInViewport({ ratio: 1 });
    for (let press = 0; press < 5 && !(await last.evaluate(isWhollyShown)); press += 1) {
      await modal.locator("[data-scroll-next]").click();
      await page.waitForTimeout(400);
    }
    await expect(last, locale).toBeInViewport({ ratio: 1 });
    await last.click();
    const slot = modal.locator('[data-window][data-available="true"]').first();
    const start = await slot.getAttribute("data-window");
    await slot.click();
    await expect(page.locator("[data-chosen-window]")).toHaveAttribute("data-chosen-window", start ?? "");

    // Opened again, the picker shows the chosen day, however far along the row it is.
    await page.locator("[data-choose-time]").click();
    await expect(last).toHaveAttribute("aria-pressed", "true");
    await expect(last, locale).toBeInViewport({ ratio: 1 });
    await expect(modal.locator(`[data-window="${start}"]`)).toHaveAttribute("aria-pressed", "true");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, locale).toBeLessThanOrEqual(0);
    await context.close();
  }
});

/** Whether an element lies wholly in sight: inside the window and inside its scrolling row. */
function isWhollyShown(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const row = element.closest("[data-scroll-row]")?.getBoundingClientRect() ?? box;
  return box.left >= Math.max(0, row.left) && box.right <= Math.min(window.innerWidth, row.right);
}

test("a customer who signed up by phone is named by the number and asked for a name in place", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const phone = uniquePhone();
  const product = await physicalProduct(request);
  await page.goto(`${GROCERY}/products`);
  await hydrated(page);
  const modal = await openLogin(page);
  await modal.getByRole("button", { name: "Sign in with your mobile number" }).click();
  await modal.getByLabel("Country calling code").fill("1");
  await modal.getByLabel("Phone number without the country code").fill(phone);
  await modal.getByRole("button", { name: "Send code" }).click();
  await expect(modal.locator("[data-otp-step=Otp]")).toBeVisible({ timeout: 30_000 });
  await modal.getByLabel("Code", { exact: true }).fill(await codeSentTo(request, `+1${phone}`));
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(openModal(page)).toHaveCount(0);

  await addFromProductPage(page, product);
  await goToCheckout(page);
  const checkout = page.locator('[data-checkout="customer"]');
  // The account has no name: it is named by its number, and the name is asked for right here.
  await expect(checkout.getByText(`Signed in as +1 ${phone}`)).toBeVisible();
  const name = checkout.locator("[data-ask-name]").getByLabel("Full name");
  await expect(name).toHaveValue("");
  await expect(checkout.locator("[data-contact-value]")).toHaveText(`+1 ${phone}`);

  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-address-form="shipping"]'));
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
  await chooseFirstWindow(page);
  await checkout.locator('[data-choice="cash"]').click();
  // Placing the order without it says so on the field itself.
  await page.locator("[data-place-order]").click();
  await expect(name).toHaveAccessibleDescription(/Enter your name\./);
  // The field stays while the name is typed, and the message goes.
  await name.fill("Dana Levi");
  await expect(name).toHaveValue("Dana Levi");
  await expect(name).not.toHaveAccessibleDescription(/Enter your name\./);
  await expect(checkout.locator("[data-ask-name]")).toBeVisible();
  await placeOrder(page);
  await expectOrderReceived(page);
});

test("registering at checkout and verifying the email leads back to the checkout, cart intact", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("checkout-register");
  const product = await physicalProduct(request);
  await page.goto(`${GROCERY}/products`);
  await hydrated(page);
  await addFromProductPage(page, product);
  await goToCheckout(page);
  await page.locator("[data-inline-login] [data-register-link]").getByRole("button").click();
  const register = openModal(page);
  await expect(register).toHaveAttribute("data-modal-view", "REGISTER");
  await register.getByLabel("First name").fill("Rina");
  await register.getByLabel("Last name").fill("Cohen");
  await register.getByLabel("Email").fill(email);
  await register.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${GROCERY}/verify-email`);

  await page.goto(await verificationLinkOf(request, email));
  await expect(page.locator("[data-verify-result]")).toHaveAttribute("data-verify-result", "verified");
  // Not "profile or home": the way on is the checkout the shopper came from.
  await expect(page.getByRole("link", { name: "Go to your profile" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to your checkout" }).click();
  await expect(page).toHaveURL(`${GROCERY}/checkout`);
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(checkout.locator(`[data-summary-line="${product.id}::"]`)).toBeVisible();
  await expect(checkout.getByText("Signed in as Rina Cohen")).toBeVisible();
});

test("the account's address dialog in checkout takes the customer to the field to fix", async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail("checkout-address-focus");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: "Anna" });
  const product = await physicalProduct(request);
  await page.goto(`${GROCERY}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await addFromProductPage(page, product);
  await goToCheckout(page);
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_ADDRESS");
  const form = openModal(page).locator('[data-address-form="shipping"]');
  await form.getByLabel("Recipient").fill("Anna Berg");
  await form.getByLabel("Street address").fill("12 Orchard Lane");
  await form.getByLabel("City").fill("Springfield");
  await form.getByRole("button", { name: "Save address" }).click();
  await expectToFix(form, "Country");
  await form.getByLabel("Country").fill("United States");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
});

test("a guest lands on the order it placed, and its link opens the order after the session is gone", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const product = await physicalProduct(request);
  await addFromProductPage(page, product);
  await goToCheckout(page);
  await page.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(/\/checkout\/guest$/);
  // A guest session is no account: the header's account button does not say "signed in".
  await expect(page.locator("[data-open-account]")).toHaveAccessibleName("Your guest session");
  const checkout = page.locator('[data-checkout="guest"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  await fillAddress(openModal(page).locator('[data-guest-address-form="shipping"]'));
  await chooseFirstWindow(page);
  const contact = checkout.locator("[data-guest-contact]");
  await contact.getByLabel("Full name").fill("Anna Berg");
  await contact.getByLabel("Email or phone").fill(uniqueEmail("guest-received"));
  await checkout.locator('[data-choice="cash"]').click();

  // Every address the browser asks for on the way is kept, to see where the order's token goes.
  const asked: string[] = [];
  page.on("request", (sent) => asked.push(sent.url()));
  await placeOrder(page);
  await expectOrderReceived(page);
  const received = page.locator("[data-order-received]");
  const orderId = await received.getAttribute("data-order-received");

  // "View order" is the confirmation email's link to the order: it opens wherever the guest is.
  const view = received.locator("[data-view-order]");
  await expect(view).toHaveAttribute("href", new RegExp(`^/orders/${orderId}\\?token=[\\w-]{20,}$`));
  const href = (await view.getAttribute("href")) ?? "";
  const token = new URL(href, GROCERY).searchParams.get("token") ?? "";
  // The token was in no address the browser asked, nor in page scripts' reach.
  expect(asked.filter((url) => url.includes(token))).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).not.toContain(token);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
    token,
  );

  // Without the guest session, the page checkout landed on still opens the order.
  await context.clearCookies({ name: STORAGE_KEYS.authToken });
  await page.reload();
  await expect(page.locator(`[data-order-received="${orderId}"]`)).toBeVisible();
  await expect(received.locator("[data-view-order]")).toHaveAttribute("href", href);

  // And its link opens the order, with no cookie at all, as the email's does.
  await context.clearCookies();
  await hydrated(page);
  await received.locator("[data-view-order]").click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?token=`));
  await expect(page.locator(`[data-order="${orderId}"]`)).toBeVisible();
  await expect(page.locator("[data-order-line]")).toHaveCount(1);
  await expect(page.locator("[data-order-timeline]")).toBeVisible();
  // The page passes the token on to nobody: no Referer, and tracking sees it hidden.
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  const tracked = await page.evaluate(() => JSON.stringify((window as { dataLayer?: unknown[] }).dataLayer));
  expect(tracked).not.toContain(token);
  expect(tracked).toContain(`/orders/${orderId}?token=hidden`);
});

test("the shop's check of the cart shows on its lines, in the summary and the drawer, until settled", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const product = await physicalProduct(request);
  await addFromProductPage(page, product);
  await goToCheckout(page);
  await page.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(/\/checkout\/guest$/);
  await expect(page.locator("[data-total=payable]")).toBeVisible();

  // Another tab leaves the cart with a price that is no longer the shop's and more than it has.
  const other = await context.newPage();
  await other.goto(`${GROCERY}/favicon.svg`);
  await other.evaluate(
    ([key, id, stock]) => {
      const cart = JSON.parse(localStorage.getItem(key) ?? "{}");
      const line = cart.items.find((item: { id: string }) => item.id === id);
      line.price -= 100;
      line.quantity = stock + 2;
      line.stock = stock + 2;
      line.itemTotal = line.price * line.quantity;
      localStorage.setItem(key, JSON.stringify(cart));
    },
    [STORAGE_KEYS.cart, `${product.id}::`, product.stock] as const,
  );
  await other.close();

  const line = page.locator(`[data-summary-line="${product.id}::"]`);
  await expect(line.locator('[data-line-problem="price_changed"]')).toBeVisible();
  await expect(line.locator('[data-line-problem="short_stock"]')).toContainText(`Only ${product.stock} left`);
  await expect(page.locator("[data-place-order]")).toBeDisabled();
  await expect(page.locator("[data-place-blocked]")).toHaveText(
    "Settle the items marked in your order to continue.",
  );

  // The drawer shows the same, and settles it the same way.
  await page.locator("[data-open-cart]").click();
  const drawerLine = openDrawer(page).locator(`[data-cart-line="${product.id}::"]`);
  await expect(drawerLine.locator('[data-line-problem="short_stock"]')).toBeVisible();
  await drawerLine.locator('[data-fix-problem="short_stock"]').click();
  await expect(drawerLine).toHaveAttribute("data-quantity", String(product.stock));
  await page.keyboard.press("Escape");

  await line.locator('[data-fix-problem="price_changed"]').click();
  await expect(line.locator("[data-line-problem]")).toHaveCount(0);
  await expect(page.locator("[data-place-blocked]")).toHaveCount(0);
  await expect(page.locator("[data-place-order]")).toBeEnabled();
});

test("a cart of digital goods goes to the digital checkout and is paid by card", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("checkout-digital");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: "Dana" });
  const product = await digitalProduct(request);
  // The catalogue says what a product is, so the cart knows its checkout before anything is priced.
  expect(product.isDigital).toBe(true);

  await page.goto(`${GROCERY}/products`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await addFromProductPage(page, product);
  const visited: string[] = [];
  const priced: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  page.on("request", (sent) => {
    if (sent.url().includes("/checkout/calculate")) priced.push(sent.url());
  });
  await page.locator("[data-open-cart]").click();
  const drawerCheckout = openDrawer(page).locator("[data-checkout]");
  await expect(drawerCheckout).toHaveAttribute("href", "/checkout/digital");
  expect(priced).toEqual([]);
  await drawerCheckout.click();
  await hydrated(page);

  // Straight there, never by the standard checkout: no address, no delivery time, an email.
  await expect(page).toHaveURL(/\/checkout\/digital$/);
  expect(visited.filter((path) => path === "/checkout")).toEqual([]);
  const checkout = page.locator('[data-checkout="digital"]');
  await expect(checkout.locator("[data-digital-delivery]")).toBeVisible();
  await expect(checkout.locator("[data-checkout-step=delivery]")).toHaveCount(0);
  await expect(checkout.locator("[data-contact-value]")).toHaveText(email);
  await expect(checkout.locator('[data-choice="cash"]')).toHaveCount(0);
  // From now on the cart's own button knows the way.
  await page.locator("[data-open-cart]").click();
  await expect(openDrawer(page).locator("[data-checkout]")).toHaveAttribute("href", "/checkout/digital");
  await page.keyboard.press("Escape");

  // A download is paid by card, the only way offered, so it is chosen already.
  await expect(checkout.locator('[data-choice="card"] input')).toBeChecked();
  await checkout.locator("[data-enter-card]").click();
  await enterCard(page, APPROVED);
  await placeOrder(page);
  await expectOrderReceived(page);
});
