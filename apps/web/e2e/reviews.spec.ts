import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  type DeliverySchedule,
  type PlacedOrder,
  type ProductSummary,
  type ReviewPage,
  STORAGE_KEYS,
} from "@stoa/contract";
import { photo } from "./photo.ts";
import {
  API,
  apiData as api,
  createVerifiedAccount,
  GROCERY,
  hydrated,
  openModal,
  productsOf,
  uniqueEmail,
} from "./support.ts";

/*
 * A buyer reviews a product with photos once the order is delivered, the product page shows the
 * review with the stars updated, another shopper opens its photos and reports one, and staff hide
 * the review in the console: in English on a desktop, and in Arabic on a 360 px phone.
 */

const DOMAIN = "localhost";
const PASSWORD = "reviews-journey-1";
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the reviews pages there. */
const SHOTS = process.env.REVIEW_SCREENSHOTS;

let products: ProductSummary[] = [];
let pickupPoint = 0;
let staffToken = "";

test.beforeAll(async ({ request }) => {
  const { records } = await productsOf(request, DOMAIN, 30);
  products = records.filter((p) => !p.hasVariations && !p.hasOptions && p.stock > 50 && !p.isDigital);
  expect(products.length).toBeGreaterThan(3);
  const options = await api<{ pickupPoints: { id: number }[] }>(
    request,
    "/api/storeDeliveryByPost/query/storeCustomer",
    {},
  );
  pickupPoint = options.pickupPoints[0]?.id ?? 0;
  staffToken = (await api<{ token: string }>(request, "/api/staff/login", STAFF)).token;
  // Reviews show at once in these journeys: the shop does not check them first.
  await api(
    request,
    "/api/staff/reviews/settings/save",
    { moderateFirst: false, buyersMayAnswer: true, requestEmail: true, requestDelayDays: 5 },
    staffToken,
  );
});

async function shopperToken(
  request: APIRequestContext,
  who: string,
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(who);
  await createVerifiedAccount(request, DOMAIN, { email, password: PASSWORD, firstName: who });
  const { token } = await api<{ token: string }>(request, "/api/auth/login/store-customer/email", {
    userEmail: email,
    password: PASSWORD,
  });
  return { email, token };
}

async function browserFor(browser: Browser, token: string, locale: "en" | "ar", width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: STORAGE_KEYS.authToken, value: token, domain: "localhost", path: "/" },
    { name: "lang", value: locale, url: GROCERY },
  ]);
  return context;
}

/** A pickup order of one product, paid in cash, placed and then delivered by the shop. */
async function deliveredOrder(
  request: APIRequestContext,
  token: string,
  email: string,
  product: ProductSummary,
) {
  const schedule = await api<DeliverySchedule>(request, "/api/storeDeliverySchedule/query/storeCustomer", {
    delivery_type: "pickup",
  });
  const window = schedule.days.flatMap((day) => day.windows).find((w) => w.available);
  if (!window) throw new Error("the grocery has no pickup time to choose");
  const { order } = await api<PlacedOrder>(
    request,
    "/api/storeOrder/create",
    {
      products: [{ productId: product.id, quantity: 1 }],
      delivery_type: "pickup",
      pickupOption: pickupPoint,
      delivery_time: { start: window.start, end: window.end },
      payment_gateway: "cash",
      customer_name: "Review Journey",
      customer_contact: email,
    },
    token,
  );
  for (const action of ["confirm", "startPreparing", "readyForPickup", "deliver"])
    await api(request, "/api/staff/orders/move", { orderId: order.id, action }, staffToken);
  return order;
}

