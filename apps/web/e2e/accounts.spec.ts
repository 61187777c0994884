import { expect, test } from "@playwright/test";
import { STORAGE_KEYS } from "@stoa/contract";
import {
  CARPARTS,
  codeSentTo,
  createVerifiedAccount,
  FURNITURE,
  GROCERY,
  hydrated,
  openDrawer,
  openLogin,
  openModal,
  signIn,
  signOutFromDrawer,
  uniqueEmail,
  uniquePhone,
  verificationLinkOf,
} from "./support.ts";

const accountButton = (page: import("@playwright/test").Page) => page.locator("[data-open-account]");

test("register by email, verify by the emailed link, sign out and in, edit the profile, sign out", async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail("anna");
  const password = "green-basket-1";
  await page.goto(`${GROCERY}/`);
  await hydrated(page);

  await accountButton(page).click();
  await openDrawer(page).locator("[data-register]").click();
  const register = openModal(page);
  await expect(register).toHaveAttribute("data-modal-view", "REGISTER");
  // Sent empty, the form takes the shopper to the first field to fix; each error goes as its field
  // is put right, and a field still wrong says what is wrong with it now.
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(register.getByLabel("First name")).toBeFocused();
  await expect(register.locator("[data-field-error]")).toHaveCount(3);
  await register.getByLabel("First name").fill("Anna");
  await expect(register.locator("[data-field-error]")).toHaveCount(2);
  await expect(register.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");
  const emailField = register.getByLabel("Email");
  await emailField.fill("anna@");
  await expect(emailField).toHaveAccessibleDescription("The provided email address format is not valid.");
  await emailField.fill(email);
  await expect(emailField).not.toHaveAttribute("aria-invalid", "true");
  await expect(register.locator("[data-field-error]")).toHaveText(["Please enter your password."]);
  await register.getByLabel("First name").fill("Anna");
  await register.getByLabel("Last name").fill("Berg");
  await register.getByLabel("Email").fill(email);
  await register.getByLabel("Password", { exact: true }).fill(password);
  await register.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(`${GROCERY}/verify-email`);
  await expect(page.locator("[data-email-not-verified]")).toContainText(
    "Your email address is not verified yet.",
  );
  await expect(page.getByText("Your account has been created.")).toBeVisible();
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "unverified");

  // The link points back at this shop's own origin, forwarded by the storefront server.
  const link = await verificationLinkOf(request, email);
  expect(new URL(link).origin).toBe(GROCERY);
  await page.goto(link);
  await expect(page.locator("[data-verify-result]")).toHaveAttribute("data-verify-result", "verified");
  await expect(page).toHaveURL(`${GROCERY}/verify-email?verified=1`);
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-in");
  await hydrated(page);

  await signOutFromDrawer(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userInfo)).toBeNull();

  // Spec §3: the email is lower-cased before it is sent.
  await signIn(page, email.toUpperCase(), password);
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-in");
  await accountButton(page).click();
  await expect(openDrawer(page).locator("[data-account-name]")).toHaveText("Hello, Anna Berg");
  await openDrawer(page).getByRole("link", { name: "My profile" }).click();
  await expect(page).toHaveURL(`${GROCERY}/profile`);

  const names = page.locator("[data-profile-names]");
  await names.getByLabel("First name").fill("Annika");
  await names.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile has been updated.")).toBeVisible();
  await expect(page.locator("[data-contact=email]")).toContainText(email);

  await page.getByRole("button", { name: "Add shipping address" }).click();
  const address = openModal(page);
  await expect(address).toHaveAttribute("data-modal-view", "ADD_OR_UPDATE_ADDRESS");
  await address.getByRole("button", { name: "Save address" }).click();
  await expect(address.getByText("This field is required.").first()).toBeVisible();
  await address.getByLabel("Label (optional)").fill("Home");
  await address.getByLabel("Recipient").fill("Annika Berg");
  await address.getByLabel("Street address").fill("12 Orchard Lane");
  await address.getByLabel("Apartment or unit").fill("4B");
  await address.getByLabel("City").fill("Springfield");
  await address.getByLabel("Postal code").fill("12345");
  await address.getByLabel("Country").fill("Canada");
  await address.getByRole("button", { name: "Save address" }).click();
  await expect(openModal(page)).toHaveCount(0);
  const shipping = page.locator("[data-address=shipping]");
  await expect(shipping).toContainText("12 Orchard Lane");
  await expect(shipping).toContainText("Annika Berg");

  // Saved on the server, not only on the page.
  await page.reload();
  await expect(page.locator("[data-profile-names]").getByLabel("First name")).toHaveValue("Annika");
  await expect(page.locator("[data-address=shipping]")).toContainText("Springfield");

  await hydrated(page);
  await page
    .getByRole("navigation", { name: "Account menu" })
    .getByRole("button", { name: "Log out" })
    .click();
  await expect(page).toHaveURL(`${GROCERY}/`);
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-out");
  await page.goto(`${GROCERY}/profile`);
  await expect(page.locator("[data-inline-login]")).toBeVisible();
});

