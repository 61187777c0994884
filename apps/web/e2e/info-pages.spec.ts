import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type Envelope, INFO_PAGES, type InfoPage, type InfoPageSlug, STORAGE_KEYS } from "@stoa/contract";
import {
  API,
  CARPARTS,
  CATERING,
  createVerifiedAccount,
  englishName,
  FURNITURE,
  GROCERY,
  hydrated,
  newShopperAddress,
  signIn,
  storeOf,
  uniqueEmail,
} from "./support.ts";

/**
 * The shop takes a few contact messages and newsletter sign-ups an hour from one address: each
 * journey that sends some comes from an address of its own (the journeys' storefront trusts its
 * loopback proxy), so none uses up another's, however often the file runs.
 */
async function fromOwnAddress(page: Page) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": newShopperAddress() });
}

/** The footer's and the pages' menu's names of the pages, in English. */
const NAMES: Record<InfoPageSlug, string> = {
  aboutus: "About us",
  contact: "Contact us",
  faq: "FAQ",
  help: "Help centre",
  privacy: "Privacy policy",
  terms: "Terms and conditions",
  returnexchange: "Returns and exchanges",
  reseller: "For resellers",
};

const SHOPS = [
  { origin: GROCERY, domain: "localhost" },
  { origin: CATERING, domain: "catering.localhost" },
  { origin: CARPARTS, domain: "carparts.localhost" },
  { origin: FURNITURE, domain: "furniture.localhost" },
];

const WIDTHS = [360, 1280] as const;

/** The page as the store API answers it, to know what the storefront should show. */
async function infoPageOf(
  request: APIRequestContext,
  domain: string,
  slug: InfoPageSlug,
  locale = "en",
): Promise<InfoPage> {
  const response = await request.get(`${API}/api/storePage/${slug}`, {
    headers: { "store-domain": domain, locale },
  });
  const envelope = (await response.json()) as Envelope<InfoPage>;
  expect(envelope.code, `${domain} /${slug}`).toBe("0");
  return envelope.data;
}

const footerHelp = (page: Page, name = "Help") => page.locator("footer").getByRole("navigation", { name });
const contactForm = (page: Page) => page.locator("[data-contact-form]");

async function fillContact(page: Page, fields: { name?: string; email?: string; message?: string }) {
  const form = contactForm(page);
  if (fields.name !== undefined) await form.getByLabel("Your name").fill(fields.name);
  if (fields.email !== undefined) await form.getByLabel("Email", { exact: true }).fill(fields.email);
  if (fields.message !== undefined) await form.getByLabel("Message", { exact: true }).fill(fields.message);
}

const MESSAGE = "Hello! Do you deliver on Sunday mornings, and is there a minimum order?";

