import { expect, type Page, test } from "@playwright/test";
import { GROCERY, hydrated, newShopperAddress, openDrawer } from "./support.ts";

/*
 * The console's categories (issue 33): the owner makes a category with its own page layout, sees
 * it in the shop's menu and at its address with that layout, moves it up, renames it in Arabic,
 * hides it, and the shop follows each change. Then once on a phone, in Arabic. The categories made
 * end hidden, so the demo shop other journeys read looks as before.
 */

/** The demo stores' staff account (README): the grocery's owner. */
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function staffSignIn(page: Page) {
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

/** A name no other run of this journey used: the journeys share one database. */
const stamp = () => Date.now().toString(36);

/** The category's page in the shop: its status, and the layout it was drawn with. */
async function categoryPage(page: Page, slug: string): Promise<{ status: number; layout: string | null }> {
  const response = await page.goto(`${GROCERY}/products?categories=${slug}`);
  const status = response?.status() ?? 0;
  const layout =
    status === 200 ? await page.locator("[data-listing-layout]").getAttribute("data-listing-layout") : null;
  return { status, layout };
}

test("the owner makes a category with its own layout, moves and renames it, hides it, and the shop follows", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() } });
  const page = await context.newPage();
  await staffSignIn(page);
  await page.locator("[data-staff-nav]").getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/staff\/categories$/);
  // The demo shop's categories are listed before any is made.
  await expect(page.locator("[data-staff-category]").first()).toBeVisible();
  const before = await page.locator("[data-staff-category]").count();

  // Without an English name the form is refused, keeping what was typed.
  const form = page.locator("[data-staff-category-new]");
  await form.locator("#category-name-ar").fill("مكسرات");
  await form.locator("#category-name-en").evaluate((input) => input.removeAttribute("required"));
  await form.getByRole("button", { name: "Make category" }).click();
  await expect(form.locator("[data-field-error='name-en']")).toBeVisible();
  await expect(form.locator("#category-name-ar")).toHaveValue("مكسرات");

  const name = `Nuts and seeds ${stamp()}`;
  const slug = name.toLowerCase().replaceAll(" ", "-");
  await form.locator("#category-name-en").fill(name);
  await form.locator("#category-layout").selectOption("compact");
  await form.getByRole("button", { name: "Make category" }).click();
  await expect(page.getByText("The category was made.")).toBeVisible();
  const line = page.locator(`[data-staff-category="${slug}"]`);
  await expect(line).toBeVisible();
  await expect(page.locator("[data-staff-category]")).toHaveCount(before + 1);
  await expect(page.locator("[data-staff-category]").last()).toHaveAttribute("data-staff-category", slug);
  await shot(page, "categories-1280");

  // The shop shows it once its copy of the shop is fresh (STORE_FRESH_MS): its page in its own
  // layout, and in the main menu.
  const shop = await context.newPage();
  // The main menu drawer is the phone's: the shop is read at a phone's width.
  await shop.setViewportSize({ width: 390, height: 800 });
  await expect
    .poll(() => categoryPage(shop, slug), { timeout: 15_000 })
    .toEqual({ status: 200, layout: "compact" });
  await shop.goto(`${GROCERY}/`);
  await hydrated(shop);
  await shop.locator("[data-open-main-menu]").click();
  await expect(openDrawer(shop).getByRole("link", { name })).toBeVisible();

  // One place earlier: no longer the last line.
  await line.getByRole("button", { name: `Move ${name} earlier` }).click();
  await expect(page.getByText("The category was saved.")).toBeVisible();
  await expect(page.locator("[data-staff-category]").nth(before - 1)).toHaveAttribute(
    "data-staff-category",
    slug,
  );

  // Renamed in Arabic on its own page; the slug stays.
  await line.locator("[data-category-name]").click();
  await expect(page.locator(`[data-staff-category="${slug}"][data-category-version]`)).toBeVisible();
  await page.locator("#category-name-ar").fill("مكسرات وبذور");
  await page.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByText("The category was saved.")).toBeVisible();
  await expect(page.locator("#category-name-ar")).toHaveValue("مكسرات وبذور");
  await shot(page, "category-1280");

  await page.getByRole("link", { name: "All categories" }).click();
  await page
    .locator(`[data-staff-category="${slug}"]`)
    .getByRole("button", { name: `Hide ${name}` })
    .click();
  await expect(page.locator(`[data-staff-category="${slug}"]`)).toHaveAttribute(
    "data-category-shown",
    "false",
  );
  await expect(page.locator(`[data-staff-category="${slug}"]`)).toContainText("Hidden");

  // Hidden: gone from the shop's menu, and its address is not found.
  await expect.poll(async () => (await categoryPage(shop, slug)).status, { timeout: 15_000 }).toBe(404);
  await shop.goto(`${GROCERY}/`);
  await hydrated(shop);
  await shop.locator("[data-open-main-menu]").click();
  await expect(openDrawer(shop).getByRole("link", { name: "All products" })).toBeVisible();
  await expect(openDrawer(shop).getByRole("link", { name })).toHaveCount(0);
  await context.close();
});

test("at 360 px in Arabic the categories read right to left, and nothing is wider than the phone", async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await staffSignIn(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.locator("[data-staff-menu] summary").click();
  await page.locator("[data-staff-menu] [data-staff-nav]").getByRole("link", { name: "الفئات" }).click();
  await expect(page).toHaveURL(/\/staff\/categories$/);
  await expect(page.locator("[data-staff-category]").first()).toBeVisible();

  const name = `Olives ${stamp()}`;
  const slug = name.toLowerCase().replaceAll(" ", "-");
  const form = page.locator("[data-staff-category-new]");
  await form.locator("#category-name-en").fill(name);
  await form.locator("#category-name-ar").fill("زيتون");
  await form.getByRole("button", { name: "إنشاء الفئة" }).click();
  await expect(page.getByText("أُنشئت الفئة.")).toBeVisible();
  const line = page.locator(`[data-staff-category="${slug}"]`);
  await expect(line).toContainText("زيتون");
  await expectNoOverflow(page, 360);
  await shot(page, "categories-360-ar");
  await line.getByRole("button", { name: "إخفاء زيتون" }).click();
  await expect(line).toHaveAttribute("data-category-shown", "false");
  await line.locator("[data-category-name]").click();
  await expect(page.locator("#category-name-ar")).toHaveValue("زيتون");
  await expectNoOverflow(page, 360);
  await shot(page, "category-360-ar");
  await context.close();
});