test("sign in by phone with the texted code", async ({ page, request }) => {
  test.slow();
  const phone = uniquePhone();
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  const modal = await openLogin(page);
  await modal.getByRole("button", { name: "Sign in with your mobile number" }).click();
  await expect(modal).toHaveAttribute("data-modal-view", "OTP_LOGIN");

  await modal.getByRole("button", { name: "Send code" }).click();
  await expect(modal.getByText("Please enter a valid phone number.").first()).toBeVisible();
  // The shop's calling code is there as a value, not a grey hint, so only the number is typed.
  await expect(modal.getByLabel("Country calling code")).toHaveValue("1");
  await modal.getByLabel("Phone number without the country code").fill(phone);
  await modal.getByRole("button", { name: "Send code" }).click();
  await expect(modal.locator("[data-otp-step=Otp]")).toBeVisible();
  await expect(modal.locator("[data-form-notice]")).toHaveText(
    "We sent you a code. Please check your messages.",
  );

  await modal.getByLabel("Code").fill("000000");
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(modal.locator("[data-form-alert]")).toHaveText("The code is not correct.");

  // A second "Send code" within the minute leads on to the code sent already.
  await modal.getByRole("button", { name: "Use another number" }).click();
  await modal.getByRole("button", { name: "Send code" }).click();
  await expect(modal.locator("[data-form-notice]")).toHaveText(
    "We sent you a code a moment ago: use that one. You can ask for a new code in a minute.",
  );
  await modal.getByLabel("Code").fill(await codeSentTo(request, `+1${phone}`));
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-in");

  await page.goto(`${GROCERY}/profile`);
  await expect(page.locator("[data-contact=phone]")).toContainText(`+1 ${phone}`);
});

