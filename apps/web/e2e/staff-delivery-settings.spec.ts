import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type {
  ProductSummary,
  StaffDeliverySettings,
  StaffPickupPointList,
  StaffPostOptionList,
} from "@stoa/contract";
import {
  apiData as api,
  GROCERY,
  hydrated,
  newShopperAddress,
  openDrawer,
  openModal,
  productsOf,
} from "./support.ts";

const DOMAIN = "localhost";
/** The demo stores' staff account (README), the grocery's owner. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };

async function staffSignIn(page: Page, next: string) {
  await page.goto(`${GROCERY}/staff/login?next=${encodeURIComponent(next)}`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

async function physicalProduct(request: APIRequestContext): Promise<ProductSummary> {
  const { records } = await productsOf(request, DOMAIN, 60);
  const found = records.find(
    (p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 5 && !p.isDigital,
  );
  if (!found) throw new Error("no simple grocery product with stock");
  return found;
}

test("the owner changes delivery, adds a pickup point and a postal option; a shopper's checkout offers them", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const token = (await api<{ token: string }>(request, "/api/staff/login", STAFF)).token;
  const before = await api<StaffDeliverySettings>(request, "/api/staff/delivery/detail", {}, token);
  const added: { post?: number; pickup?: number } = {};
  try {
    // The console's forms are plain forms: they work whether or not its scripts have loaded.
    await staffSignIn(page, "/staff/settings/delivery");
    const nav = page.locator("#staff-nav");
    for (const name of ["Shop", "Opening hours", "Delivery", "Post", "Pickup points"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }

    // A fee below zero is refused on its field, and what was typed stays.
    const form = page.locator("[data-delivery-settings]");
    await form.getByLabel(/Delivery fee where no zone matches/).fill("-2");
    await form.getByLabel(/Free delivery from/).fill("");
    await form.getByRole("button", { name: "Save delivery settings" }).click();
    await expect(form.locator('[data-field-error="deliveryFee"]')).toBeVisible();
    await expect(form.getByLabel(/Delivery fee where no zone matches/)).toHaveValue("-2");

    await form.getByLabel(/Delivery fee where no zone matches/).fill("7.25");
    await form.getByRole("button", { name: "Add a zone" }).click();
    const zone = page.locator("[data-delivery-settings] [data-zone]").last();
    await expect(page.locator("[data-form-done]")).toContainText("not saved yet");
    await zone.getByLabel("City").fill("Springfield");
    await zone.getByLabel(/Fee/).fill("3.10");
    await page
      .locator("[data-delivery-settings]")
      .getByRole("button", { name: "Save delivery settings" })
      .click();
    await expect(page.locator("[data-form-done]")).toHaveText("Delivery settings saved");
    await expect(page.locator("[data-delivery-settings] [data-zone]").last().getByLabel("City")).toHaveValue(
      "Springfield",
    );

    await page.locator("#staff-nav").getByRole("link", { name: "Pickup points", exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/settings\/pickup$/);
    const pickupEditor = page.locator('[data-pickup-editor="add"]');
    await pickupEditor.getByRole("button", { name: "Add point" }).click();
    await expect(pickupEditor.locator('[data-field-error="name.en"]')).toBeVisible();
    await pickupEditor.getByLabel("Name (English)").fill("Riverside Locker");
    await pickupEditor.getByLabel("Address (English)").fill("5 River Road, Springfield");
    await pickupEditor.getByLabel("Name (Arabic)").fill("خزانة ضفة النهر");
    await pickupEditor.getByRole("button", { name: "Add point" }).click();
    await expect(page.locator("[data-form-done]")).toHaveText("Pickup point added");
    await expect(page.locator("[data-pickup-point]").last()).toContainText("Riverside Locker");

    await page.locator("#staff-nav").getByRole("link", { name: "Post", exact: true }).click();
    const postEditor = page.locator('[data-post-editor="add"]');
    await postEditor.getByLabel("Name (English)").fill("Express parcel");
    await postEditor.getByLabel(/Price/).fill("9.90");
    await postEditor.getByLabel("Fewest days").fill("3");
    await postEditor.getByLabel("Most days").fill("1");
    await postEditor.getByRole("button", { name: "Add option" }).click();
    await expect(postEditor.locator('[data-field-error="daysMax"]')).toBeVisible();
    await expect(postEditor.getByLabel("Name (English)")).toHaveValue("Express parcel");
    await postEditor.getByLabel("Fewest days").fill("1");
    await postEditor.getByLabel("Most days").fill("2");
    await postEditor.getByRole("button", { name: "Add option" }).click();
    await expect(page.locator("[data-form-done]")).toHaveText("Postal option added");
    await expect(page.locator("[data-post-option]").last()).toContainText("Express parcel");
    await expect(page.locator("[data-post-option]").last()).toContainText("$9.90");

    const posts = await api<StaffPostOptionList>(request, "/api/staff/postOptions/list", {}, token);
    added.post = posts.options.find((o) => o.name.en === "Express parcel")?.id;
    const points = await api<StaffPickupPointList>(request, "/api/staff/pickupPoints/list", {}, token);
    added.pickup = points.points.find((p) => p.name.en === "Riverside Locker")?.id;

    // A shopper, in a browser of their own, checks out as a guest.
    const shopperContext = await browser.newContext();
    await shopperContext.setExtraHTTPHeaders({ "x-forwarded-for": newShopperAddress() });
    const shopper = await shopperContext.newPage();
    const product = await physicalProduct(request);
    await shopper.goto(`${GROCERY}/products/${product.id}`);
    await hydrated(shopper);
    await shopper.locator(`[data-product-purchase="${product.id}"] [data-add-to-cart]`).click();
    await expect(shopper.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
    await shopper.locator("[data-open-cart]").click();
    await openDrawer(shopper).locator("[data-checkout]").click();
    await hydrated(shopper);
    await shopper.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
    const checkout = shopper.locator('[data-checkout="guest"]');
    await expect(checkout).toBeVisible();

    await checkout.locator('[data-choice="pickup"] input').check();
    await expect(checkout.locator("[data-pickup-points]")).toContainText("Riverside Locker");
    await expect(checkout.locator("[data-pickup-points]")).toContainText("5 River Road, Springfield");
    await checkout.locator('[data-choice="post"] input').check();
    await expect(checkout.locator("[data-postal-options]")).toContainText("Express parcel");
    await expect(checkout.locator("[data-postal-options]")).toContainText("$9.90");

    await checkout.locator('[data-choice="delivery"] input').check();
    await checkout.locator('[data-add-address="shipping"]').click();
    const address = openModal(shopper).locator('[data-guest-address-form="shipping"]');
    await address.getByLabel("Recipient").fill("Anna Berg");
    await address.getByLabel("Street address").fill("12 Orchard Lane");
    await address.getByLabel("City").fill("Springfield");
    await address.getByLabel("Postal code").fill("62701");
    await address.getByLabel("Country").fill("United States");
    await address.getByRole("button", { name: "Save address" }).click();
    await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("12 Orchard Lane");
    // The zone's fee, not the shop's, and never free now.
    await expect(shopper.locator('[data-total="shipping"]').first()).toContainText("$3.10");
    await shopperContext.close();
  } finally {
    // The journeys after this one find the grocery as the seed left it.
    const { zones, ...rest } = before.settings;
    await api(request, "/api/staff/delivery/update", { ...rest, zones }, token);
    if (added.post)
      await api(request, "/api/staff/postOptions/active", { id: added.post, active: false }, token);
    if (added.pickup)
      await api(request, "/api/staff/pickupPoints/active", { id: added.pickup, active: false }, token);
  }
});
