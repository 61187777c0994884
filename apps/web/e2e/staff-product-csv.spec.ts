import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  csvLine,
  csvMoney,
  ERROR_MESSAGES,
  type Paginated,
  PRODUCT_CSV_COLUMNS,
  type ProductSummary,
  parseCsv,
} from "@stoa/contract";
import {
  apiData as api,
  GROCERY,
  latestMessage,
  newShopperAddress,
  productInfoOf,
  uniqueEmail,
} from "./support.ts";

/*
 * Products as CSV (issue 33): a manager downloads the shop's products, changes a price and adds a
 * product in the file, uploads it, reads the dry run, applies it and finds both on the storefront;
 * a file with a bad row is reported by its line and changes nothing. Then once on a phone, in Arabic.
 */

/** The demo stores' staff account (README): the grocery's owner. */
const OWNER = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;
const IMPORT = `${GROCERY}/staff/products/import`;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A stamp no other run of this journey used: the journeys share one database. */
const stamp = () => Date.now().toString(36).toUpperCase();

/** Nothing on the page is wider than the screen. */
async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * A simple product not on sale, from the end of the first page: other journeys take theirs from its
 * start, and this one changes a price for a while.
 */
async function simpleProduct(request: APIRequestContext): Promise<ProductSummary> {
  const { records } = await api<Paginated<ProductSummary>>(
    request,
    "/api/storeProduct/search?limit=60&page=1",
    {},
  );
  const found = records
    .filter((p) => !p.hasVariations && !p.hasOptions && p.isAvailable && p.salePrice === null && !p.isDigital)
    .at(-1);
  if (!found) throw new Error("no simple grocery product");
  return found;
}

