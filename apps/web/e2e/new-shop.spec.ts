import { expect, test } from "@playwright/test";
import type { DeliveryOptions, Envelope } from "@stoa/contract";
import { NEW_SHOP } from "./new-shop.ts";
import { API, hydrated, latestMessage } from "./support.ts";

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
