import { ABUSE_REPORTS_TO_HIDE, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, inbox } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { buyer, orderOf } from "../test/review-buyers.ts";
import { openShop, type Shop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { sendReviewRequests } from "./requests.ts";
import { REVIEW_THROTTLES } from "./service.ts";
import { productRatings } from "./tables.ts";

const review = (productId: number, rating: number, extra: Record<string, unknown> = {}) => ({
  productId,
  rating,
  ...extra,
});

describe("writing a review", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });

  it("a customer who received the product reviews it; it shows with the rating on the product and its card", async () => {
    const dana = await buyer(shop, shop.apple);
    const mine = await dana.as("GET", `/api/storeProductReview/mine/${shop.apple}`);
    expect(mine.json.data).toMatchObject({ review: null, mayReview: true, refusal: null, mayAnswer: true });
    const saved = await dana.as(
      "POST",
      "/api/storeProductReview/save",
      review(shop.apple, 4, { title: "Crisp", text: "<b>Sweet</b> & crisp" }),
      "ar",
    );
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({
      rating: 4,
      state: "published",
      language: "ar",
      text: "<b>Sweet</b> & crisp",
      verifiedPurchase: true,
      authorName: "Dana L.",
    });
    const api = client(shop.domain);
    const list = await api("GET", `/api/storeProductReview/list/${shop.apple}`);
    expect(list.json.data.summary).toEqual({
      productId: shop.apple,
      average: 4,
      count: 1,
      spread: [0, 0, 0, 1, 0],
    });
    expect(list.json.data.records[0].text).toBe("<b>Sweet</b> & crisp");
    const info = await api("GET", `/api/storeProduct/productInfo/${shop.apple}`);
    expect(info.json.data.rating).toEqual({ average: 4, count: 1 });
    const search = await api("POST", "/api/storeProduct/search", { body: {} });
    const card = search.json.data.records.find((p: { id: number }) => p.id === shop.apple);
    expect(card.rating).toEqual({ average: 4, count: 1 });
    const filtered = await api("POST", "/api/storeProduct/search", { body: { minRating: 4.5 } });
    expect(filtered.json.data.records.map((p: { id: number }) => p.id)).not.toContain(shop.apple);
    const kept = await api("POST", "/api/storeProduct/search", { body: { minRating: 4 } });
    expect(kept.json.data.records.map((p: { id: number }) => p.id)).toEqual([shop.apple]);

    // A second review is an edit: refused without the review's id, moved with it.
    const twice = await dana.as("POST", "/api/storeProductReview/save", review(shop.apple, 2));
    expectError(twice, "REVIEW_ALREADY_WRITTEN");
    expect(twice.json.data.reviewId).toBe(saved.json.data.id);
    const edited = await dana.as(
      "POST",
      "/api/storeProductReview/save",
      review(shop.apple, 2, { reviewId: saved.json.data.id }),
    );
    expect(edited.json.data).toMatchObject({ rating: 2, state: "published" });
    expect(edited.json.data.editedAt).not.toBeNull();
    const after = await api("GET", `/api/storeProductReview/summary/${shop.apple}`);
    expect(after.json.data).toEqual({ productId: shop.apple, average: 2, count: 1, spread: [0, 1, 0, 0, 0] });

    // Deleting it takes it out of the figures at once.
    const deleted = await dana.as("POST", "/api/storeProductReview/delete", { reviewId: saved.json.data.id });
    expect(deleted.json.data).toEqual({ deleted: true });
    const none = await api("GET", `/api/storeProductReview/summary/${shop.apple}`);
    expect(none.json.data).toMatchObject({ average: null, count: 0 });
  });

  it("refuses one who never bought it, one whose order has not arrived, another shop's product, guests and no token", async () => {
    const never = await buyer(shop, null);
    expectError(
      await never.as("POST", "/api/storeProductReview/save", review(shop.tee.id, 5)),
      "REVIEW_NOT_BOUGHT",
    );
    expect((await never.as("GET", `/api/storeProductReview/mine/${shop.tee.id}`)).json.data).toMatchObject({
      mayReview: false,
      refusal: "notBought",
    });
    const waiting = await buyer(shop, shop.tee.id, "shipped");
    expectError(
      await waiting.as("POST", "/api/storeProductReview/save", review(shop.tee.id, 5)),
      "REVIEW_NOT_RECEIVED",
    );
    const other = await openShop();
    expectError(
      await waiting.as("POST", "/api/storeProductReview/save", review(other.apple, 5)),
      "PRODUCT_NOT_FOUND",
    );
    const api = client(shop.domain);
    expectError(
      await api("POST", "/api/storeProductReview/save", { body: review(shop.tee.id, 5) }),
      "UNAUTHORIZED",
    );
    const guest = await api("POST", "/api/auth/login/guest", {});
    if (guest.status === 200) {
      expectError(
        await api("POST", "/api/storeProductReview/save", {
          token: guest.json.data.token,
          body: review(shop.tee.id, 5),
        }),
        "REVIEW_SIGN_IN",
      );
    }
    const bad = await waiting.as("POST", "/api/storeProductReview/save", review(shop.tee.id, 6));
    expectError(bad, "INVALID_INPUT");
  });

  it("a download delivered counts as received", async () => {
    const reader = await buyer(shop, null);
    await orderOf(shop, reader.userId, shop.giftCard, "delivered", true);
    const saved = await reader.as("POST", "/api/storeProductReview/save", review(shop.giftCard, 5));
    expect(saved.json.data.state).toBe("published");
  });

  it("another customer cannot delete someone's review", async () => {
    const a = await buyer(shop, shop.apple);
    const saved = await a.as("POST", "/api/storeProductReview/save", review(shop.apple, 5));
    const b = await buyer(shop, shop.apple);
    expectError(
      await b.as("POST", "/api/storeProductReview/delete", { reviewId: saved.json.data.id }),
      "REVIEW_NOT_FOUND",
    );
  });
});