test("the three-step forgot-password wizard, then sign-in with the new password", async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail("forgetful");
  const otherEmail = uniqueEmail("other");
  await createVerifiedAccount(request, "localhost", { email, password: "old-password-1" });
  await createVerifiedAccount(request, "localhost", { email: otherEmail, password: "other-password-1" });
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  const modal = await openLogin(page);
  await modal.getByRole("button", { name: "Forgot password?" }).click();
  await expect(modal).toHaveAttribute("data-modal-view", "FORGOT_EMAIL_VIEW");
  await expect(modal.locator("[data-back-to-login]")).toBeVisible();

  const emailStep = modal.locator("[data-forgot-step=Email]");
  const tokenStep = modal.locator("[data-forgot-step=Token]");
  const passwordStep = modal.locator("[data-forgot-step=Password]");
  await emailStep.getByRole("button", { name: "Send code" }).click();
  await expect(emailStep).toContainText("Please enter your email address.");

  // A slip: the code goes to another address; the Token step leads back to the Email step.
  await emailStep.getByLabel("Email").fill(otherEmail);
  await emailStep.getByRole("button", { name: "Send code" }).click();
  await expect(tokenStep.locator("[data-form-notice]")).toHaveText(
    "We sent you a code. Please check your messages.",
  );
  await tokenStep.getByRole("button", { name: "Use another email address" }).click();
  await expect(emailStep.getByLabel("Email")).toHaveValue(otherEmail);

  await emailStep.getByLabel("Email").fill(email);
  await emailStep.getByRole("button", { name: "Send code" }).click();
  await expect(tokenStep).toBeVisible();
  await tokenStep.getByRole("button", { name: "Check code" }).click();
  await expect(tokenStep).toContainText("Please enter your password.");
  await tokenStep.getByLabel("Code from the email").fill("000000");
  await tokenStep.getByRole("button", { name: "Check code" }).click();
  await expect(tokenStep.locator("[data-form-alert]")).toHaveText("The code is not correct.");
  // Asking again within a minute sends nothing new: the code step comes back and says the code
  // already sent is the one to use.
  await tokenStep.getByRole("button", { name: "Use another email address" }).click();
  await emailStep.getByRole("button", { name: "Send code" }).click();
  await expect(tokenStep.locator("[data-form-notice]")).toHaveText(
    "We sent you a code a moment ago: use that one. You can ask for a new code in a minute.",
  );
  await tokenStep.getByLabel("Code from the email").fill(await codeSentTo(request, email));
  await tokenStep.getByRole("button", { name: "Check code" }).click();

  // The Password step goes back to the Token step, which keeps the code.
  await expect(passwordStep).toBeVisible();
  await passwordStep.getByRole("button", { name: "Back to the code" }).click();
  await expect(tokenStep.getByLabel("Code from the email")).not.toHaveValue("");
  await tokenStep.getByRole("button", { name: "Check code" }).click();
  await passwordStep.getByLabel("New password").fill("new-password-2");
  await passwordStep.getByRole("button", { name: "Reset password" }).click();
  await expect(modal).toHaveAttribute("data-modal-view", "LOGIN_VIEW");
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password", { exact: true }).fill("old-password-1");
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  const alert = modal.locator("[data-form-alert]");
  await expect(alert).toHaveText("The email or password is not correct.");
  // Focus is on the password to type again, which is read with the alert's words.
  const password = modal.getByLabel("Password", { exact: true });
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription("The email or password is not correct.");
  await alert.getByRole("button", { name: "Close message" }).click();
  await expect(alert).toHaveCount(0);
  // Closing the alert hands focus back to the field it was about, not to the page.
  await expect(password).toBeFocused();

  await modal.getByLabel("Password", { exact: true }).fill("new-password-2");
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(openModal(page)).toHaveCount(0);
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-in");
});

