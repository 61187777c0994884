import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import type { Paginated, ProductSummary } from "@stoa/contract";
import { photo } from "./photo.ts";
import {
  apiData as api,
  GROCERY,
  latestMessage,
  newShopperAddress,
  productInfoOf,
  uniqueEmail,
} from "./support.ts";

/*
 * A product's pictures in the console (issue 33): a manager uploads a real photo to a demo product,
 * describes it, makes it the main picture and sees it on the storefront's product page through the
 * image optimiser; a second tab still on the old version is told, not obeyed; the picture is moved
 * and removed again. Once at desktop size in English, once at 360 px in Arabic.
 */

/** The demo stores' staff account (README): the grocery's owner, who invites the manager. */
const OWNER = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A demo product of the grocery: the `skip`-th simple one, so the two journeys use different ones. */
async function demoProduct(request: APIRequestContext, skip: number): Promise<ProductSummary> {
  const { records } = await api<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {},
  );
  const simple = records.filter((p) => !p.hasVariations && p.isAvailable && p.image);
  const found = simple[simple.length - 1 - skip];
  if (!found) throw new Error("no simple grocery product with a picture");
  return found;
}

/** A manager of the grocery, invited by its owner, signed in to the console in a browser of their own. */
async function managerPage(
  browser: Browser,
  request: APIRequestContext,
  options: { width: number; lang?: string },
) {
  const { token } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const email = uniqueEmail("pictures-manager");
  await api(request, "/api/staff/accounts/invite", { email, name: "Nadia Manager", role: "manager" }, token);
  const message = await latestMessage(request, email, /\/staff\/invitation\?token=/);
  const link = /\/staff\/invitation\?token=([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
  const context = await browser.newContext({
    viewport: { width: options.width, height: 900 },
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  if (options.lang)
    await context.addCookies([{ name: "lang", value: options.lang, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/invitation?token=${link}`);
  await page.locator("#invitation-password").fill("nadia-manager-1");
  await page.locator("[data-staff-invitation-form] button[type=submit]").click();
  await expect(page).toHaveURL(/\/staff\/today$/);
  return { context, page };
}

/**
 * The product's pictures as the API answers shoppers; an edit shows within STORE_FRESH_MS, the
 * time the API takes the shop's catalogue version as it is.
 */
async function pictureUrls(request: APIRequestContext, productId: number): Promise<string[]> {
  return (await productInfoOf(request, "localhost", productId)).images.map((image) => image.url);
}

const cards = (page: Page) => page.locator("[data-staff-picture]");
const uploaded = (page: Page) => page.locator('[data-staff-picture*="/product-"]');

async function upload(page: Page, bytes: Buffer) {
  await page
    .locator("#picture-file")
    .setInputFiles({ name: "shelf.jpg", mimeType: "image/jpeg", buffer: bytes });
  await page.locator("[data-staff-picture-upload] button[type=submit]").click();
}

/** Every picture of the console's page drawn, through the same optimiser the storefront uses. */
async function picturesDrawn(page: Page) {
  for (const picture of await page.locator("[data-staff-picture] img").all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

/** The storefront's main picture of the product: its address (through the optimiser) and alt text. */
async function mainPicture(page: Page): Promise<Locator> {
  const picture = page.locator("[data-gallery] img").first();
  await expect(picture).toBeVisible();
  // Loaded for real: the optimiser read the uploaded file and answered a picture.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return picture;
}

test("a manager uploads a photo to a demo product, makes it the main picture, sees it in the shop, then moves and removes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await demoProduct(request, 0);
  const before = await pictureUrls(request, product.id);
  const { context, page } = await managerPage(browser, request, { width: 1280 });
  await page.goto(`${GROCERY}/staff/products/${product.id}/images`);
  await expect(page.locator("[data-staff-pictures]")).toBeVisible();
  await expect(cards(page)).toHaveCount(before.length);
  // A second tab, opened before the upload, edits from the version it read.
  const stale = await context.newPage();
  await stale.goto(`${GROCERY}/staff/products/${product.id}/images`);

  // Not a picture: refused beside the field, nothing added.
  await page
    .locator("#picture-file")
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
  await page.locator("[data-staff-picture-upload] button[type=submit]").click();
  await expect(page.locator("[data-field-error=picture]")).toContainText("Choose a picture");
  await expect(cards(page)).toHaveCount(before.length);

  await upload(page, await photo(200));
  await expect(page.getByText("The picture was added.")).toBeVisible();
  await expect(cards(page)).toHaveCount(before.length + 1);
  const added = uploaded(page);
  await expect(added).toHaveCount(1);
  const url = (await added.getAttribute("data-staff-picture")) ?? "";
  expect(url).toMatch(/^\/media\/shops\/\d+\/product-[0-9a-f]{32}\.webp$/);
  await expect(added).toContainText("1600 × 1200");

  await added.locator("input[name=alt-en]").fill("A crate of it on the shop's shelf");
  await added.getByRole("button", { name: "Save description" }).click();
  await expect(page.getByText("The pictures were saved.")).toBeVisible();
  await uploaded(page).getByRole("button", { name: "Make main" }).click();
  await expect(cards(page).first()).toHaveAttribute("data-staff-picture", url);
  await expect(cards(page).first()).toContainText("Main");
  await picturesDrawn(page);
  await shot(page, "product-pictures-1280");

  // The stale tab's removal is refused with the pictures as they stand; nothing is lost.
  await stale.locator("[data-staff-picture]").first().getByRole("button", { name: "Remove" }).click();
  await expect(stale.getByText("This was changed by someone else")).toBeVisible();
  await expect(stale.locator("[data-staff-picture]").first()).toHaveAttribute("data-staff-picture", url);
  await expect(stale.locator("[data-staff-picture]")).toHaveCount(before.length + 1);

  // The shop shows it once its copy of the catalogue is fresh (STORE_FRESH_MS).
  const shop = await context.newPage();
  const name = url.slice(url.lastIndexOf("/") + 1);
  await expect(async () => {
    await shop.goto(`${GROCERY}/products/${product.id}`);
    await expect(shop.locator("[data-gallery] img").first()).toHaveAttribute("src", new RegExp(name), {
      timeout: 1000,
    });
  }).toPass();
  const main = await mainPicture(shop);
  await expect(main).toHaveAttribute("alt", "A crate of it on the shop's shelf");
  await shot(shop, "product-pictures-storefront-1280");

  await page.reload();
  await uploaded(page).getByRole("button", { name: "Move later" }).click();
  await expect(cards(page).nth(1)).toHaveAttribute("data-staff-picture", url);
  await uploaded(page).getByRole("button", { name: "Remove" }).click();
  await expect(uploaded(page)).toHaveCount(0);
  await expect(cards(page)).toHaveCount(before.length);
  await expect.poll(() => pictureUrls(request, product.id)).toEqual(before);
  await expect(async () => {
    await shop.reload();
    await expect(shop.locator(`[data-gallery] img[src*="${name}"]`)).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  await context.close();
});

test("at 360 px in Arabic a manager uploads a picture, the shop shows it, and it is removed again", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await demoProduct(request, 1);
  const before = await pictureUrls(request, product.id);
  const { context, page } = await managerPage(browser, request, { width: 360, lang: "ar" });
  await page.goto(`${GROCERY}/staff/products/${product.id}/images`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("h1")).toContainText("صور");
  await upload(page, await photo(40));
  await expect(page.getByText("أُضيفت الصورة.")).toBeVisible();
  const added = uploaded(page);
  await expect(added).toHaveCount(1);
  const url = (await added.getAttribute("data-staff-picture")) ?? "";
  await added.locator("input[name=alt-ar]").fill("صندوق منه على رف المتجر");
  await added.getByRole("button", { name: "حفظ الوصف" }).click();
  await expect(page.getByText("حُفظت الصور.")).toBeVisible();
  await uploaded(page).getByRole("button", { name: "اجعلها الرئيسية" }).click();
  await expect(cards(page).first()).toHaveAttribute("data-staff-picture", url);
  await expectNoOverflow(page, 360);
  await picturesDrawn(page);
  await shot(page, "product-pictures-360-ar");

  const shop = await context.newPage();
  await expect(async () => {
    await shop.goto(`${GROCERY}/products/${product.id}`);
    await expect(shop.locator("[data-gallery] img").first()).toHaveAttribute(
      "alt",
      "صندوق منه على رف المتجر",
      {
        timeout: 1000,
      },
    );
  }).toPass();
  await mainPicture(shop);
  await expectNoOverflow(shop, 360);
  await shot(shop, "product-pictures-storefront-360-ar");

  await page.reload();
  await uploaded(page).getByRole("button", { name: "حذف" }).click();
  await expect(uploaded(page)).toHaveCount(0);
  await expect.poll(() => pictureUrls(request, product.id)).toEqual(before);
  await context.close();
});

test("without scripts the picture page still uploads a photo as a plain form and removes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await demoProduct(request, 2);
  const before = await pictureUrls(request, product.id);
  const { context: signedIn } = await managerPage(browser, request, { width: 1280 });
  // The same member, in a browser that runs no scripts: the session cookie carries over.
  const cookies = await signedIn.cookies();
  await signedIn.close();
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/products/${product.id}/images`);
  await upload(page, await photo(120));
  await expect(page.getByText("The picture was added.")).toBeVisible();
  await expect(uploaded(page)).toHaveCount(1);
  await uploaded(page).getByRole("button", { name: "Make main" }).click();
  await expect(cards(page).first()).toHaveAttribute("data-staff-picture", /\/product-/);
  await uploaded(page).getByRole("button", { name: "Remove" }).click();
  await expect(uploaded(page)).toHaveCount(0);
  await expect.poll(() => pictureUrls(request, product.id)).toEqual(before);
  await context.close();
});
