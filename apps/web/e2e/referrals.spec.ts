import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { ERROR_MESSAGES, type Paginated, type ProductSummary, type ReferralSettings } from "@stoa/contract";
import {
  API,
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
 * Referral codes (issue 36): a customer takes their share link from "Refer a friend"; a new shopper
 * opens it in a browser of their own, and buys with the reward shown; the referrer sees a pending
 * commission; staff deliver the order in the console; the shop's clock moves past the return
 * window, and the commission becomes payable and is paid (to the wallet, or by staff in bulk). A
 * customer's own code at their own checkout is refused in words. In English and Arabic, on a
 * desktop and at 360 px.
 */

const DOMAIN = "localhost";
const PASSWORD = "referral-journey-1";
/** The demo stores' staff account (README): the grocery's owner. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the referral screens there. */
const SHOTS = process.env.REFERRAL_SCREENSHOTS;
const RETURN_WINDOW_DAYS = 14;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const { token } = await api<{ token: string }>(request, "/api/staff/login", STAFF);
  return token;
}

/** The grocery's referral rules, set through the console's own call (the settings page is walked below). */
async function setRules(request: APIRequestContext, changes: Partial<ReferralSettings>) {
  const token = await staffToken(request);
  const response = await request.get(`${API}/api/staff/referrals/settings`, {
    headers: { "store-domain": DOMAIN, authorization: `Bearer ${token}` },
  });
  const current = (await response.json()).data as ReferralSettings;
  await api(request, "/api/staff/referrals/settings/save", { ...current, ...changes }, token);
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

async function newBrowser(browser: Browser, { width = 1280, lang }: { width?: number; lang?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 740 : 800 },
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  if (lang) await context.addCookies([{ name: "lang", value: lang, domain: "localhost", path: "/" }]);
  return { context, page: await context.newPage() };
}

async function staffSignIn(page: Page) {
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

/** Puts the product in the cart and fills the checkout to cash on delivery, in any language. */
async function fillCheckout(page: Page, product: ProductSummary) {
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  await page.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
  await expect(page.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
  await page.locator("[data-open-cart]").click();
  await openDrawer(page).locator("[data-checkout]").click();
  await hydrated(page);
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.locator('[data-add-address="shipping"]').click();
  const address = openModal(page).locator('[data-address-form="shipping"]');
  await address.locator('[name="address.street_address"]').fill("12 Orchard Lane");
  await address.locator('[name="address.city"]').fill("Springfield");
  await address.locator('[name="address.zip"]').fill("62701");
  await address.locator('[name="address.country"]').fill("United States");
  await address.locator('button[type="submit"]').last().click();
  await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
  await page.locator("[data-choose-time]").click();
  await openModal(page).locator('[data-window][data-available="true"]').first().click();
  await expect(openModal(page)).toHaveCount(0);
  await checkout.locator('[data-choice="cash"]').click();
  return checkout;
}

/** Nothing on the page is wider than the screen. */
async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("a friend opens the share link in another browser, buys with the reward, and the referrer is paid to the wallet once the return window passes", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const product = await physicalProduct(request);

  // Staff switch referrals on in the console: 10 % off a first order, 5 % commission, paid to the wallet.
  const staff = await newBrowser(browser);
  await staffSignIn(staff.page);
  await staff.page.goto(`${GROCERY}/staff/settings/referrals`);
  const rules = staff.page.locator("[data-staff-referral-settings-form]");
  await rules.getByLabel("Customers can refer friends").check();
  await rules.getByLabel("A percentage off their first order").check();
  await rules.getByLabel("Percent off").fill("10");
  await rules.getByLabel("Referrer's commission (%)").fill("5");
  await rules.getByLabel("Return window (days after delivery)").fill(String(RETURN_WINDOW_DAYS));
  await rules.getByLabel("Most a referrer earns a month (USD)").fill("");
  await rules.getByLabel("Most first orders per code a month").fill("");
  await rules.getByLabel(/Pay commissions into the referrer's wallet/).check();
  await rules.getByRole("button", { name: "Save referral settings" }).click();
  await expect(staff.page.locator("[data-form-done]")).toContainText("Referral settings saved.");
  await shot(staff.page, "console-settings-1280-en");

  // The referrer signs in and opens Refer a friend from the account menu.
  const referrerEmail = uniqueEmail("referrer");
  await createVerifiedAccount(request, DOMAIN, {
    email: referrerEmail,
    password: PASSWORD,
    firstName: "Maya",
  });
  const referrer = await newBrowser(browser);
  await referrer.page.goto(`${GROCERY}/`);
  await hydrated(referrer.page);
  await signIn(referrer.page, referrerEmail, PASSWORD);
  await referrer.page.goto(`${GROCERY}/profile`);
  await referrer.page.locator("[data-account-menu]").getByRole("link", { name: "Refer a friend" }).click();
  await expect(referrer.page).toHaveURL(/\/account\/referrals$/);
  const code = (await referrer.page.locator("[data-referral-code]").getAttribute("data-referral-code")) ?? "";
  expect(code).toMatch(/^[23456789A-HJKMNP-Z]{8}$/);
  const link = await referrer.page.locator("[data-referral-link]").inputValue();
  expect(link).toBe(`${GROCERY}/?ref=${code}`);
  await expect(referrer.page.locator("[data-referral-share]")).toContainText("10% off");
  await expect(referrer.page.locator("[data-referral-empty]")).toBeVisible();

  // A new shopper, in a browser of their own, opens the link: the code is kept a day in a cookie.
  const friendEmail = uniqueEmail("friend");
  await createVerifiedAccount(request, DOMAIN, { email: friendEmail, password: PASSWORD, firstName: "Omar" });
  const friend = await newBrowser(browser);
  await friend.page.goto(link);
  await hydrated(friend.page);
  const cookie = (await friend.context.cookies(GROCERY)).find((c) => c.name === "refcode");
  expect(cookie?.value).toBe(code);
  expect(cookie?.sameSite).toBe("Lax");
  expect(await friend.page.evaluate(() => localStorage.getItem("stoa-refcode"))).toBe(code);
  await signIn(friend.page, friendEmail, PASSWORD);
  const checkout = await fillCheckout(friend.page, product);
  // The link's code is applied by itself, and its reward is a line of the summary.
  await expect(checkout.locator(`[data-referral-applied="${code}"]`)).toBeVisible();
  const rewardLine = checkout.locator('[data-total="referral"]');
  await expect(rewardLine).toContainText(`Referral reward (${code})`);
  await expect(friend.page.locator("[data-place-order]")).toBeEnabled();
  await shot(friend.page, "checkout-reward-1280-en");
  await friend.page.locator("[data-place-order]").click();
  await expect(friend.page).toHaveURL(/\/order-received\?order=\d+$/);
  const orderId = Number(new URL(friend.page.url()).searchParams.get("order"));
  // The order took the link's code: the next order is no first one, so it is forgotten.
  expect((await friend.context.cookies(GROCERY)).some((c) => c.name === "refcode" && c.value)).toBe(false);
  await friend.context.close();

  // The referrer sees a pending commission: the order by number, never the friend's name.
  await referrer.page.reload();
  const entry = referrer.page.locator("[data-referral-entry]").first();
  await expect(entry).toHaveAttribute("data-state", "pending");
  await expect(referrer.page.locator('[data-referral-total="pending"]')).not.toHaveAttribute(
    "data-amount",
    "0",
  );
  await expect(referrer.page.locator("[data-referral-ledger]")).not.toContainText("Omar");
  await expect(referrer.page.locator("[data-referral-ledger]")).not.toContainText(friendEmail);

  // Staff deliver the order in the console: cash is collected on handing over.
  await staff.page.goto(`${GROCERY}/staff/orders/${orderId}`);
  const detail = staff.page.locator(`[data-staff-order-detail="${orderId}"]`);
  const steps = [
    ["Confirm order", "confirmed"],
    ["Start preparing", "preparing"],
    ["Mark as shipped", "shipped"],
    ["Mark as handed over", "delivered"],
  ] as const;
  for (const [step, state] of steps) {
    const button = staff.page.locator("[data-staff-next-step]").getByRole("button", { name: step });
    if ((await button.count()) === 0) continue;
    await button.click();
    await expect(detail).toHaveAttribute("data-order-state", state);
  }
  await expect(detail).toHaveAttribute("data-order-state", "delivered");

  // The return window passes (the clock the journeys move), and the commission is paid to the wallet.
  const moved = await request.post(`${API}/dev/clock`, { data: { advanceDays: RETURN_WINDOW_DAYS + 1 } });
  expect((await moved.json()).code).toBe("0");
  await referrer.page.reload();
  await expect(entry).toHaveAttribute("data-state", "paid");
  await expect(referrer.page.locator('[data-referral-total="paid"]')).not.toHaveAttribute("data-amount", "0");
  await expect(referrer.page.locator('[data-referral-total="pending"]')).toHaveAttribute("data-amount", "0");
  await referrer.page.locator('[data-referral-filter] [data-filter="unpaid"]').click();
  await expect(referrer.page.locator("[data-referral-entry]")).toHaveCount(0);
  await referrer.page.locator('[data-referral-filter] [data-filter="paid"]').click();
  await expect(referrer.page.locator("[data-referral-entry]")).toHaveCount(1);
  // The same page on a phone, and right to left in Arabic on a desktop.
  await referrer.page.setViewportSize({ width: 360, height: 740 });
  await referrer.page.goto(`${GROCERY}/account/referrals`);
  await expectNoOverflow(referrer.page, 360);
  await shot(referrer.page, "account-360-en");
  await referrer.context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  await referrer.page.setViewportSize({ width: 1280, height: 800 });
  await referrer.page.reload();
  await expect(referrer.page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(referrer.page.locator('[data-referral-entry] [data-entry-state="paid"]')).toHaveText("مدفوعة");
  await shot(referrer.page, "account-1280-ar");

  // The console lists it paid, to the wallet.
  await staff.page.goto(`${GROCERY}/staff/referrals?state=paid`);
  await expect(staff.page.locator("[data-staff-commission]").first()).toContainText("To the wallet");
  await shot(staff.page, "console-commissions-1280-en");
  await staff.context.close();
  await referrer.context.close();
});

test("at 360 px in Arabic: Refer a friend reads right to left, a new code replaces the old after asking, and the customer's own code at their own checkout is refused in words", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await setRules(request, { enabled: true, reward: { kind: "percent", value: 10 }, commissionBp: 500 });
  const product = await physicalProduct(request);
  const email = uniqueEmail("self-referrer");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: "Lina" });
  const { context, page } = await newBrowser(browser, { width: 360, lang: "ar" });
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await page.locator("[data-open-account]").click();
  await openDrawer(page).locator("[data-sign-in]").click();
  const login = openModal(page);
  await login.locator('input[type="email"]').fill(email);
  await login.locator('input[type="password"]').first().fill(PASSWORD);
  await login.locator('button[type="submit"]').first().click();
  await expect(openModal(page)).toHaveCount(0);

  await page.goto(`${GROCERY}/account/referrals`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("h1")).toHaveText("ادعُ صديقًا");
  const first = (await page.locator("[data-referral-code]").getAttribute("data-referral-code")) ?? "";
  expect(first).not.toBe("");
  await expectNoOverflow(page, 360);
  await shot(page, "account-360-ar");

  // "New code" asks first; the question is reached and answered from the keyboard.
  await hydrated(page);
  await page.locator("[data-new-referral-code]").click();
  await expect(page.locator("[data-new-code-confirm] h3")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.locator("[data-confirm-new-code]")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-referral-replaced]")).toBeVisible();
  await expect(page.locator("[data-referral-code]")).not.toHaveAttribute("data-referral-code", first);
  const second = (await page.locator("[data-referral-code]").getAttribute("data-referral-code")) ?? "";
  await expect(page.locator("[data-referral-link]")).toHaveValue(`${GROCERY}/?ref=${second}`);
  await expectNoOverflow(page, 360);

  // Their own code at their own checkout: refused with the translated words.
  const checkout = await fillCheckout(page, product);
  const field = checkout.locator("[data-referral-form] input");
  await field.fill(second.toLowerCase());
  await field.press("Enter");
  await expect(checkout.locator("[data-referral-error]")).toHaveText(
    ERROR_MESSAGES.ar["error-referral-own-code"],
  );
  // Priced again without it: the totals carry no reward.
  await expect(checkout.locator('[data-total="payable"]')).toBeVisible();
  await expect(checkout.locator('[data-total="referral"]')).toHaveCount(0);
  await expectNoOverflow(page, 360);
  await shot(page, "checkout-own-code-360-ar");
  await context.close();
});

test("in Arabic on a desktop, staff mark payable commissions paid in bulk and the sum is shown", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await setRules(request, {
    enabled: true,
    reward: { kind: "amount", value: 200 },
    commissionBp: 1000,
    returnWindowDays: 3,
    payToWallet: false,
  });
  const product = await physicalProduct(request);
  const referrerEmail = uniqueEmail("bulk-referrer");
  await createVerifiedAccount(request, DOMAIN, {
    email: referrerEmail,
    password: PASSWORD,
    firstName: "Sami",
  });
  const { token: referrerToken } = await api<{ token: string }>(
    request,
    "/api/auth/login/store-customer/email",
    {
      userEmail: referrerEmail,
      password: PASSWORD,
    },
  );
  const mine = await request.get(`${API}/user/getReferralCode`, {
    headers: { "store-domain": DOMAIN, authorization: `Bearer ${referrerToken}` },
  });
  const code = ((await mine.json()).data as { code: string }).code;

  // A friend buys with the code typed at checkout (no link), in English at 360 px.
  const friendEmail = uniqueEmail("bulk-friend");
  await createVerifiedAccount(request, DOMAIN, { email: friendEmail, password: PASSWORD, firstName: "Dana" });
  const friend = await newBrowser(browser, { width: 360 });
  await friend.page.goto(`${GROCERY}/`);
  await hydrated(friend.page);
  await signIn(friend.page, friendEmail, PASSWORD);
  const checkout = await fillCheckout(friend.page, product);
  await checkout.locator("[data-referral-form]").getByLabel("Referral code").fill(code);
  await checkout.locator("[data-referral-form]").getByRole("button", { name: "Apply" }).click();
  await expect(checkout.locator(`[data-referral-applied="${code}"]`)).toBeVisible();
  await expect(checkout.locator('[data-total="referral"]')).toContainText("$2.00");
  await expectNoOverflow(friend.page, 360);
  await shot(friend.page, "checkout-reward-360-en");
  await friend.page.locator("[data-place-order]").click();
  await expect(friend.page).toHaveURL(/\/order-received\?order=\d+$/);
  const orderId = Number(new URL(friend.page.url()).searchParams.get("order"));
  await friend.context.close();

  // Staff deliver it, the window passes, and it waits to be paid: staff pay it in bulk, in Arabic.
  const staffToken1 = await staffToken(request);
  for (const action of ["confirm", "startPreparing", "ship", "deliver"]) {
    const response = await request.post(`${API}/api/staff/orders/move`, {
      headers: { "store-domain": DOMAIN, authorization: `Bearer ${staffToken1}` },
      data: { orderId, action },
    });
    const envelope = await response.json();
    if (envelope.code !== "0" && action !== "ship") throw new Error(`${action}: ${envelope.msg}`);
  }
  const moved = await request.post(`${API}/dev/clock`, { data: { advanceDays: 4 } });
  expect((await moved.json()).code).toBe("0");

  const staff = await newBrowser(browser, { lang: "ar" });
  await staffSignIn(staff.page);
  await staff.page.goto(`${GROCERY}/staff/referrals`);
  await expect(staff.page.locator("html")).toHaveAttribute("dir", "rtl");
  // "Select all" is there once the page's scripts run: the sum of what is ticked needs them.
  await expect(staff.page.locator("[data-select-all-commissions]")).toBeVisible();
  const row = staff.page.locator("[data-staff-commission]", { hasText: code });
  await expect(row).toHaveAttribute("data-state", "payable");
  await row.locator('input[type="checkbox"]').check();
  await expect(staff.page.locator("[data-commissions-selected]")).not.toBeEmpty();
  await shot(staff.page, "console-commissions-1280-ar");
  await staff.page.locator("[data-mark-paid]").click();
  await expect(staff.page.locator("[data-form-done]")).toBeVisible();
  await staff.page.goto(`${GROCERY}/staff/referrals?state=paid`);
  await expect(staff.page.locator("[data-staff-commission]", { hasText: code })).toContainText(
    "حدّده الموظفون كمدفوع",
  );

  // A friend whose email is one letter from the referrer's: the order goes through, the referral is
  // held for review and earns nothing until staff clear it, with a note.
  const lookalike = referrerEmail.replace("bulk-referrer", "bulk-referrex");
  await createVerifiedAccount(request, DOMAIN, { email: lookalike, password: PASSWORD, firstName: "Sam" });
  const second = await newBrowser(browser);
  await second.page.goto(`${GROCERY}/?ref=${code}`);
  await hydrated(second.page);
  await signIn(second.page, lookalike, PASSWORD);
  const secondCheckout = await fillCheckout(second.page, product);
  await expect(secondCheckout.locator(`[data-referral-applied="${code}"]`)).toBeVisible();
  await second.page.locator("[data-place-order]").click();
  await expect(second.page).toHaveURL(/\/order-received\?order=\d+$/);
  await second.context.close();
  await staff.page.goto(`${GROCERY}/staff/referrals/reviews`);
  const review = staff.page.locator("[data-staff-review]").first();
  await expect(review.locator('[data-reason="similarEmail"]')).toBeVisible();
  await expect(review).toContainText(lookalike);
  await shot(staff.page, "console-reviews-1280-ar");
  await review.getByLabel("ملاحظة").fill("تحققنا من العميل هاتفيًا");
  await review.locator("[data-clear-review]").click();
  await expect(staff.page.locator("[data-form-done]")).toHaveText(
    "اعتُمدت الإحالة: تستمر عمولتها كأي عمولة أخرى.",
  );
  await staff.page.goto(`${GROCERY}/staff/settings/referrals`);
  await shot(staff.page, "console-settings-1280-ar");
  await staff.context.close();
});