describe("a product's reviews page", () => {
  it("sorts by stars either way and lists only the stars asked, counted as the spread counts them", async () => {
    const shop = await openShop();
    for (const rating of [5, 2, 5, 4]) {
      const someone = await buyer(shop, shop.apple);
      expect(
        (await someone.as("POST", "/api/storeProductReview/save", review(shop.apple, rating))).status,
      ).toBe(200);
    }
    const api = client(shop.domain);
    const list = (query: Record<string, string | number>) =>
      api("GET", `/api/storeProductReview/list/${shop.apple}`, { query });
    const stars = async (query: Record<string, string | number>) =>
      (await list(query)).json.data.records.map((r: { rating: number }) => r.rating);
    expect(await stars({ sort: "highest" })).toEqual([5, 5, 4, 2]);
    expect(await stars({ sort: "lowest" })).toEqual([2, 4, 5, 5]);
    const fives = await list({ rating: 5 });
    expect(fives.json.data.records.map((r: { rating: number }) => r.rating)).toEqual([5, 5]);
    expect(fives.json.data.total).toBe(2);
    expect(fives.json.data.summary.count).toBe(4);
    expect((await list({ rating: 3 })).json.data).toMatchObject({ records: [], total: 0, last_page: 1 });
    expectError(await list({ rating: 6 }), "INVALID_INPUT");
  });
});

describe("a double click", () => {
  it("saves one review; the second first save is told the review is written, with its id", async () => {
    const shop = await openShop();
    const dana = await buyer(shop, shop.apple);
    const [a, b] = await Promise.all([
      dana.as("POST", "/api/storeProductReview/save", review(shop.apple, 5)),
      dana.as("POST", "/api/storeProductReview/save", review(shop.apple, 5)),
    ]);
    const saved = [a, b].find((r) => r.status === 200);
    const refused = [a, b].find((r) => r.status !== 200);
    expect(saved).toBeDefined();
    expect(refused).toBeDefined();
    if (refused) expectError(refused, "REVIEW_ALREADY_WRITTEN");
    expect(refused?.json.data.reviewId).toBe(saved?.json.data.id);
    const list = await client(shop.domain)("GET", `/api/storeProductReview/list/${shop.apple}`);
    expect(list.json.data.summary.count).toBe(1);
  });
});

