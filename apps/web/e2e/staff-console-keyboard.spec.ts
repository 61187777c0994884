import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { DeliverySchedule, PlacedOrder, ProductSummary } from "@stoa/contract";
import { apiData as api, createVerifiedAccount, GROCERY, productsOf, uniqueEmail } from "./support.ts";

const DOMAIN = "localhost";
/** The demo stores' staff account (README). */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const PASSWORD = "keyboard-journey-1";

/** A shopper's order for the console to show: a pickup paid in cash, as checkout places it. */
async function placeOrder(request: APIRequestContext) {
  const email = uniqueEmail("keyboard");
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  const { records } = await productsOf(request, DOMAIN, 30);
  const product = records.find((p) => !p.hasVariations && !p.hasOptions && p.stock > 5) as ProductSummary;
  const { pickupPoints } = await api<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: "pickup",
  });
  const window = schedule.days.flatMap((day) => day.windows).find((w) => w.available);
  if (!window) throw new Error("the grocery has no pickup time to choose");
  const placed = await api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [{ productId: product.id, quantity: 1 }],
      delivery_type: "pickup",
      delivery_time: { start: window.start, end: window.end },
      payment_gateway: "cash",
      customer_name: "Keyboard Shopper",
      customer_contact: email,
      pickupOption: pickupPoints[0]?.id ?? 0,
    },
    token,
    { "Idempotency-Key": `keyboard-journey-${Date.now()}` },
  );
  return placed.order;
}

/** Presses Tab (or `key`) until `target` has the focus (at most `most` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, most = 40, key = "Tab") {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`${target} never took the focus`);
}

/** The focused control shows it: an outline or a ring, never nothing. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const style = await target.evaluate((node) => {
    const css = getComputedStyle(node);
    return { outline: css.outlineStyle === "none" ? "0px" : css.outlineWidth, shadow: css.boxShadow };
  });
  expect(style.outline !== "0px" || style.shadow !== "none", JSON.stringify(style)).toBe(true);
  await expect(target).toBeInViewport();
}

test("at 360 px in Hebrew, staff sign in, reach Orders and open an order with the keyboard alone", async ({
  browser,
  request,
}) => {
  const order = await placeOrder(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addCookies([{ name: "lang", value: "he", domain: "localhost", path: "/" }]);
  const page = await context.newPage();

  await page.goto(`${GROCERY}/staff/login`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const email = page.locator("#staff-email");
  await tabTo(page, email);
  await expectVisibleFocus(email);
  await page.keyboard.type(STAFF.email);
  await page.keyboard.press("Tab");
  await expect(page.locator("#staff-password")).toBeFocused();
  await page.keyboard.type(STAFF.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${GROCERY}/staff/today`);

  // The first stop is the skip link, seen when focused; the next is the menu's button.
  const skip = page.getByRole("link", { name: "דילוג לתוכן" });
  await tabTo(page, skip, 3);
  await expectVisibleFocus(skip);
  const menu = page.locator("[data-staff-menu]");
  const menuButton = menu.locator("summary");
  await page.keyboard.press("Tab");
  await expectVisibleFocus(menuButton);
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("open", "");
  const orders = menu.getByRole("link", { name: "הזמנות", exact: true });
  await tabTo(page, orders, 5);
  await expectVisibleFocus(orders);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${GROCERY}/staff/orders`);
  await expect(menu).not.toHaveAttribute("open", "");
  // Scripts run now (the sound switch only shows with them): Escape closes the menu onto its button.
  await expect(page.locator("[data-order-sound]")).toBeVisible();
  await tabTo(page, menuButton, 6, "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(menuButton).toBeFocused();
  // Tabbing out of the open menu closes it, so it never hides the control that has the focus.
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("open", "");
  await tabTo(page, page.locator("#order-status"));
  await expect(menu).not.toHaveAttribute("open", "");

  // The skip link leads past the header into the page, and on to the order.
  await tabTo(page, skip, 6, "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  const link = page.locator(`[data-staff-order="${order.id}"] a`);
  await tabTo(page, link, 15);
  await expectVisibleFocus(link);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${GROCERY}/staff/orders/${order.id}`);
  await expect(page.locator("h1")).toContainText(String(order.orderNumber));
  await context.close();
});