test("a wrong current password on /change-password is said on that field", async ({ page, request }) => {
  const email = uniqueEmail("changer");
  await createVerifiedAccount(request, "localhost", { email, password: "first-password-1" });
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await signIn(page, email, "first-password-1");
  await page.goto(`${GROCERY}/change-password`);
  await hydrated(page);
  const form = page.locator("[data-change-password]");
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password").fill("second-password-2");
  await form.getByRole("button", { name: "Change password" }).click();
  // The page has no email: the answer is about the current password alone, on its field.
  const current = form.getByLabel("Current password");
  await expect(current).toHaveAccessibleDescription(/Your current password is not correct\./);
  await expect(current).toBeFocused();
  await expect(form).not.toContainText("email");
  await current.fill("first-password-1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
});

test("an unverified shopper sees the email-not-verified page on /profile", async ({ page, request }) => {
  // Registration, the emailed link, a refused resend and a logout: a long walk on a busy machine.
  test.setTimeout(60_000);
  const email = uniqueEmail("unverified");
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await accountButton(page).click();
  await openDrawer(page).locator("[data-register]").click();
  const register = openModal(page);
  await register.getByLabel("First name").fill("Una");
  await register.getByLabel("Email").fill(email);
  await register.getByLabel("Password", { exact: true }).fill("not-yet-verified");
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${GROCERY}/verify-email`);
  await verificationLinkOf(request, email);

  await page.goto(`${GROCERY}/profile`);
  await hydrated(page);
  const notVerified = page.locator("[data-email-not-verified]");
  await expect(notVerified.getByRole("heading")).toHaveText("Your email address is not verified yet.");
  await expect(notVerified.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  // The link went out seconds ago: a new one has to wait for the resend cooldown, and the page says so.
  await notVerified.getByRole("button", { name: "Send the verification email again" }).click();
  await expect(notVerified.locator("[data-form-alert]")).toHaveText(
    "We sent you a message a moment ago. You can ask for a new one in a minute.",
  );

  await notVerified.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(`${GROCERY}/`);
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-out");
});

test("the register link is hidden where only the shop registers customers", async ({ page }) => {
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await expect((await openLogin(page)).locator("[data-register-link]")).toBeVisible();

  await page.goto(`${CARPARTS}/`);
  await hydrated(page);
  await accountButton(page).click();
  await expect(openDrawer(page).locator("[data-sign-in]")).toBeVisible();
  await expect(openDrawer(page).locator("[data-register]")).toHaveCount(0);
  await openDrawer(page).locator("[data-sign-in]").click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "LOGIN_VIEW");
  await expect(modal.getByRole("button", { name: "Forgot password?" })).toBeVisible();
  await expect(modal.locator("[data-register-link]")).toHaveCount(0);
});

test("the login view in Arabic is right-to-left and translated", async ({ page, context }) => {
  await context.addCookies([{ name: "lang", value: "ar", url: GROCERY }]);
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await page.locator("[data-open-account]").click();
  await openDrawer(page).locator("[data-sign-in]").click();
  const modal = openModal(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await modal.evaluate((node) => getComputedStyle(node).direction)).toBe("rtl");
  await expect(modal.getByRole("heading")).toHaveText("مرحبًا بعودتك");
  await modal.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
  await expect(modal).toContainText("يجب إدخال بريدك الإلكتروني.");
  await expect(modal).toContainText("يجب إدخال كلمة المرور.");
  // The close button sits on the left, the reading end of a right-to-left line.
  const close = await modal.locator("[data-close]").boundingBox();
  const panel = await modal.boundingBox();
  expect(close && panel && close.x - panel.x).toBeLessThan((panel?.width ?? 0) / 2);
});

test("the session token lives only in an httpOnly cookie", async ({ page, context, request }) => {
  const email = uniqueEmail("cookie");
  await createVerifiedAccount(request, "localhost", { email, password: "cookie-pass-1" });
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await signIn(page, email, "cookie-pass-1");
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-in");

  const cookie = (await context.cookies(GROCERY)).find((c) => c.name === STORAGE_KEYS.authToken);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
  expect(cookie?.value.length).toBeGreaterThan(20);
  const visible = await page.evaluate(() => ({
    cookies: document.cookie,
    storage: JSON.stringify(localStorage),
  }));
  expect(visible.cookies).not.toContain(STORAGE_KEYS.authToken);
  expect(visible.storage).not.toContain(cookie?.value as string);
  expect(JSON.parse(visible.storage)[STORAGE_KEYS.userInfo]).toContain(email);
  expect(JSON.parse(visible.storage)[STORAGE_KEYS.emailVerified]).toBe("true");
});

test("guest checkout opens a guest session only where the shop allows it", async ({ page }) => {
  await page.goto(`${GROCERY}/checkout`);
  await hydrated(page);
  const login = page.locator("[data-inline-login]");
  await expect(login.locator("[data-back-arrow]")).toBeVisible();
  await login.getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(`${GROCERY}/checkout/guest`);
  // The guest's checkout, with nothing in the cart yet.
  await expect(page.locator("[data-checkout-empty]")).toBeVisible();

  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-in");

  // The guest can end the session; outside a checkout route the login view has no guest button.
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await accountButton(page).click();
  await expect(openDrawer(page)).toContainText("You are shopping as a guest.");
  await openDrawer(page).getByRole("button", { name: "End guest session" }).click();
  await expect(accountButton(page)).toHaveAttribute("data-auth-status", "signed-out");
  await expect((await openLogin(page)).getByRole("button", { name: "Continue as a guest" })).toHaveCount(0);

  await page.goto(`${FURNITURE}/checkout`);
  await expect(page.locator("[data-inline-login]")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue as a guest" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login view on an account page works as a plain form", async ({ page, request }) => {
    const email = uniqueEmail("plain");
    await createVerifiedAccount(request, "localhost", { email, password: "plain-form-1" });
    await page.goto(`${GROCERY}/profile`);
    const login = page.locator("[data-inline-login]");
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill("wrong-password");
    await login.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${GROCERY}/profile?login-error=1001`);
    await expect(page.locator("[data-form-alert]")).toHaveText("The email or password is not correct.");

    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill("plain-form-1");
    await login.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${GROCERY}/profile`);
    await expect(page.locator("[data-contact=email]")).toContainText(email);
  });
});
