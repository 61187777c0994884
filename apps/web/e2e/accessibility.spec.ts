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

/**
 * WCAG's contrast ratio of a focused element's ring against what lies on either side of it: the gap
 * of its outline offset (the surface behind the element) and the surface outside. Colours are read
 * as the browser computed them; a translucent surface is taken over the one under it.
 */
async function focusRingContrast(page: Page): Promise<{ ring: string; inner: number; outer: number }> {
  return page.evaluate(async () => {
    // Buttons fade their colours in (`transition-colors` covers the outline's): the ring is read
    // once the focus has settled, never half-way from the button's text colour.
    await Promise.all((document.activeElement?.getAnimations() ?? []).map((animation) => animation.finished));
    // Computed colours come in any syntax (Tailwind's are oklch): a canvas pixel reads them as sRGB.
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    const rgba = (text: string) => {
      if (!context) throw new Error("no canvas");
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = text;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const surface = (from: Element | null): number[] => {
      for (let node = from; node; node = node.parentElement) {
        const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(node).backgroundColor);
        if (a > 0.5) return [r, g, b];
      }
      return [255, 255, 255];
    };
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    const ring = rgba(style.outlineColor);
    // With an offset the ring is clear of the element: the gap shows the surface behind it.
    const inner =
      Number.parseFloat(style.outlineOffset) > 0 ? surface(focused.parentElement) : surface(focused);
    return {
      ring: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      inner: ratio(ring, inner),
      outer: ratio(ring, surface(focused.parentElement)),
    };
  });
}

test("focus rings stand out 3:1 against both sides, on brand buttons and on the dark footer", async ({
  page,
  request,
}) => {
  const [product] = (await productsOf(request, "localhost", 1)).records;
  if (!product) throw new Error("the grocery has no products");
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  // The shop's green "Add to cart", the same button as "Place order" (buttonClass.primary).
  await page.locator("[data-add-to-cart]").first().focus();
  const onBrand = await focusRingContrast(page);
  expect(onBrand.ring).toMatch(/^solid 2px/);
  expect(onBrand.inner).toBeGreaterThanOrEqual(3);
  expect(onBrand.outer).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: test.info().outputPath("focus-add-to-cart.png") });

  await page.locator("footer a").first().focus();
  const onDark = await focusRingContrast(page);
  expect(onDark.inner).toBeGreaterThanOrEqual(3);
  expect(onDark.outer).toBeGreaterThanOrEqual(3);
});

test("the sticky header is opaque: no page text shows through it", async ({ page }) => {
  await page.goto(`${GROCERY}/products`);
  await page.mouse.wheel(0, 900);
  const header = page.locator("[data-site-header]");
  const look = await header.evaluate((node) => {
    const style = getComputedStyle(node);
    return { background: style.backgroundColor, blur: style.backdropFilter };
  });
  expect(look).toEqual({ background: "rgb(255, 255, 255)", blur: "none" });
});
