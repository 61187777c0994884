import { type APIRequestContext, expect, test } from "@playwright/test";
import type { OpeningHours, Paginated, ProductSummary } from "@stoa/contract";
import { WEB_PORT } from "./ports.ts";
import { apiData, hydrated, openDrawer, openModal, uniqueEmail } from "./support.ts";

const DOMAIN = "restaurant.localhost";
const RESTAURANT = `http://${DOMAIN}:${WEB_PORT}`;
/** The demo stores' staff account (README): the back office sets the shop's hours through the staff API. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const api = <T>(request: APIRequestContext, path: string, body: unknown, token?: string) =>
  apiData<T>(request, path, body, token, {}, DOMAIN);

/** The minute of the day it is at `instant` in a time zone. */
function minuteOfDay(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part("hour") * 60 + part("minute");
}

/** A dish with nothing to pick, in stock. */
async function plainDish(request: APIRequestContext): Promise<ProductSummary> {
  const { records } = await api<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {},
  );
  const found = records.find((p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.stock >= 5);
  if (!found) throw new Error("the restaurant has no dish without options");
  return found;
}

test("a closed restaurant says when it opens next; the shopper chooses a time and the order is placed", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const staff = (await api<{ token: string }>(request, "/api/staff/login", STAFF)).token;
  const hours = await api<OpeningHours>(request, "/api/staff/hours/detail", {}, staff);
  // The back office closes the restaurant for now: it opens three hours from this minute, in its
  // own time zone, whatever hour the journey runs at.
  const opensAt = (minuteOfDay(new Date(), hours.timezone) + 180) % (24 * 60);
  await api(
    request,
    "/api/staff/hours/update",
    { ...hours, opensAt, closesAt: opensAt + 120, openDays: EVERY_DAY },
    staff,
  );
  try {
    const dish = await plainDish(request);
    await page.goto(`${RESTAURANT}/products/${dish.id}`);
    await hydrated(page);
    await page.locator(`[data-product-purchase="${dish.id}"] [data-add-to-cart]`).click();
    await expect(page.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
    await page.locator("[data-open-cart]").click();
    await openDrawer(page).locator("[data-checkout]").click();
    await hydrated(page);
    await page.locator("[data-inline-login]").getByRole("button", { name: "Continue as a guest" }).click();
    await expect(page).toHaveURL(/\/checkout\/guest$/);
    const checkout = page.locator('[data-checkout="guest"]');

    // The restaurant delivers without booked windows: as soon as possible, unless a time is chosen.
    await expect(checkout.locator('[data-choice="delivery"] input')).toBeChecked();
    await checkout.locator('[data-add-address="shipping"]').click();
    const form = openModal(page).locator('[data-guest-address-form="shipping"]');
    await form.getByLabel("Recipient").fill("Anna Berg");
    await form.getByLabel("Street address").fill("5 Market Square");
    await form.getByLabel("City").fill("Springfield");
    await form.getByLabel("Postal code").fill("62701");
    await form.getByLabel("Country").fill("United States");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("5 Market Square");
    const contact = checkout.locator("[data-guest-contact]");
    await contact.getByLabel("Full name").fill("Anna Berg");
    await contact.getByLabel("Email or phone").fill(uniqueEmail("closed-shop"));
    await checkout.locator('[data-choice="cash"]').click();

    // Before anything is sent, the shop's answer says it is closed and when it opens, by the time to choose.
    const closed = checkout.locator("[data-shop-closed]");
    await expect(closed).toContainText("The shop is closed now and opens again on");
    await expect(closed).toContainText("Please choose a time for your order.");
    // It opens at the hours just set: three hours from now by the clock on the wall, which a night
    // the clocks change makes two or four.
    const opens = new Date((await closed.getAttribute("data-shop-closed")) ?? "");
    expect(opens.getTime() - Date.now()).toBeGreaterThan(100 * 60_000);
    expect(opens.getTime() - Date.now()).toBeLessThan(250 * 60_000);
    const chooseTime = checkout.locator('[data-delivery-time="delivery"] [data-choose-time]');
    await expect(chooseTime).toHaveAccessibleDescription(/closed now/);
    await closed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("closed-shop.png") });

    // Placing the order as it stands asks for a time instead, and keeps everything filled in.
    await page.locator("[data-place-order]").click();
    await expect(page.locator("[data-place-alert]")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/guest$/);
    await expect(contact.getByLabel("Full name")).toHaveValue("Anna Berg");

    await chooseTime.click();
    const modal = openModal(page);
    await expect(modal).toHaveAttribute("data-modal-view", "SEL_TIME");
    const time = modal.locator('[data-window][data-available="true"]').first();
    const start = (await time.getAttribute("data-window")) ?? "";
    // The first time to choose is once the restaurant has opened.
    expect(Date.parse(start)).toBeGreaterThanOrEqual(opens.getTime());
    await time.click();
    await expect(openModal(page)).toHaveCount(0);
    await expect(checkout.locator("[data-chosen-window]")).toHaveAttribute("data-chosen-window", start);
    await expect(closed).toHaveCount(0);
    // "As soon as possible" is not offered back while the restaurant is closed.
    await expect(checkout.locator("[data-choose-asap]")).toHaveCount(0);
    await expect(checkout.locator('[data-address-in-use="shipping"]')).toContainText("5 Market Square");

    const place = page.locator("[data-place-order]");
    await expect(place).toBeEnabled();
    await place.click();
    await expect(page).toHaveURL(/\/order-received\?order=\d+$/);
    await expect(page.locator("[data-order-received] [data-delivery-window] time")).toHaveAttribute(
      "datetime",
      start,
    );
    await expect(page.locator("[data-next-step='orders.next.delivery-window']")).toBeVisible();
  } finally {
    await api(request, "/api/staff/hours/update", hours, staff);
  }
});
