import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { GROCERY, hydrated, newShopperAddress, uniqueEmail } from "./support.ts";

/** An address inside a sentence comes isolated from the text around it (right-to-left languages). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** The demo stores' staff account (README). */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of these screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function staffSignIn(page: Page, next: string) {
  await page.goto(`${GROCERY}/staff/login?next=${encodeURIComponent(next)}`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The messages in one state: chosen, then shown (the choice applies by itself once scripts run). */
async function showOnly(page: Page, state: string) {
  await page.getByLabel("Show", { exact: true }).selectOption(state);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(`${GROCERY}/staff/messages?state=${state}`);
}

/** The unread count the wide screen's nav shows beside Messages (0 when it shows none). */
async function badge(page: Page): Promise<number> {
  const link = page.locator("#staff-nav a[href='/staff/messages']");
  return Number((await link.getAttribute("data-staff-nav-count")) ?? 0);
}

test("a shopper writes and subscribes; staff read, answer, find, export and remove", async ({ browser }) => {
  test.slow();
  const who = `Dana ${Date.now().toString(36)}`;
  const email = uniqueEmail("messages");
  const subscriber = uniqueEmail("subscriber");

  // The shopper, from an address of their own (the shop limits messages per address).
  const shopperContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`${GROCERY}/contact`);
  await hydrated(shopper);
  const contact = shopper.locator("[data-contact-form]");
  await contact.getByLabel("Your name").fill(who);
  await contact.getByLabel("Email", { exact: true }).fill(email);
  await contact.getByLabel("Subject (optional)").fill("Saturday & Sunday delivery");
  await contact
    .getByLabel("Message", { exact: true })
    .fill("Hello!\nDo you deliver on Saturday mornings?\nThanks, Dana");
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(shopper.locator("[data-contact-sent]")).toContainText(email);

  const newsletter = shopper.locator("[data-newsletter-form]");
  await newsletter.getByLabel("Email address").fill(subscriber);
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expect(shopper.locator("[data-newsletter-subscribed]")).toContainText(subscriber);
  await shopperContext.close();

  // Staff: the badge counts the new message on every console page.
  const staffContext = await browser.newContext({ acceptDownloads: true });
  const page = await staffContext.newPage();
  await staffSignIn(page, "/staff/today");
  const unread = await badge(page);
  expect(unread).toBeGreaterThan(0);

  await page
    .locator("#staff-nav")
    .getByRole("link", { name: /^Messages/ })
    .click();
  await expect(page).toHaveURL(`${GROCERY}/staff/messages`);
  await showOnly(page, "unread");
  await expect(page).toHaveURL(`${GROCERY}/staff/messages?state=unread`);
  const row = page.locator("[data-staff-message]", { hasText: who });
  await expect(row.locator("[data-message-state]")).toHaveText("Unread");
  await shot(page, "messages-list");

  await row.getByRole("link", { name: who }).click();
  const detail = page.locator("[data-staff-message-detail]");
  await expect(detail.locator("h1")).toHaveText("Saturday & Sunday delivery");
  await expect(detail.locator("[data-message-text]")).toHaveText(
    "Hello!\nDo you deliver on Saturday mornings?\nThanks, Dana",
  );
  await expect(detail.locator("[data-message-state]")).toHaveText("Read");
  await expect(detail.locator("[data-message-reply]")).toHaveAttribute(
    "href",
    `mailto:${email}?subject=Re%3A%20Saturday%20%26%20Sunday%20delivery`,
  );
  // Opening it read it: the badge counts one fewer.
  await expect.poll(() => badge(page)).toBe(unread - 1);
  await shot(page, "message-detail");

  await detail.getByRole("button", { name: "Mark answered" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Marked answered.");
  await expect(detail.locator("[data-message-state]")).toHaveText("Answered");
  await expect(detail.getByRole("button", { name: "Mark not answered" })).toBeVisible();

  await page.getByRole("link", { name: "All messages" }).click();
  await showOnly(page, "answered");
  await expect(page.locator("[data-staff-message]", { hasText: who })).toBeVisible();

  // The newsletter: find the subscriber, export the list, take them off.
  await page.locator("#staff-nav").getByRole("link", { name: "Newsletter" }).click();
  await expect(page).toHaveURL(`${GROCERY}/staff/newsletter`);
  await page.getByRole("searchbox", { name: "Search by email" }).fill(subscriber.slice(0, -4).toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/newsletter\?q=/);
  const found = page.locator("[data-newsletter-subscriber]");
  await expect(found).toHaveCount(1);
  await expect(found).toHaveAttribute("data-newsletter-subscriber", subscriber);
  await expect(found).toContainText("English");
  await shot(page, "newsletter");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^newsletter-localhost-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("email,language,subscribed_at");
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^${subscriber.replaceAll(".", "\\.")},en,\\d{4}-`)),
  );
  expect(lines.at(-1)).toBe("");

  await found.getByRole("button", { name: `Remove ${subscriber}` }).click();
  const confirm = page.locator("[data-newsletter-confirm]");
  await expect(confirm).toBeFocused();
  await expect(confirm.getByRole("heading")).toHaveText(
    `Remove ${isolated(subscriber)} from the newsletter?`,
  );
  await shot(page, "newsletter-confirm");
  await confirm.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText(`${isolated(subscriber)} is off the newsletter.`);
  await expect(page.locator("[data-newsletter-subscriber]")).toHaveCount(0);
  await expect(page.locator("[data-newsletter-empty]")).toBeVisible();

  // The removal is in the audit log, under the member's name.
  await page.goto(`${GROCERY}/staff/audit?action=newsletter`);
  await expect(page.locator("main")).toContainText(`subscriber:${subscriber}`);
  await staffContext.close();
});

test("the console's messages work as plain forms, without scripts", async ({ browser }) => {
  const shopperContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  const shopper = await shopperContext.newPage();
  const subscriber = uniqueEmail("plain-subscriber");
  await shopper.goto(`${GROCERY}/contact`);
  await hydrated(shopper);
  await shopper.locator("[data-newsletter-form]").getByLabel("Email address").fill(subscriber);
  await shopper.locator("[data-newsletter-form]").getByRole("button", { name: "Subscribe" }).click();
  await expect(shopper.locator("[data-newsletter-subscribed]")).toContainText(subscriber);
  await shopperContext.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await staffSignIn(page, `/staff/newsletter?q=${encodeURIComponent(subscriber)}`);
  await expect(page).toHaveURL(/\/staff\/newsletter\?q=/);
  const row = page.locator(`[data-newsletter-subscriber="${subscriber}"]`);
  await row.getByRole("button", { name: `Remove ${subscriber}` }).click();
  await page.locator("[data-newsletter-confirm]").getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText(`${isolated(subscriber)} is off the newsletter.`);

  await page.goto(`${GROCERY}/staff/messages?state=bogus&page=-3`);
  await expect(page.locator("#message-state")).toHaveValue("");
  await showOnly(page, "answered");
  await context.close();
});
