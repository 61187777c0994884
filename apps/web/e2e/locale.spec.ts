import { expect, test } from "@playwright/test";
import { drawerEdge, GROCERY, hydrated, productsOf } from "./support.ts";

test("switching to Arabic renders the shop right-to-left, in Arabic", async ({ page }) => {
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

  await page.locator("[data-language-menu] summary").click();
  await page.locator('[data-language-menu] button[value="ar"]').click();

  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("h1")).toHaveText(/[\u0600-\u06FF]/);
  await expect(page.getByRole("link", { name: "كل المنتجات" }).first()).toBeVisible();

  // The choice is remembered: a fresh server render is Arabic too.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("switching language on the home page shows the new language's banner art with its words", async ({
  page,
}) => {
  // Drawing every size of the Arabic art first is the image optimiser's slowest work, done once.
  test.slow();
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  const art = page.locator("[data-hero-carousel] [data-slide='0'] img");
  await expect(art).toHaveAttribute("src", /-en\.svg/);
  // The image optimiser has drawn the Arabic art already, as it has for every shopper after the
  // first: what is measured is the page, not a first render of the picture.
  const srcset = (await art.getAttribute("srcset")) ?? "";
  for (const candidate of srcset.split(", ")) {
    const url = candidate.split(" ")[0]?.replace("-en.svg", "-ar.svg");
    expect((await page.request.get(`${GROCERY}${url}`)).ok()).toBe(true);
  }

  // Every frame from the switch on: the first slide's words, and the art it has decoded.
  await page.evaluate(() => {
    const frames: { words: string; art: string }[] = [];
    (window as { heroFrames?: typeof frames }).heroFrames = frames;
    const look = () => {
      const slide = document.querySelector("[data-hero-carousel] [data-slide='0']");
      const img = slide?.querySelector("img");
      frames.push({
        words: slide?.querySelector("h2")?.textContent ?? "",
        art: img?.complete ? img.currentSrc : "",
      });
      requestAnimationFrame(look);
    };
    look();
  });
  await page.locator("[data-language-menu] summary").click();
  await page.locator('[data-language-menu] button[value="ar"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(art).toHaveAttribute("src", /-ar\.svg/);

  const frames = await page.evaluate(
    () => (window as { heroFrames?: { words: string; art: string }[] }).heroFrames ?? [],
  );
  const arabic = frames.filter((frame) => /[\u0600-\u06FF]/.test(frame.words));
  expect(arabic.length).toBeGreaterThan(0);
  // The Arabic words come with the Arabic art already drawn, never over the English art nor a blank.
  expect(arabic.map((frame) => frame.art).filter((shown) => !shown.includes("-ar.svg"))).toEqual([]);
});

test("switching language on a product page shows the product in the new language", async ({
  page,
  request,
}) => {
  const [product] = (await productsOf(request, "localhost", 1)).records;
  if (!product) throw new Error("the grocery has no products");
  await page.goto(`${GROCERY}/products/${product.id}`);
  await hydrated(page);
  const title = page.locator("h1");
  await expect(title).toHaveText(/[A-Za-z]/);
  const english = (await title.textContent()) ?? "";

  await page.locator("[data-language-menu] summary").click();
  await page.locator('[data-language-menu] button[value="ar"]').click();

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(title).toHaveText(/[\u0600-\u06FF]/);
  await expect(title).not.toHaveText(english);
  // The breadcrumb names the product and its category in Arabic too, not in the language the
  // page was first read in.
  const breadcrumb = page.locator("main nav").filter({ has: page.locator('[aria-current="page"]') });
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(/[\u0600-\u06FF]/);
  await expect(breadcrumb.getByRole("link").nth(1)).toHaveText(/[\u0600-\u06FF]/);
});

test("a language choice posted from another site is refused", async ({ request }) => {
  const form = { locale: "ar", redirectTo: "/" };
  const crossSite = await request.post(`${GROCERY}/locale`, {
    form,
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(crossSite.headers()["set-cookie"]).toBeUndefined();

  // The same post from the shop's own pages goes through.
  const own = await request.post(`${GROCERY}/locale`, {
    form,
    headers: { origin: GROCERY },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
  expect(own.headers()["set-cookie"]).toContain("lang=ar");
});

test("the language follows Accept-Language when no choice was made", async ({ browser }) => {
  const context = await browser.newContext({ locale: "he-IL" });
  const page = await context.newPage();
  await page.goto(`${GROCERY}/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await context.close();
});

test.describe("drawer sides", () => {
  // Narrower than the desktop menu bar (so the menu button shows), wider than a drawer.
  test.use({ viewport: { width: 800, height: 740 } });

  for (const [locale, dir, menuSide, cartSide] of [
    ["en", "ltr", "left", "right"],
    ["ar", "rtl", "right", "left"],
  ] as const) {
    test(`in ${dir} the main menu opens on the ${menuSide} and the cart on the ${cartSide}`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: "lang", value: locale, url: GROCERY }]);
      await page.goto(`${GROCERY}/`);
      await hydrated(page);
      await expect(page.locator("html")).toHaveAttribute("dir", dir);

      await page.locator("[data-open-main-menu]").click();
      expect(await drawerEdge(page)).toBe(menuSide);
      await page.keyboard.press("Escape");

      await page.locator("[data-open-cart]").click();
      expect(await drawerEdge(page)).toBe(cartSide);
    });
  }
});

test("units read in the shopper's language; a unit the storefront does not know stays as the shop typed it", async ({
  browser,
  request,
}) => {
  // Twenty-four pages, three languages: more than the default allowance on a busy machine.
  test.slow();
  const { records } = await productsOf(request, "localhost", 100);
  const byUnit = (unit: string) => {
    const found = records.find((p) => p.unit === unit);
    if (!found) throw new Error(`no grocery product sold by "${unit}"`);
    return found;
  };
  const expected: [string, Record<"en" | "ar" | "he", string>][] = [
    ["500 g", { en: "500 g", ar: "500 غ", he: "500 גרם" }],
    ["1 kg", { en: "1 kg", ar: "1 كغ", he: "1 ק״ג" }],
    ["each", { en: "each", ar: "للقطعة", he: "ליחידה" }],
    ["PDF", { en: "PDF", ar: "PDF", he: "PDF" }],
  ];
  for (const locale of ["en", "ar", "he"] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.addCookies([{ name: "lang", value: locale, url: GROCERY }]);
    const page = await context.newPage();
    for (const [unit, said] of expected) {
      const product = byUnit(unit);
      await page.goto(`${GROCERY}/search?text=${encodeURIComponent(product.name)}`);
      await expect(
        page.locator(`[data-product-card="${product.id}"] [data-unit]`),
        `${locale} ${unit}`,
      ).toHaveText(said[locale]);
      await page.goto(`${GROCERY}/products/${product.id}`);
      await expect(page.locator("main [data-unit]").first(), `${locale} ${unit}`).toHaveText(said[locale]);
    }
    await context.close();
  }
});
