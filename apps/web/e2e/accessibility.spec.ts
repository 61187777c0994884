import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { CARPARTS, CATERING, FURNITURE, GROCERY, hydrated, productsOf } from "./support.ts";

/*
 * The pages shoppers open most, checked with axe against WCAG 2.1 A and AA: none may have a serious
 * or critical problem (contrast, names of controls, list and landmark markup). Minor ones are
 * looked at by hand.
 */

// axe reads the whole page: on a machine busy with other work a check takes seconds.
test.describe.configure({ timeout: 120_000 });

async function seriousProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const pages: [string, string][] = [
  ["grocery home", `${GROCERY}/`],
  ["grocery listing", `${GROCERY}/products`],
  ["grocery search", `${GROCERY}/search?q=tea`],
  ["car parts home", `${CARPARTS}/`],
  ["car parts listing", `${CARPARTS}/products`],
  ["furniture home", `${FURNITURE}/`],
  ["catering home", `${CATERING}/`],
  ["grocery about us", `${GROCERY}/aboutus`],
  ["grocery FAQ", `${GROCERY}/faq`],
  ["grocery privacy policy", `${GROCERY}/privacy`],
  ["grocery contact", `${GROCERY}/contact`],
  ["car parts resellers", `${CARPARTS}/reseller`],
  ["furniture help", `${FURNITURE}/help`],
  ["grocery offers", `${GROCERY}/offers`],
  ["car parts offers", `${CARPARTS}/offers`],
];

for (const locale of ["en", "ar"] as const) {
  for (const [name, url] of pages) {
    test(`${name} in ${locale} has no serious accessibility problem`, async ({ page, context }) => {
      await context.addCookies([{ name: "lang", value: locale, url }]);
      await page.goto(url);
      await hydrated(page);
      expect(await seriousProblems(page)).toEqual([]);
    });
  }
}

for (const locale of ["en", "ar"] as const) {
  test(`the contact form with its errors shown in ${locale} has no serious accessibility problem`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: "lang", value: locale, url: GROCERY }]);
    await page.goto(`${GROCERY}/contact`);
    await hydrated(page);
    await page.locator("[data-contact-form] button[type=submit]").click();
    await expect(page.locator("[data-contact-form] [data-field-error]").first()).toBeVisible();
    expect(await seriousProblems(page)).toEqual([]);
  });
}

test("a product page and its open cart have no serious accessibility problem", async ({ page, request }) => {
  const [product] = (await productsOf(request, "localhost", 1)).records;
  if (!product) throw new Error("the grocery has no products");
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  expect(await seriousProblems(page)).toEqual([]);

  await page.locator("[data-open-cart]").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
});
