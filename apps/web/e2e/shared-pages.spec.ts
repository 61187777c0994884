import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type Category, type ProductInfo, STORAGE_KEYS } from "@stoa/contract";
import {
  apiCall,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  productInfoOf,
  productsOf,
  signIn,
  uniqueEmail,
} from "./support.ts";

const CACHE = "x-page-cache";

type Shopper = { context: BrowserContext; page: Page; firstName: string; email: string; token: string };

/**
 * A customer signed in through the storefront, who has put a product in the cart and saved one to
 * the wishlist: everything a page could leak to another shopper.
 */
async function customer(
  browser: import("@playwright/test").Browser,
  request: import("@playwright/test").APIRequestContext,
  firstName: string,
  productId: number,
): Promise<Shopper> {
  const email = uniqueEmail(firstName.toLowerCase());
  const password = "shared-pages-1";
  await createVerifiedAccount(request, "localhost", { email, password, firstName });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${GROCERY}/products/${productId}`);
  await hydrated(page);
  await signIn(page, email, password);
  await expect(page.locator("[data-open-account]")).toHaveAttribute("data-auth-status", "signed-in");
  await page.locator("[data-product-page] [data-add-to-cart]").first().click();
  await expect(page.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
  const heart = page.locator(`[data-product-page] [data-wishlist-heart="${productId}"]`);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  const token = (await context.cookies()).find((cookie) => cookie.name === STORAGE_KEYS.authToken)?.value;
  expect(token).toBeTruthy();
  return { context, page, firstName, email, token: token as string };
}

/** The HTML of a page as this shopper's browser gets it (its cookies), with the answer's headers. */
async function htmlFor(context: BrowserContext | null, path: string, fresh: Page["request"]) {
  const response = await (context ? context.request : fresh).get(`${GROCERY}${path}`);
  expect(response.status()).toBe(200);
  return { html: await response.text(), headers: response.headers() };
}

test("two customers and anonymous shoppers on one cached path: no name, cart, token or wishlist of one in another's page", async ({
  browser,
  request,
  page,
}) => {
  test.slow();
  const [product] = (await productsOf(request, "localhost", 1)).records;
  if (!product) throw new Error("the grocery shop has products");
  const path = `/products/${product.id}`;

  const ada = await customer(browser, request, "Adalinde", product.id);
  const bob = await customer(browser, request, "Bertrand", product.id);
  try {
    // An anonymous shopper asks first: the page is rendered for sharing; then both customers ask
    // for the same path, then another anonymous shopper. Journeys running beside this one may
    // change the shop's catalogue meanwhile (an order that sells a product out), and a changed
    // catalogue renders the page again: the round is repeated until none fell inside it.
    type Fetched = Awaited<ReturnType<typeof htmlFor>>;
    let first!: Fetched;
    let adaPage!: Fetched;
    let bobPage!: Fetched;
    let anonymous!: Fetched;
    await expect(async () => {
      first = await htmlFor(null, path, request);
      adaPage = await htmlFor(ada.context, path, request);
      bobPage = await htmlFor(bob.context, path, request);
      anonymous = await htmlFor(null, path, request);
      expect(anonymous.headers[CACHE]).toBe("hit");
      expect(anonymous.headers.etag).toBe(first.headers.etag);
    }).toPass({ timeout: 30_000 });
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);

    // Each customer's page is their own, rendered for them, and kept by no cache.
    for (const [who, other, mine] of [
      [ada, bob, adaPage],
      [bob, ada, bobPage],
    ] as const) {
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      expect(mine.headers[CACHE]).toBeUndefined();
      expect(mine.headers.etag).toBeUndefined();
      expect(mine.html).toContain(who.email);
      expect(mine.html).not.toContain(other.email);
      expect(mine.html).not.toContain(other.firstName);
      expect(mine.html).not.toContain(other.token);
      expect(mine.html).not.toContain(who.token);
    }

    // The shared page: served from the cache, the same bytes as before the customers came, and
    // nothing of theirs in it, nor anything of any shopper.
    for (const shopper of [ada, bob]) {
      expect(anonymous.html).not.toContain(shopper.email);
      expect(anonymous.html).not.toContain(shopper.firstName);
      expect(anonymous.html).not.toContain(shopper.token);
    }
    expect(anonymous.html).toContain('data-auth-status="signed-out"');
    expect(anonymous.html).toContain('data-cart-count="0"');
    // Every heart on the shared page is empty (pressed hearts say so before their product id).
    expect(anonymous.html).toMatch(/aria-pressed="false"[^>]*data-wishlist-heart=/);
    expect(anonymous.html).not.toMatch(/aria-pressed="true"[^>]*data-wishlist-heart=/);
    expect(anonymous.html).not.toMatch(/"auth":\{"status":"signed-in"/);

    // In a browser, the shared page comes to life (its policy names its inline scripts by hash),
    // and an anonymous shopper sees no one's cart or hearts.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // (A page rendered again after a catalogue change is the cache's by the next visit.)
    await expect(async () => {
      const shared = await page.goto(`${GROCERY}${path}`);
      expect(shared?.headers()[CACHE]).toBe("hit");
    }).toPass({ timeout: 30_000 });
    await hydrated(page);
    await expect(page.locator("[data-open-cart]")).toHaveAttribute("data-cart-count", "0");
    await expect(page.locator(`[data-wishlist-heart="${product.id}"]`).first()).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(errors.filter((error) => /Content Security Policy|hydrat/i.test(error))).toEqual([]);

    // The customers' own cart and hearts fill in on their pages after it loads.
    await ada.page.reload();
    await hydrated(ada.page);
    await expect(ada.page.locator("[data-open-cart]")).not.toHaveAttribute("data-cart-count", "0");
    await expect(
      ada.page.locator(`[data-product-page] [data-wishlist-heart="${product.id}"]`),
    ).toHaveAttribute("aria-pressed", "true");
  } finally {
    await ada.context.close();
    await bob.context.close();
  }
});

test("a shopper who revalidates a shared page gets 304, and each language has its own page", async ({
  request,
}) => {
  const first = await request.get(`${GROCERY}/`);
  const etag = first.headers().etag;
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await request.get(`${GROCERY}/`, { headers: { "if-none-match": etag as string } });
  expect(again.status()).toBe(304);

  const arabic = await request.get(`${GROCERY}/`, { headers: { "accept-language": "ar" } });
  const arabicHtml = await arabic.text();
  expect(arabicHtml).toContain('lang="ar"');
  expect(arabicHtml).toContain('dir="rtl"');
  expect(arabic.headers().etag).not.toBe(etag);
  expect(arabic.headers().vary).toContain("Accept-Language");
});

test("a shared page names no nonce that every shopper gets: its inline scripts are named by their hashes", async ({
  request,
}) => {
  const answers = [await request.get(`${GROCERY}/offers`), await request.get(`${GROCERY}/offers`)];
  for (const answer of answers) {
    const policy = answer.headers()["content-security-policy"] ?? "";
    expect(policy).not.toContain("'nonce-");
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  }
});

test("a form posted to a page that takes none answers 405 with the problem page in the shopper's language", async ({
  request,
}) => {
  for (const [path, language, title] of [
    ["/", "en", "This page takes no form"],
    ["/search?q=milk", "ar", "هذه الصفحة لا تستقبل نماذج"],
  ] as const) {
    const answer = await request.post(`${GROCERY}${path}`, {
      headers: { origin: GROCERY, "accept-language": language },
      form: { anything: "1" },
    });
    expect(answer.status()).toBe(405);
    expect(answer.headers().allow).toBe("GET, HEAD");
    expect(await answer.text()).toContain(title);
  }
});

test("staff change one product's price: its shared page shows it within a second, another product's page stays shared", async ({
  browser,
  request,
}) => {
  test.slow();
  // Two products whose categories, with every category above them, share nothing: neither is on
  // the other's page ("you may also like" is the best sellers of the product's categories).
  const tree = await apiCall<Category[]>(request, "localhost", "/api/storeProductCategory/search", {});
  const parentOf = new Map<number, number | null>();
  const walk = (nodes: Category[]) => {
    for (const node of nodes) {
      parentOf.set(node.id, node.parentId);
      walk(node.children);
    }
  };
  walk(tree);
  const rootOf = (id: number): number => {
    const parent = parentOf.get(id);
    return parent === null || parent === undefined ? id : rootOf(parent);
  };
  const candidates: ProductInfo[] = [];
  for (const { id } of (await productsOf(request, "localhost", 20)).records)
    candidates.push(await productInfoOf(request, "localhost", id));
  const roots = (product: ProductInfo) => new Set(product.categoryIds.map(rootOf));
  const edited = candidates.find((p) => p.categoryIds.length > 0 && p.variations.length === 0);
  if (!edited) throw new Error("no product to edit");
  const other = candidates.find(
    (p) => p.categoryIds.length > 0 && ![...roots(p)].some((root) => roots(edited).has(root)),
  );
  if (!other) throw new Error("no product in another part of the shop");

  // Both pages shared: asked until the second asking is the cache's.
  for (const product of [edited, other]) {
    await expect(async () => {
      await htmlFor(null, `/products/${product.id}`, request);
      expect((await htmlFor(null, `/products/${product.id}`, request)).headers[CACHE]).toBe("hit");
    }).toPass({ timeout: 30_000 });
  }
  const otherBefore = await htmlFor(null, `/products/${other.id}`, request);

  // The owner changes the price in the console.
  const staff = await browser.newPage();
  await staff.goto(`${GROCERY}/staff/login`);
  await staff.locator("#staff-email").fill("staff@stoa.test");
  await staff.locator("#staff-password").fill("stoa-staff-demo");
  await staff.locator("[data-staff-login] button[type=submit]").click();
  await expect(staff.locator("[data-staff-shell]")).toBeVisible();
  const setPrice = async (text: string) => {
    await staff.goto(`${GROCERY}/staff/products/${edited.id}`);
    await staff.locator("[data-staff-product-form]").getByLabel("Price (USD)", { exact: true }).fill(text);
    await staff.locator("[data-staff-product-form]").getByRole("button", { name: "Save changes" }).click();
    await expect(staff.locator("[data-form-done]")).toHaveText("Saved.");
  };
  const newPrice = edited.price + 111;
  await setPrice((newPrice / 100).toFixed(2));
  try {
    const shopper = await browser.newPage();
    // Within the storefront's freshness window (a second), the page is rendered again with it
    // (the first shopper after the change may still get the page it supersedes, marked stale,
    // while the new one renders in the background).
    await expect(async () => {
      const response = await shopper.goto(`${GROCERY}/products/${edited.id}`);
      expect(["miss", "hit"]).toContain(response?.headers()[CACHE]);
      await expect(shopper.locator("[data-product-page]")).toContainText(`$${(newPrice / 100).toFixed(2)}`, {
        timeout: 100,
      });
    }).toPass({ timeout: 5_000 });
    await shopper.close();
    // The other product's page was not rendered again: the very same page, from the cache.
    const otherAfter = await htmlFor(null, `/products/${other.id}`, request);
    expect(otherAfter.headers[CACHE]).toBe("hit");
    expect(otherAfter.headers.etag).toBe(otherBefore.headers.etag);
  } finally {
    await setPrice((edited.price / 100).toFixed(2));
    await staff.close();
  }
});