async function reviewCount(request: APIRequestContext, productId: number): Promise<number> {
  const response = await request.get(`${API}/api/storeProductReview/list/${productId}`, {
    headers: { "store-domain": DOMAIN },
  });
  return ((await response.json()) as { data: ReviewPage }).data.summary.count;
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The console's moderation queue, signed in as the shop's staff, on one of its lists. */
async function staffQueue(browser: Browser, list: "reports" | "hidden-questions", width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
  // The console's menu leads to the queue.
  await page.goto(`${GROCERY}/staff/reviews?list=${list}`);
  return { context, page };
}

/** The ids of a product's questions as shoppers see them (answered and not hidden), newest first. */
async function questionIds(request: APIRequestContext, productId: number): Promise<number[]> {
  const response = await request.get(`${API}/api/storeProductQuestion/list/${productId}`, {
    headers: { "store-domain": DOMAIN },
  });
  return ((await response.json()) as { data: { records: { id: number }[] } }).data.records.map((q) => q.id);
}

test("en, desktop: a buyer reviews with photos after delivery, another shopper reports a photo, staff hide the review", async ({
  browser,
  request,
}) => {
  test.slow();
  const product = products[0] as ProductSummary;
  const before = await reviewCount(request, product.id);
  const buyer = await shopperToken(request, "Dana");
  const order = await deliveredOrder(request, buyer.token, buyer.email, product);

  // The delivered order offers the review; REVIEW_RATING opens over it.
  const buyerContext = await browserFor(browser, buyer.token, "en", 1280);
  const page = await buyerContext.newPage();
  await page.goto(`${GROCERY}/orders/${order.id}`);
  await hydrated(page);
  const write = page.locator(`[data-order-line] [data-line-review="write"]`).first();
  await expect(write).toHaveText(/Write a review/);
  await write.click();
  const modal = openModal(page);
  await expect(modal).toHaveAttribute("data-modal-view", "REVIEW_RATING");

  // Sent without stars, the form says what is missing and keeps what was typed.
  await modal.getByLabel("Title (optional)").fill("Fresh and crisp");
  await modal.getByRole("button", { name: "Post review" }).click();
  await expect(modal.locator("[data-star-choice] [data-field-error]")).toBeVisible();
  await expect(modal.getByLabel("Title (optional)")).toHaveValue("Fresh and crisp");

  // The stars are a radio group the keyboard moves through.
  await modal.locator('[data-star-choice] input[value="3"]').focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(modal.locator('[data-star-choice] input[value="5"]')).toBeChecked();
  await modal.getByLabel("Your review (optional)").fill("Arrived <b>perfect</b>, we will buy again.");
  await modal.locator("[data-photo-input]").setInputFiles([
    { name: "basket.jpg", mimeType: "image/jpeg", buffer: await photo(40) },
    { name: "close-up.jpg", mimeType: "image/jpeg", buffer: await photo(200) },
  ]);
  await expect(modal.locator("[data-photo-kept]")).toHaveCount(2, { timeout: 20_000 });
  await shoot(page, "review-modal-en");
  await modal.getByRole("button", { name: "Post review" }).click();
  await expect(page.getByText("Thank you! Your review is published.")).toBeVisible();
  await expect(openModal(page)).toHaveCount(0);
  await expect(page.locator('[data-line-review="edit"]').first()).toHaveText(/Edit your review/);

  // The product page shows it, as plain text, with the count and stars updated.
  await page.goto(`${GROCERY}/products/${product.id}#reviews`);
  await expect(page.locator("[data-reviews]")).toHaveAttribute("data-reviews", String(before + 1));
  const review = page.locator("[data-review]", { hasText: "Fresh and crisp" });
  await expect(review.locator("[data-review-text]")).toHaveText("Arrived <b>perfect</b>, we will buy again.");
  await expect(review.locator("[data-verified-purchase]")).toBeVisible();
  await expect(review.locator("[data-review-photo]")).toHaveCount(2);
  await expect(page.locator("[data-product-rating]")).toBeVisible();
  const reviewId = Number(await review.getAttribute("data-review"));
  const ld = await page.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(ld ?? "{}").aggregateRating.reviewCount).toBe(before + 1);
  await buyerContext.close();

  // Another shopper opens the photos large, walks them by keyboard and reports one.
  const other = await shopperToken(request, "Omar");
  const otherContext = await browserFor(browser, other.token, "en", 1280);
  const shopper = await otherContext.newPage();
  await shopper.goto(`${GROCERY}/products/${product.id}#reviews`);
  await hydrated(shopper);
  const thumb = shopper.locator(`[data-review="${reviewId}"] [data-review-photo]`).first();
  await thumb.click();
  const popover = openModal(shopper);
  await expect(popover).toHaveAttribute("data-modal-view", "REVIEW_IMAGE_POPOVER");
  await expect(popover.locator("[data-popover-position]")).toHaveAttribute("data-popover-position", "1");
  await shopper.keyboard.press("ArrowRight");
  await expect(popover.locator("[data-popover-position]")).toHaveAttribute("data-popover-position", "2");
  await shopper.keyboard.press("ArrowLeft");
  await expect(popover.locator("[data-popover-position]")).toHaveAttribute("data-popover-position", "1");
  // The photo itself shows, large.
  await expect
    .poll(() =>
      popover.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await shoot(shopper, "review-popover-en");
  await shopper.keyboard.press("Escape");
  await expect(openModal(shopper)).toHaveCount(0);
  await expect(thumb).toBeFocused();
  await thumb.click();
  await openModal(shopper).getByRole("link", { name: "Report this photo" }).click();
  const report = openModal(shopper);
  await expect(report).toHaveAttribute("data-modal-view", "ABUSE_REPORT");
  await report.getByLabel("Shows personal information").check();
  await report.getByLabel("Anything to add? (optional)").fill("A house number is readable.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(shopper.getByText("Thank you. The shop will look at it.")).toBeVisible();
  await otherContext.close();

  // Staff find the report in the queue, then hide the review with a reason.
  const staff = await staffQueue(browser, "reports", 1280);
  const reportCard = staff.page.locator(`[data-staff-report][data-report-review="${reviewId}"]`, {
    hasText: "A house number is readable.",
  });
  await expect(reportCard).toBeVisible();
  await shoot(staff.page, "staff-queue-reports-en");
  await staff.page.goto(`${GROCERY}/staff/reviews?list=reported`);
  const card = staff.page.locator(`[data-staff-review="${reviewId}"]`);
  await expect(card).toBeVisible();
  await card.getByLabel("Reason").selectOption("personalInfo");
  await card.getByRole("button", { name: "Hide review" }).click();
  await expect(staff.page.locator("[data-form-done]")).toHaveText("The review is hidden.");
  await staff.context.close();

  // The shop's page no longer shows it, and the stars are back to what they were.
  await expect.poll(() => reviewCount(request, product.id)).toBe(before);
});

test("ar, 360 px: the review page works as a plain form, the review shows right to left, a shopper reports it, staff hide it", async ({
  browser,
  request,
}) => {
  test.slow();
  const product = products[1] as ProductSummary;
  const before = await reviewCount(request, product.id);
  const buyer = await shopperToken(request, "Layla");
  await deliveredOrder(request, buyer.token, buyer.email, product);

  // Without scripts the review is a page with a plain multipart form.
  const plain = await browser.newContext({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });
  await plain.addCookies([
    { name: STORAGE_KEYS.authToken, value: buyer.token, domain: "localhost", path: "/" },
    { name: "lang", value: "ar", url: GROCERY },
  ]);
  const form = await plain.newPage();
  await form.goto(`${GROCERY}/products/${product.id}/review`);
  await expect(form.locator("html")).toHaveAttribute("dir", "rtl");
  await form.getByLabel("العنوان (اختياري)").fill("طازج وممتاز");
  await form.getByLabel("مراجعتك (اختياري)").fill("وصل بحالة رائعة، سأشتريه مرة أخرى.");
  // No stars chosen: the page comes back with the error and everything typed still there.
  await form.getByRole("button", { name: "انشر المراجعة" }).click();
  await expect(form.locator("[data-star-choice] [data-field-error]")).toBeVisible();
  await expect(form.getByLabel("العنوان (اختياري)")).toHaveValue("طازج وممتاز");
  await expect(form.getByLabel("مراجعتك (اختياري)")).toHaveValue("وصل بحالة رائعة، سأشتريه مرة أخرى.");
  await form.locator('[data-star-choice] label[data-star="4"]').click();
  await form
    .locator("[data-photo-input]")
    .setInputFiles({ name: "salad.jpg", mimeType: "image/jpeg", buffer: await photo(90) });
  await shoot(form, "review-page-ar-360");
  await form.getByRole("button", { name: "انشر المراجعة" }).click();
  await expect(form).toHaveURL(new RegExp(`/products/${product.id}(#reviews)?$`));
  const review = form.locator("[data-review]", { hasText: "طازج وممتاز" });
  await expect(review).toBeVisible();
  await expect(review.locator("[data-review-photo]")).toHaveCount(1);
  await expect(form.locator("[data-reviews]")).toHaveAttribute("data-reviews", String(before + 1));
  const overflow = await form.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the product page fits a 360 px phone").toBeLessThanOrEqual(0);
  await shoot(form, "product-reviews-ar-360");
  const reviewId = Number(await review.getAttribute("data-review"));
  await plain.close();

  // Another shopper reports the review itself.
  const other = await shopperToken(request, "Sami");
  const otherContext = await browserFor(browser, other.token, "ar", 360);
  const shopper = await otherContext.newPage();
  await shopper.goto(`${GROCERY}/products/${product.id}#reviews`);
  await hydrated(shopper);
  await shopper.locator(`[data-review="${reviewId}"] [data-report="review-${reviewId}"]`).click();
  const report = openModal(shopper);
  await expect(report).toHaveAttribute("data-modal-view", "ABUSE_REPORT");
  await report.getByLabel("مزيف أو مضلل").check();
  await report.getByRole("button", { name: "أرسل البلاغ" }).click();
  await expect(shopper.getByText("شكرًا لك. سيطّلع المتجر على الأمر.")).toBeVisible();
  if (SHOTS) {
    await shopper.setViewportSize({ width: 1280, height: 900 });
    await shopper.locator("#reviews").scrollIntoViewIfNeeded();
    await shoot(shopper, "product-reviews-ar-desktop");
  }
  await otherContext.close();

  // Staff, on a phone, uphold the report: the review is hidden.
  const staff = await staffQueue(browser, "reports", 360);
  const card = staff.page.locator(`[data-staff-report][data-report-review="${reviewId}"]`).first();
  await expect(card).toBeVisible();
  await shoot(staff.page, "staff-queue-360");
  await card.getByRole("button", { name: "Hide what was reported" }).click();
  await expect(staff.page.locator("[data-form-done]")).toBeVisible();
  await staff.context.close();
  await expect.poll(() => reviewCount(request, product.id)).toBe(before);
});

test("staff show again a question they hid, from the console's hidden questions: en on a desktop, ar at 360 px", async ({
  browser,
  request,
}) => {
  const product = products[2] as ProductSummary;
  const asker = await shopperToken(request, "Noa");
  /** A question of the shopper's, answered by the shop, then hidden by staff. */
  const hiddenQuestion = async (text: string) => {
    const asked = await api<{ id: number }>(
      request,
      "/api/storeProductQuestion/ask",
      { productId: product.id, text },
      asker.token,
    );
    await api(
      request,
      "/api/staff/questions/answer",
      { questionId: asked.id, text: "Yes, up to ten days." },
      staffToken,
    );
    await api(
      request,
      "/api/staff/questions/decide",
      { questionId: asked.id, decision: "hide", reason: "offTopic" },
      staffToken,
    );
    return asked.id;
  };
  const questionId = await hiddenQuestion("Does it keep in the fridge for a week?");
  const stillHidden = await hiddenQuestion("هل يمكن تجميده؟");
  expect(await questionIds(request, product.id)).not.toContain(questionId);

  // The hidden question waits in its own list, to be shown again only (not answered while hidden).
  const staff = await staffQueue(browser, "hidden-questions", 1280);
  await expect(staff.page.locator('[data-queue-list="hidden-questions"]')).toHaveAttribute(
    "aria-current",
    "page",
  );
  const card = staff.page.locator(`[data-staff-question="${questionId}"]`);
  await expect(card).toHaveAttribute("data-question-state", "hidden");
  await expect(card.locator("[data-answer-question]")).toHaveCount(0);
  await shoot(staff.page, "staff-hidden-questions-en");
  await card.getByRole("button", { name: "Show question" }).click();
  await expect(staff.page.locator("[data-form-done]")).toHaveText("The question shows again.");
  await expect(card).toHaveCount(0);
  await expect(staff.page.locator(`[data-staff-question="${stillHidden}"]`)).toBeVisible();
  await staff.context.close();

  // Shown again as it was: answered, on the product page.
  await expect.poll(() => questionIds(request, product.id)).toContain(questionId);
  expect(await questionIds(request, product.id)).not.toContain(stillHidden);

  // On a phone in Arabic the list reads right to left and fits the screen.
  const phone = await staffQueue(browser, "hidden-questions", 360);
  await phone.context.addCookies([{ name: "lang", value: "ar", url: GROCERY }]);
  await phone.page.reload();
  await expect(phone.page.locator("html")).toHaveAttribute("dir", "rtl");
  const other = phone.page.locator(`[data-staff-question="${stillHidden}"]`);
  await expect(other.getByRole("button", { name: "أظهر السؤال" })).toBeVisible();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(phone.page, "staff-hidden-questions-ar-360");
  await phone.context.close();
});