describe("moderation", () => {
  it("holds reviews when the shop moderates first, and the same text on several products; staff publish them", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const settings = { moderateFirst: true, buyersMayAnswer: false, requestEmail: true, requestDelayDays: 3 };
    expect((await owner.as("/api/staff/reviews/settings/save", settings)).json.data).toEqual(settings);
    const dana = await buyer(shop, shop.apple);
    const held = await dana.as(
      "POST",
      "/api/storeProductReview/save",
      review(shop.apple, 5, { text: "Lovely" }),
    );
    expect(held.json.data.state).toBe("pending");
    const api = client(shop.domain);
    expect((await api("GET", `/api/storeProductReview/list/${shop.apple}`)).json.data.records).toEqual([]);
    const queue = await owner.as("/api/staff/reviews/list", { state: "pending" });
    expect(queue.json.data.records[0]).toMatchObject({ id: held.json.data.id, holdReason: "moderation" });
    const kitchen = await owner.member("kitchen");
    expectError(
      await owner.as("/api/staff/reviews/list", { state: "pending" }, kitchen),
      "STAFF_ROLE_FORBIDDEN",
    );
    const published = await owner.as("/api/staff/reviews/decide", {
      reviewId: held.json.data.id,
      decision: "publish",
    });
    expect(published.json.data.state).toBe("published");
    expect((await api("GET", `/api/storeProductReview/list/${shop.apple}`)).json.data.summary.count).toBe(1);
    const replied = await owner.as("/api/staff/reviews/reply", {
      reviewId: held.json.data.id,
      text: "Thank you!",
    });
    expect(replied.json.data.reply.text).toBe("Thank you!");

    await owner.as("/api/staff/reviews/settings/save", { ...settings, moderateFirst: false });
    const spam = "Best shop in town, buy everything here now!";
    const first = await dana.as(
      "POST",
      "/api/storeProductReview/save",
      review(shop.apple, 5, { reviewId: held.json.data.id, text: spam }),
    );
    expect(first.json.data.state).toBe("published");
    await orderOf(shop, dana.userId, shop.tee.id);
    const second = await dana.as(
      "POST",
      "/api/storeProductReview/save",
      review(shop.tee.id, 5, { text: `${spam.toUpperCase()}  ` }),
    );
    expect(second.json.data.state).toBe("pending");
    const staffView = await owner.as("/api/staff/reviews/list", { state: "pending" });
    expect(staffView.json.data.records[0]).toMatchObject({
      id: second.json.data.id,
      holdReason: "repeatedText",
    });
    const hidden = await owner.as("/api/staff/reviews/decide", {
      reviewId: first.json.data.id,
      decision: "hide",
      reason: "spam",
    });
    expect(hidden.json.data).toMatchObject({ state: "hidden", moderationReason: "spam" });
    expect((await api("GET", `/api/storeProductReview/summary/${shop.apple}`)).json.data.count).toBe(0);
    expectError(
      await owner.as("/api/staff/reviews/decide", { reviewId: first.json.data.id, decision: "hide" }),
      "INVALID_INPUT",
    );
    const other = await openShop();
    const otherOwner = await shopOwner(other);
    expectError(
      await otherOwner.as("/api/staff/reviews/decide", { reviewId: first.json.data.id, decision: "publish" }),
      "REVIEW_NOT_FOUND",
    );
  });

  it("a review reported by several different shoppers is hidden until staff decide; one shopper's storm counts once", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const writer = await buyer(shop, shop.apple);
    const saved = await writer.as(
      "POST",
      "/api/storeProductReview/save",
      review(shop.apple, 1, { text: "Bad" }),
    );
    const reviewId = saved.json.data.id as number;
    const api = client(shop.domain);
    const report = { target: "review", targetId: reviewId, reason: "offensive", text: "rude" };
    const stormer = await buyer(shop, null);
    for (let i = 0; i < 5; i += 1)
      expect((await stormer.as("POST", "/api/storeAbuseReport/create", report)).json.data).toEqual({
        reported: true,
      });
    expect((await api("GET", `/api/storeProductReview/list/${shop.apple}`)).json.data.records).toHaveLength(
      1,
    );
    for (let i = 1; i < ABUSE_REPORTS_TO_HIDE; i += 1) {
      const other = await buyer(shop, null);
      await other.as("POST", "/api/storeAbuseReport/create", report);
    }
    const page = (await api("GET", `/api/storeProductReview/list/${shop.apple}`)).json.data;
    expect(page.records).toEqual([]);
    expect(page.summary.count).toBe(0);
    const late = await buyer(shop, null);
    expectError(await late.as("POST", "/api/storeAbuseReport/create", report), "REPORT_TARGET_NOT_FOUND");
    const reports = await owner.as("/api/staff/reviews/reports", { state: "open" });
    expect(reports.json.data.total).toBe(ABUSE_REPORTS_TO_HIDE);
    expect(reports.json.data.records[0]).toMatchObject({ reviewId, targetHidden: true, excerpt: "Bad" });
    const dismissed = await owner.as("/api/staff/reviews/reports/decide", {
      reportId: reports.json.data.records[0].id,
      decision: "dismiss",
    });
    expect(dismissed.json.data).toEqual({ closed: ABUSE_REPORTS_TO_HIDE, targetHidden: false });
    expect((await api("GET", `/api/storeProductReview/summary/${shop.apple}`)).json.data.count).toBe(1);
    expectError(
      await owner.as("/api/staff/reviews/reports/decide", {
        reportId: reports.json.data.records[0].id,
        decision: "uphold",
      }),
      "REPORT_DECIDED",
    );
    const counts = await owner.as("/api/staff/reviews/ratings", {});
    expect(counts.json.data.records[0]).toMatchObject({ count: 1, average: 1 });
  });
});