for (const width of WIDTHS) {
  test(`the footer leads to each page the shop published, in English (${width} px)`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const store = await storeOf(request, "localhost");
    expect(store.infoPages.length, "the grocery publishes information pages").toBeGreaterThan(1);
    await page.goto(`${GROCERY}/`);
    await hydrated(page);
    for (const slug of store.infoPages) {
      await footerHelp(page).getByRole("link", { name: NAMES[slug], exact: true }).click();
      await expect(page).toHaveURL(`${GROCERY}/${slug}`);
      const text = await infoPageOf(request, "localhost", slug);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
      await expect(page).toHaveTitle(`${text.title} | ${englishName(store)}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", text.summary);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/${slug}$`));
      const menu = page.getByRole("navigation", { name: "Information pages" });
      await expect(menu.getByRole("link", { name: NAMES[slug], exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
      const updated = page.locator("[data-info-updated]");
      if (["privacy", "terms", "returnexchange"].includes(slug)) {
        await expect(updated).toContainText("Last updated");
        await expect(updated.locator("time")).toHaveAttribute("datetime", text.updatedAt);
      } else {
        await expect(updated).toHaveCount(0);
      }
      await expect(page.locator("[data-info-language-note]")).toHaveCount(0);
      // Nothing wider than the screen: the menu scrolls inside itself on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
}

test("a page in Arabic is right to left, translated, with its menu on the right", async ({
  page,
  context,
  request,
}) => {
  await context.addCookies([{ name: "lang", value: "ar", url: GROCERY }]);
  const text = await infoPageOf(request, "localhost", "privacy", "ar");
  expect(text.locale).toBe("ar");
  await page.goto(`${GROCERY}/privacy`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
  await expect(page.locator("[data-info-updated]")).toContainText("آخر تحديث");
  await expect(page.locator("[data-info-language-note]")).toHaveCount(0);
  const menu = page.getByRole("navigation", { name: "صفحات المعلومات" });
  await expect(menu.getByRole("link", { name: "سياسة الخصوصية" })).toHaveAttribute("aria-current", "page");
  await expect(footerHelp(page, "المساعدة").getByRole("link", { name: "سياسة الخصوصية" })).toBeVisible();
  // Beside the page, the menu starts the line: on the right in Arabic.
  const menuBox = await menu.boundingBox();
  const articleBox = await page.locator("[data-info-page]").boundingBox();
  expect(menuBox && articleBox && menuBox.x > articleBox.x).toBe(true);
});

test("the questions of the FAQ open and close from the keyboard", async ({ page, request }) => {
  const shop = await (async () => {
    for (const shop of SHOPS)
      if ((await storeOf(request, shop.domain)).infoPages.includes("faq")) return shop;
    return null;
  })();
  if (!shop) throw new Error("a demo shop publishes a FAQ");
  const text = await infoPageOf(request, shop.domain, "faq");
  expect(text.sections.length).toBeGreaterThan(1);
  await page.goto(`${shop.origin}/faq`);
  await hydrated(page);
  const questions = page.locator("[data-info-question]");
  await expect(questions).toHaveCount(text.sections.length);
  await expect(questions.nth(0)).toHaveAttribute("open", "");
  await expect(questions.nth(1)).not.toHaveAttribute("open", "");
  await expect(page.getByRole("heading", { level: 2, name: text.sections[1]?.heading })).toBeVisible();

  await questions.nth(0).locator("summary").focus();
  await page.keyboard.press("Tab");
  await expect(questions.nth(1).locator("summary")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(questions.nth(1)).toHaveAttribute("open", "");
  await expect(questions.nth(1).locator("p").first()).toBeVisible();
  await page.keyboard.press("Space");
  await expect(questions.nth(1)).not.toHaveAttribute("open", "");
});

test("a page the shop did not publish is not found, with a 404", async ({ page, request }) => {
  let checked = 0;
  for (const shop of SHOPS) {
    const { infoPages } = await storeOf(request, shop.domain);
    const missing = INFO_PAGES.find((slug) => !infoPages.includes(slug));
    if (!missing) continue;
    const response = await page.goto(`${shop.origin}/${missing}`);
    expect(response?.status(), `${shop.domain}/${missing}`).toBe(404);
    await expect(page.locator("[data-problem]")).toHaveAttribute("data-problem", "not-found");
    await expect(footerHelp(page).getByRole("link", { name: NAMES[missing], exact: true })).toHaveCount(0);
    checked += 1;
  }
  expect(checked, "some demo shop leaves a page out").toBeGreaterThan(0);
});

for (const width of WIDTHS) {
  test(`the contact form names what to fix, then thanks the shopper (${width} px)`, async ({ page }) => {
    await fromOwnAddress(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${GROCERY}/contact`);
    await hydrated(page);
    const form = contactForm(page);
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByLabel("Your name")).toBeFocused();
    await expect(form.locator("[data-field-error]")).toHaveText([
      "This field is required.",
      "Please enter your email address.",
      "This field is required.",
    ]);
    await expect(form.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");

    const email = uniqueEmail("contact");
    await fillContact(page, { name: "Ada Lovelace", email, message: "Hi there" });
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByLabel("Message", { exact: true })).toBeFocused();
    await expect(form.locator("[data-field-error]")).toHaveText([
      "This is too short. Please write a little more.",
    ]);
    // Nothing typed is lost.
    await expect(form.getByLabel("Your name")).toHaveValue("Ada Lovelace");
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(email);

    await fillContact(page, { message: MESSAGE });
    await expect(form).toContainText(`${MESSAGE.length}/5000`);
    await form.getByRole("button", { name: "Send message" }).click();
    const sent = page.locator("[data-contact-sent]");
    await expect(sent).toContainText("Thank you, your message has been sent");
    await expect(sent).toContainText(email);
    await expect(sent).toBeFocused();
    await expect(contactForm(page)).toHaveCount(0);
  });
}

test("a signed-in shopper finds their name and email filled in", async ({ page, request }) => {
  const email = uniqueEmail("prefill");
  await createVerifiedAccount(request, "localhost", {
    email,
    password: "contact-form-1",
    firstName: "Grace",
  });
  await page.goto(`${GROCERY}/contact`);
  await hydrated(page);
  await signIn(page, email, "contact-form-1");
  await page.reload();
  await expect(contactForm(page).getByLabel("Your name")).toHaveValue("Grace Shopper");
  await expect(contactForm(page).getByLabel("Email", { exact: true })).toHaveValue(email);
});

for (const width of WIDTHS) {
  test(`the newsletter sign-up in the footer says how it went and is remembered (${width} px)`, async ({
    page,
  }) => {
    await fromOwnAddress(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${GROCERY}/products`);
    await hydrated(page);
    const form = page.locator("[data-newsletter-form]");
    const field = form.getByLabel("Email address");
    await field.fill("not an address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("[data-newsletter-error]")).toHaveText(
      "The provided email address format is not valid.",
    );
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("aria-invalid", "true");

    const email = uniqueEmail("news");
    await field.fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const subscribed = page.locator("[data-newsletter-subscribed]");
    await expect(subscribed).toContainText("Thank you! Our newsletter will go to");
    await expect(subscribed).toContainText(email);
    await expect(page).toHaveURL(`${GROCERY}/products`);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.newsletter)).toBeTruthy();

    await page.reload();
    await hydrated(page);
    await expect(subscribed).toHaveText("You are subscribed to our newsletter.");
    await expect(page.locator("[data-newsletter-form]")).toHaveCount(0);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form posts as a plain form, keeps what was typed, and thanks the shopper", async ({
    page,
  }) => {
    await fromOwnAddress(page);
    await page.goto(`${GROCERY}/contact`);
    await fillContact(page, { name: "Noor Haddad" });
    await contactForm(page).getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(`${GROCERY}/contact`);
    await expect(contactForm(page).locator("[data-field-error]")).toHaveText([
      "Please enter your email address.",
      "This field is required.",
    ]);
    await expect(contactForm(page).getByLabel("Your name")).toHaveValue("Noor Haddad");
    await expect(contactForm(page).getByLabel("Email", { exact: true })).toBeFocused();

    const email = uniqueEmail("plain-contact");
    await fillContact(page, { email, message: MESSAGE });
    await contactForm(page).getByRole("button", { name: "Send message" }).click();
    await expect(page.locator("[data-contact-sent]")).toContainText(email);
  });

  for (const width of WIDTHS) {
    test(`the newsletter sign-up posts as a plain form and comes back to the page (${width} px)`, async ({
      page,
    }) => {
      await fromOwnAddress(page);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${GROCERY}/products?sort=price-asc`);
      const form = page.locator("[data-newsletter-form]");
      await form.getByLabel("Email address").fill("nobody@");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/products\?sort=price-asc&newsletter=error-email-format#newsletter$/);
      await expect(page.locator("[data-newsletter-error]")).toHaveText(
        "The provided email address format is not valid.",
      );

      await page
        .locator("[data-newsletter-form]")
        .getByLabel("Email address")
        .fill(uniqueEmail("plain-news"));
      await page.locator("[data-newsletter-form]").getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(`${GROCERY}/products?sort=price-asc&newsletter=subscribed#newsletter`);
      await expect(page.locator("[data-newsletter-subscribed]")).toHaveText(
        "You are subscribed to our newsletter.",
      );
    });
  }
});

test("a contact form sent too often says so in an alert, and keeps the message", async ({ page }) => {
  test.slow();
  await fromOwnAddress(page);
  let throttled = false;
  for (let attempt = 0; attempt < 7 && !throttled; attempt++) {
    await page.goto(`${GROCERY}/contact`);
    await hydrated(page);
    await fillContact(page, { name: "Eager Shopper", email: uniqueEmail("eager"), message: MESSAGE });
    await contactForm(page).getByRole("button", { name: "Send message" }).click();
    const outcome = page.locator("[data-contact-sent], [data-form-alert]");
    await expect(outcome).toBeVisible();
    throttled = (await page.locator("[data-form-alert]").count()) > 0;
  }
  expect(throttled, "the shop stops taking messages from one address").toBe(true);
  await expect(page.locator("[data-form-alert]")).toHaveText(
    "Too many attempts. Please wait a moment and try again.",
  );
  await expect(contactForm(page).getByLabel("Message", { exact: true })).toHaveValue(MESSAGE);
});