async function managerPage(browser: Browser, request: APIRequestContext) {
  const { token } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const email = uniqueEmail("csv-manager");
  await api(request, "/api/staff/accounts/invite", { email, name: "Mona Manager", role: "manager" }, token);
  const message = await latestMessage(request, email, /\/staff\/invitation\?token=/);
  const link = /\/staff\/invitation\?token=([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() } });
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/invitation?token=${link}`);
  await page.locator("#invitation-password").fill("mona-manager-1");
  await page.locator("[data-staff-invitation-form] button[type=submit]").click();
  await expect(page).toHaveURL(/\/staff\/today$/);
  return { context, page, ownerToken: token };
}

/** Chooses a file of this text and asks for the dry run. */
async function checkFile(page: Page, name: string, text: string, button: string) {
  await page.locator("#csv-file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.locator("[data-product-import]").getByRole("button", { name: button }).click();
}

test("a manager exports, changes a price and adds a product in the file, checks it, applies it, and the storefront shows both", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await simpleProduct(request);
  const { context, page, ownerToken } = await managerPage(browser, request);
  await page.goto(IMPORT);
  await expect(page.locator("[data-staff-product-import]")).toBeVisible();
  await expect(page.getByRole("link", { name: "All products", exact: true })).toHaveAttribute(
    "href",
    "/staff/products",
  );
  await shot(page, "product-import-1280-en");

  // The export: a file with every column, the product among the rows, its price in major units.
  const downloading = page.waitForEvent("download");
  await page.locator('[data-export="products"]').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^products-localhost-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = parseCsv(await readFile(await download.path(), "utf8"));
  expect(exported.badLines).toEqual([]);
  const [header, ...rows] = exported.records;
  expect(header?.cells).toEqual([...PRODUCT_CSV_COLUMNS]);
  const column = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => PRODUCT_CSV_COLUMNS.indexOf(name);
  const row = rows.find((r) => r.cells[column("sku")] === product.sku);
  if (!row) throw new Error(`${product.sku} is not in the export`);
  expect(row.cells[column("price")]).toBe(csvMoney(product.price));

  // The file as a manager edits it: the price up by 1.00 (stock left empty: left alone), and a new row.
  const newPrice = product.price + 100;
  const edited = [...row.cells];
  edited[column("price")] = csvMoney(newPrice);
  edited[column("stock")] = "";
  const sku = `JAM-${stamp()}`;
  const jam = `Journey jam ${sku}`;
  const added = PRODUCT_CSV_COLUMNS.map((name) =>
    name === "sku"
      ? sku
      : name === "name_en"
        ? jam
        : name === "price"
          ? "4.25"
          : name === "available"
            ? "yes"
            : name === "stock"
              ? "3"
              : "",
  );
  const file = [PRODUCT_CSV_COLUMNS, edited, added].map((cells) => csvLine(cells)).join("");
  await checkFile(page, "products.csv", file, "Check the file");

  const plan = page.locator("[data-plan]");
  await expect(plan.locator('[data-count="created"]')).toHaveText("1 new product");
  await expect(plan.locator('[data-count="updated"]')).toHaveText("1 product updated");
  await expect(plan.locator('[data-count="stock"]')).toHaveText("1 stock change");
  const change = plan.locator(`[data-change-sku="${product.sku}"] [data-change-field="price"]`);
  await expect(change).toContainText(csvMoney(product.price));
  await expect(change).toContainText(csvMoney(newPrice));
  await expect(plan.locator(`[data-change-sku="${sku}"]`)).toHaveAttribute("data-change-kind", "new");
  // Nothing changed yet.
  expect((await productInfoOf(request, "localhost", product.id)).price).toBe(product.price);
  await shot(page, "product-import-plan-1280-en");

  await plan.getByRole("button", { name: "Apply 2 changes" }).click();
  await expect(page.locator("[data-form-done]")).toHaveText("Imported: 1 new, 1 updated, stock changes: 1.");
  await shot(page, "product-import-applied-1280-en");

  // The storefront shows the new price and the new product, once its copy of the shop is fresh
  // (STORE_FRESH_MS).
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await expect(async () => {
    await shopper.goto(`${GROCERY}/products/${product.id}`);
    await expect(shopper.locator("main")).toContainText(csvMoney(newPrice), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const found = await api<Paginated<ProductSummary>>(request, "/api/storeProduct/search?limit=5&page=1", {
    sku,
  });
  const made = found.records.find((p) => p.sku === sku);
  expect(made).toMatchObject({ name: jam, price: 425, stock: 3 });
  await shopper.goto(`${GROCERY}/products/${made?.id}`);
  await expect(shopper.locator("main")).toContainText(jam);
  await expect(shopper.locator("main")).toContainText("4.25");

  // A file with a bad row: its line and column are named, and nothing of the file is imported.
  const good = `GOOD-${stamp()}`;
  const bad =
    csvLine(["sku", "name_en", "price"]) +
    csvLine([good, "Good row", "1.00"]) +
    csvLine([`BAD-${stamp()}`, "Bad row", "abc"]);
  await checkFile(page, "bad.csv", bad, "Check the file");
  const problem = page.locator('[data-plan-problems] [data-problem-line="3"][data-problem-field="price"]');
  await expect(problem).toContainText(ERROR_MESSAGES.en["error-csv-money"]);
  await expect(page.locator("[data-apply-form]")).toHaveCount(0);
  await shot(page, "product-import-bad-row-1280-en");
  const none = await api<Paginated<ProductSummary>>(request, "/api/storeProduct/search?limit=5&page=1", {
    sku: good,
  });
  expect(none.records.filter((p) => p.sku === good)).toEqual([]);

  // The price goes back as it was, by the same import, for the journeys that come after.
  const back = csvLine(["sku", "price"]) + csvLine([product.sku, csvMoney(product.price)]);
  const undo = await api<{ fingerprint: string }>(
    request,
    "/api/staff/products/import/dryRun",
    { csv: back },
    ownerToken,
  );
  await api(
    request,
    "/api/staff/products/import/apply",
    { csv: back, fingerprint: undo.fingerprint },
    ownerToken,
  );
  await shopperContext.close();
  await context.close();
});

test("at 360 px in Arabic the import reads right to left, names a bad line in Arabic, and nothing is wider than the phone", async ({
  browser,
  request,
}) => {
  test.slow();
  const product = await simpleProduct(request);
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { "x-forwarded-for": newShopperAddress() },
  });
  await context.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(OWNER.email);
  await page.locator("#staff-password").fill(OWNER.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
  await page.goto(IMPORT);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectNoOverflow(page, 360);
  await shot(page, "product-import-360-ar");

  // A dry run with a change and a bad row: both shown, in Arabic; nothing can be applied.
  const file =
    csvLine(["sku", "name_ar", "price", "stock"]) +
    csvLine([product.sku, "اسم طويل جدًا لمنتج في ملف الاستيراد", csvMoney(product.price + 50), ""]) +
    csvLine([`NEW-${stamp()}`, "منتج", "3.00", "-4"]);
  await checkFile(page, "products.csv", file, "افحص الملف");
  await expect(page.locator('[data-problem-line="3"][data-problem-field="stock"]')).toContainText(
    ERROR_MESSAGES.ar["error-field-invalid"],
  );
  await expect(page.locator("[data-apply-form]")).toHaveCount(0);
  await expectNoOverflow(page, 360);
  await shot(page, "product-import-bad-row-360-ar");

  // Without the bad row the change is listed field by field, still unapplied.
  await checkFile(page, "products.csv", file.split("\r\n").slice(0, 2).join("\r\n"), "افحص الملف");
  await expect(page.locator(`[data-change-sku="${product.sku}"] [data-change-field="price"]`)).toBeVisible();
  await expectNoOverflow(page, 360);
  await shot(page, "product-import-plan-360-ar");
  expect((await productInfoOf(request, "localhost", product.id)).price).toBe(product.price);
  await context.close();
});