describe("photos", () => {
  it("are re-encoded without their metadata (no GPS), refused when not pictures, and only the uploader's", async () => {
    const shop = await openShop();
    const dana = await buyer(shop, shop.apple);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .jpeg()
      .withExif({
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "32/1 4/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "34/1 46/1 0/1",
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const up = await dana.as("POST", "/api/storeProductReview/photo/upload", {
      image: jpeg.toString("base64"),
      contentType: "image/jpeg",
    });
    expect(up.status).toBe(200);
    expect(up.json.data).toMatchObject({ width: 40, height: 30 });
    const served = await client(shop.domain)("GET", up.json.data.url);
    expect(served.status).toBe(200);
    const kept = await fetchBytes(shop, up.json.data.url);
    const meta = await sharp(kept).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();

    const notPicture = await dana.as("POST", "/api/storeProductReview/photo/upload", {
      image: Buffer.from("<svg onload=alert(1)>").toString("base64"),
      contentType: "image/png",
    });
    expectError(notPicture, "REVIEW_PHOTO_UNREADABLE");

    const other = await buyer(shop, shop.apple);
    expectError(
      await other.as(
        "POST",
        "/api/storeProductReview/save",
        review(shop.apple, 5, { photoIds: [up.json.data.id] }),
      ),
      "REVIEW_PHOTO_UNKNOWN",
    );
    const saved = await dana.as(
      "POST",
      "/api/storeProductReview/save",
      review(shop.apple, 5, { photoIds: [up.json.data.id] }),
    );
    expect(saved.json.data.photos).toEqual([up.json.data]);
    const withPhotos = await client(shop.domain)("GET", `/api/storeProductReview/list/${shop.apple}`, {
      query: { sort: "withPhotos" },
    });
    expect(withPhotos.json.data.records[0].photos).toHaveLength(1);
  });
});

async function fetchBytes(shop: Shop, url: string): Promise<Buffer> {
  const { app } = await testHarness();
  const response = await app.request(url, { headers: { [STORE_DOMAIN_HEADER]: shop.domain } });
  return Buffer.from(await response.arrayBuffer());
}

describe("questions", () => {
  it("are shown once answered, by staff or a buyer where the shop allows", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const asker = await buyer(shop, null);
    const asked = await asker.as(
      "POST",
      "/api/storeProductQuestion/ask",
      { productId: shop.apple, text: "Are they organic?" },
      "he",
    );
    expect(asked.json.data).toMatchObject({ state: "open", language: "he", answers: [] });
    const api = client(shop.domain);
    expect((await api("GET", `/api/storeProductQuestion/list/${shop.apple}`)).json.data.records).toEqual([]);
    const open = await owner.as("/api/staff/questions/list", { state: "open" });
    expect(open.json.data.records[0].id).toBe(asked.json.data.id);
    const answered = await owner.as("/api/staff/questions/answer", {
      questionId: asked.json.data.id,
      text: "Yes",
    });
    expect(answered.json.data).toMatchObject({ state: "answered" });
    const shown = await api("GET", `/api/storeProductQuestion/list/${shop.apple}`);
    expect(shown.json.data.records[0].answers[0]).toMatchObject({ text: "Yes", byStaff: true });

    const stranger = await buyer(shop, null);
    expectError(
      await stranger.as("POST", "/api/storeProductQuestion/answer", {
        questionId: asked.json.data.id,
        text: "No idea",
      }),
      "ANSWER_NOT_ALLOWED",
    );
    const received = await buyer(shop, shop.apple);
    const byBuyer = await received.as("POST", "/api/storeProductQuestion/answer", {
      questionId: asked.json.data.id,
      text: "Tasty",
    });
    expect(byBuyer.json.data.answers).toHaveLength(2);
    await owner.as("/api/staff/reviews/settings/save", {
      moderateFirst: false,
      buyersMayAnswer: false,
      requestEmail: false,
      requestDelayDays: 5,
    });
    expectError(
      await received.as("POST", "/api/storeProductQuestion/answer", {
        questionId: asked.json.data.id,
        text: "Again",
      }),
      "ANSWER_NOT_ALLOWED",
    );
    const hidden = await owner.as("/api/staff/questions/decide", {
      questionId: asked.json.data.id,
      decision: "hide",
      reason: "offTopic",
    });
    expect(hidden.json.data.state).toBe("hidden");
    expect((await api("GET", `/api/storeProductQuestion/list/${shop.apple}`)).json.data.records).toEqual([]);
    expectError(
      await asker.as("POST", "/api/storeProductQuestion/ask", { productId: 999_999, text: "Hello there" }),
      "PRODUCT_NOT_FOUND",
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "fifty reviews of one product at once, on two API processes",
  () => {
    let processes: ApiProcess[] = [];
    beforeAll(async () => {
      processes = await startApiProcesses(2);
    }, 90_000);
    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
    });

    it("leave the count and the sum exact", async () => {
      const shop = await openShop();
      const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer(shop, shop.apple)));
      const results = await Promise.all(
        buyers.map(async (b, i) => {
          const api = processes[i % 2] as ApiProcess;
          const response = await fetch(`${api.url}/api/storeProductReview/save`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${b.token}`,
              [STORE_DOMAIN_HEADER]: shop.domain,
            },
            body: JSON.stringify(review(shop.apple, (i % 5) + 1)),
          });
          return response.status;
        }),
      );
      expect(results.every((s) => s === 200)).toBe(true);
      const { handle } = await testHarness();
      const [row] = await handle.db
        .select()
        .from(productRatings)
        .where(eq(productRatings.productId, shop.apple));
      expect(row).toMatchObject({
        count: 50,
        sum: 150,
        stars1: 10,
        stars2: 10,
        stars3: 10,
        stars4: 10,
        stars5: 10,
      });
    }, 120_000);
  },
);

describe("the review request email", () => {
  it("goes once per delivered order, the shop's delay after delivery, only where the shop has it on", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const dana = await buyer(shop, null);
    const orderId = await orderOf(shop, dana.userId, shop.apple);
    const { handle } = await testHarness();
    const deliveredDaysAgo = async (days: number) => {
      await handle.db.execute(
        sql`DELETE FROM order_events WHERE store_id = ${shop.id} AND order_id = ${orderId}`,
      );
      await handle.db.execute(sql`INSERT INTO order_events (store_id, order_id, status, payment_status, fulfilment_status, actor, at)
        VALUES (${shop.id}, ${orderId}, 'delivered', 'cash_collected', 'delivered', 'staff', now() - make_interval(days => ${days}))`);
    };
    const mailsTo = async () =>
      (await inbox(dana.email)).filter((m) => m.subject.includes("How was your order"));
    await deliveredDaysAgo(6);
    await sendReviewRequests(handle.db);
    expect(await mailsTo()).toHaveLength(0);
    await owner.as("/api/staff/reviews/settings/save", {
      moderateFirst: false,
      buyersMayAnswer: true,
      requestEmail: true,
      requestDelayDays: 7,
    });
    await sendReviewRequests(handle.db);
    expect(await mailsTo()).toHaveLength(0);
    await deliveredDaysAgo(8);
    await Promise.all([sendReviewRequests(handle.db), sendReviewRequests(handle.db)]);
    await sendReviewRequests(handle.db);
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`/orders/${orderId}`);
  });
});

describe("the demo shops", () => {
  it("have reviews on some products (not all), in several languages, with ratings matching them", async () => {
    const api = client("localhost");
    const all = await api("POST", "/api/storeProduct/search", { body: {}, query: { limit: 100 } });
    const rated = (all.json.data.records as { id: number; rating: { count: number } | null }[]).filter(
      (p) => p.rating !== null,
    );
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.length).toBeLessThan(all.json.data.records.length);
    const first = rated[0] as { id: number; rating: { count: number } };
    const page = await api("GET", `/api/storeProductReview/list/${first.id}`, { query: { limit: 50 } });
    expect(page.json.data.records).toHaveLength(first.rating.count);
    expect(page.json.data.summary.count).toBe(first.rating.count);
    const languages = new Set((page.json.data.records as { language: string }[]).map((r) => r.language));
    expect(languages.size).toBeGreaterThan(1);
  });
});

describe("limits", () => {
  it("refuses texts too long or with control characters, throttles a customer's writing, and staff calls take no shopper token", async () => {
    const shop = await openShop();
    const dana = await buyer(shop, shop.apple);
    expectError(
      await dana.as(
        "POST",
        "/api/storeProductReview/save",
        review(shop.apple, 5, { title: "x".repeat(121) }),
      ),
      "INVALID_INPUT",
    );
    expectError(
      await dana.as("POST", "/api/storeProductReview/save", review(shop.apple, 5, { text: "bad\u0000text" })),
      "INVALID_INPUT",
    );
    const first = await dana.as("POST", "/api/storeProductReview/save", review(shop.apple, 5));
    let last = first;
    for (let i = 1; i <= REVIEW_THROTTLES.reviews.limit; i += 1)
      last = await dana.as(
        "POST",
        "/api/storeProductReview/save",
        review(shop.apple, (i % 5) + 1, { reviewId: first.json.data.id }),
      );
    expectError(last, "TOO_MANY_REQUESTS");
    const api = client(shop.domain);
    expectError(await api("POST", "/api/staff/reviews/list", { body: {} }), "UNAUTHORIZED");
    expectError(
      await api("POST", "/api/staff/reviews/list", { body: {}, token: dana.token }),
      "INVALID_SESSION",
    );
  }, 90_000);
});
