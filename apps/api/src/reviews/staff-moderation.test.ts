import { describe, expect, it } from "vitest";
import { client } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { buyer } from "../test/review-buyers.ts";
import { openShop, type Shop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";

/*
 * What staff change in reviews and questions is theirs to answer for (decision 054): each change
 * writes one audit row naming the member, the action and what it was done to, in the change's own
 * transaction. And what staff hid can be shown again directly (decision 068).
 */

type AuditRow = { staffId: number | null; action: string; subject: string; before: unknown; after: unknown };

/** A shop's owner and a manager (who moderates: the rows must name them, not the owner). */
async function moderators(shop: Shop) {
  const owner = await shopOwner(shop);
  const manager = await owner.member("manager");
  const me = await owner.as("/api/staff/me", {}, manager);
  const managerId = me.json.data.id;
  expect(me.json.data.role).toBe("manager");
  /** The audit rows of one action, newest first (the log is the owner's to read). */
  const audit = async (action: string): Promise<AuditRow[]> => {
    const rows = (await owner.as("/api/staff/audit", { action })).json.data.records as AuditRow[];
    return rows.filter((row) => row.action === action);
  };
  return { owner, manager, managerId: managerId as number, audit };
}

describe("staff moderation is audited", () => {
  it("the review rules, publish, hide with a reason, reply, answer, hide and show a question, and dismiss a report each write one row", async () => {
    const shop = await openShop();
    const { owner, manager, managerId, audit } = await moderators(shop);
    const rules = { moderateFirst: true, buyersMayAnswer: false, requestEmail: false, requestDelayDays: 4 };
    expect((await owner.as("/api/staff/reviews/settings/save", rules, manager)).json.code).toBe("0");
    const [settingsRow, ...moreSettings] = await audit("settings.reviews");
    expect(moreSettings).toEqual([]);
    expect(settingsRow).toMatchObject({
      staffId: managerId,
      subject: `store:${shop.id}`,
      before: { moderateFirst: false },
      after: rules,
    });

    const dana = await buyer(shop, shop.apple);
    const written = await dana.as("POST", "/api/storeProductReview/save", {
      productId: shop.apple,
      rating: 4,
      text: "Crisp",
    });
    const reviewId = written.json.data.id as number;
    expect(written.json.data.state).toBe("pending");
    const subject = `review:${reviewId}`;

    await owner.as("/api/staff/reviews/decide", { reviewId, decision: "publish" }, manager);
    expect(await audit("review.publish")).toEqual([
      expect.objectContaining({
        staffId: managerId,
        subject,
        before: { state: "pending" },
        after: { state: "published", reason: null, note: null },
      }),
    ]);

    await owner.as(
      "/api/staff/reviews/decide",
      { reviewId, decision: "hide", reason: "spam", note: "Same words as elsewhere" },
      manager,
    );
    expect(await audit("review.hide")).toEqual([
      expect.objectContaining({
        staffId: managerId,
        subject,
        before: { state: "published" },
        after: { state: "hidden", reason: "spam", note: "Same words as elsewhere" },
      }),
    ]);

    await owner.as("/api/staff/reviews/reply", { reviewId, text: "Thank you" }, manager);
    expect(await audit("review.reply")).toEqual([
      expect.objectContaining({
        staffId: managerId,
        subject,
        before: { reply: null },
        after: { reply: "Thank you" },
      }),
    ]);

    const asker = await buyer(shop, null);
    const asked = await asker.as("POST", "/api/storeProductQuestion/ask", {
      productId: shop.apple,
      text: "Are they organic?",
    });
    const questionId = asked.json.data.id as number;
    await owner.as("/api/staff/questions/answer", { questionId, text: "Yes, all of them" }, manager);
    expect(await audit("question.answer")).toEqual([
      expect.objectContaining({
        staffId: managerId,
        subject: `question:${questionId}`,
        before: { state: "open" },
        after: { state: "answered", text: "Yes, all of them" },
      }),
    ]);
    await owner.as(
      "/api/staff/questions/decide",
      { questionId, decision: "hide", reason: "offTopic" },
      manager,
    );
    expect(await audit("question.hide")).toEqual([
      expect.objectContaining({
        staffId: managerId,
        subject: `question:${questionId}`,
        before: { state: "answered" },
        after: { state: "hidden", reason: "offTopic" },
      }),
    ]);
    await owner.as("/api/staff/questions/decide", { questionId, decision: "show" }, manager);
    expect(await audit("question.show")).toEqual([
      expect.objectContaining({
        staffId: managerId,
        subject: `question:${questionId}`,
        before: { state: "hidden" },
        after: { state: "answered", reason: null },
      }),
    ]);

    // A shopper reports the review, shown again; staff keep it.
    await owner.as("/api/staff/reviews/decide", { reviewId, decision: "publish" }, manager);
    const reporter = await buyer(shop, null);
    await reporter.as("POST", "/api/storeAbuseReport/create", {
      target: "review",
      targetId: reviewId,
      reason: "offensive",
      text: "",
    });
    const [report] = (await owner.as("/api/staff/reviews/reports", { state: "open" })).json.data.records;
    await owner.as(
      "/api/staff/reviews/reports/decide",
      { reportId: report.id, decision: "dismiss", note: "Fair words" },
      manager,
    );
    expect(await audit("report.dismiss")).toEqual([
      expect.objectContaining({
        staffId: managerId,
        subject,
        after: { reportId: report.id, closed: 1, note: "Fair words" },
      }),
    ]);
    // Publishing twice made two rows, one for each time.
    expect(await audit("review.publish")).toHaveLength(2);
    // The family filter finds them all, as the audit screen asks for them.
    const family = (await owner.as("/api/staff/audit", { action: "review" })).json.data.records as AuditRow[];
    expect(family.map((row) => row.action).sort()).toEqual([
      "review.hide",
      "review.publish",
      "review.publish",
      "review.reply",
    ]);
  });

  it("a change refused writes no row", async () => {
    const shop = await openShop();
    const { owner, manager, audit } = await moderators(shop);
    const dana = await buyer(shop, shop.apple);
    const written = await dana.as("POST", "/api/storeProductReview/save", {
      productId: shop.apple,
      rating: 5,
    });
    const reviewId = written.json.data.id as number;
    expect(written.json.data.state).toBe("published");
    expectError(
      await owner.as("/api/staff/reviews/decide", { reviewId, decision: "publish" }, manager),
      "MODERATION_ALREADY_SHOWN",
    );
    expectError(
      await owner.as(
        "/api/staff/reviews/decide",
        { reviewId: 999_999, decision: "hide", reason: "spam" },
        manager,
      ),
      "REVIEW_NOT_FOUND",
    );
    expectError(
      await owner.as(
        "/api/staff/reviews/settings/save",
        { moderateFirst: true, requestDelayDays: 999 },
        manager,
      ),
      "INVALID_INPUT",
    );
    expect(await audit("review.publish")).toEqual([]);
    expect(await audit("review.hide")).toEqual([]);
    expect(await audit("settings.reviews")).toEqual([]);
  });
});

describe("showing again what staff hid", () => {
  /** A question of the shop's apple, answered by the shop or left open, then hidden by staff. */
  async function hiddenQuestion(shop: Shop, answered: boolean) {
    const { owner } = await moderators(shop);
    const asker = await buyer(shop, null);
    const asked = await asker.as("POST", "/api/storeProductQuestion/ask", {
      productId: shop.apple,
      text: answered ? "Do they keep a week?" : "Are they from here?",
    });
    const questionId = asked.json.data.id as number;
    if (answered) await owner.as("/api/staff/questions/answer", { questionId, text: "Two weeks cold" });
    const hidden = await owner.as("/api/staff/questions/decide", {
      questionId,
      decision: "hide",
      reason: "offTopic",
    });
    expect(hidden.json.data.state).toBe("hidden");
    return questionId;
  }

  it("a hidden question is listed for staff and shows again as it was; one shown already is refused", async () => {
    const shop = await openShop();
    const { owner, audit } = await moderators(shop);
    const api = client(shop.domain);
    const answered = await hiddenQuestion(shop, true);
    const open = await hiddenQuestion(shop, false);
    const hiddenList = await owner.as("/api/staff/questions/list", { state: "hidden" });
    expect(hiddenList.json.data.records.map((q: { id: number }) => q.id).sort()).toEqual(
      [answered, open].sort(),
    );
    expect((await api("GET", `/api/storeProductQuestion/list/${shop.apple}`)).json.data.records).toEqual([]);

    const shown = await owner.as("/api/staff/questions/decide", { questionId: answered, decision: "show" });
    expect(shown.json.data).toMatchObject({ id: answered, state: "answered" });
    const page = (await api("GET", `/api/storeProductQuestion/list/${shop.apple}`)).json.data;
    expect(page.records.map((q: { id: number }) => q.id)).toEqual([answered]);
    const reopened = await owner.as("/api/staff/questions/decide", { questionId: open, decision: "show" });
    expect(reopened.json.data.state).toBe("open");
    expect((await owner.as("/api/staff/questions/list", { state: "hidden" })).json.data.records).toEqual([]);
    expect(await audit("question.show")).toHaveLength(2);

    expectError(
      await owner.as("/api/staff/questions/decide", { questionId: answered, decision: "show" }),
      "MODERATION_ALREADY_SHOWN",
    );
    expect(await audit("question.show")).toHaveLength(2);
  });

  it("a hidden review is published again and counts in the rating; one published already is refused", async () => {
    const shop = await openShop();
    const { owner, audit } = await moderators(shop);
    const api = client(shop.domain);
    const dana = await buyer(shop, shop.apple);
    const written = await dana.as("POST", "/api/storeProductReview/save", {
      productId: shop.apple,
      rating: 2,
    });
    const reviewId = written.json.data.id as number;
    await owner.as("/api/staff/reviews/decide", { reviewId, decision: "hide", reason: "offensive" });
    expect((await api("GET", `/api/storeProductReview/summary/${shop.apple}`)).json.data.count).toBe(0);
    const hidden = await owner.as("/api/staff/reviews/list", { state: "hidden" });
    expect(hidden.json.data.records.map((r: { id: number }) => r.id)).toEqual([reviewId]);

    const published = await owner.as("/api/staff/reviews/decide", { reviewId, decision: "publish" });
    expect(published.json.data).toMatchObject({
      state: "published",
      holdReason: null,
      moderationReason: null,
    });
    expect((await api("GET", `/api/storeProductReview/summary/${shop.apple}`)).json.data).toMatchObject({
      count: 1,
      average: 2,
    });
    expect(await audit("review.publish")).toEqual([
      expect.objectContaining({ subject: `review:${reviewId}`, before: { state: "hidden" } }),
    ]);
    expectError(
      await owner.as("/api/staff/reviews/decide", { reviewId, decision: "publish" }),
      "MODERATION_ALREADY_SHOWN",
    );
    expect((await api("GET", `/api/storeProductReview/summary/${shop.apple}`)).json.data.count).toBe(1);
  });

  it("refuses another shop's staff, no token, a shopper's token and a role without the catalogue permission", async () => {
    const shop = await openShop();
    const { owner, audit } = await moderators(shop);
    const questionId = await hiddenQuestion(shop, true);
    const dana = await buyer(shop, shop.apple);
    const written = await dana.as("POST", "/api/storeProductReview/save", {
      productId: shop.apple,
      rating: 3,
    });
    const reviewId = written.json.data.id as number;
    await owner.as("/api/staff/reviews/decide", { reviewId, decision: "hide", reason: "spam" });
    const showQuestion = { questionId, decision: "show" };
    const publishReview = { reviewId, decision: "publish" };

    const other = await shopOwner(await openShop());
    expectError(await other.as("/api/staff/questions/decide", showQuestion), "QUESTION_NOT_FOUND");
    expectError(await other.as("/api/staff/reviews/decide", publishReview), "REVIEW_NOT_FOUND");
    const api = client(shop.domain);
    expectError(await api("POST", "/api/staff/questions/decide", { body: showQuestion }), "UNAUTHORIZED");
    expectError(await api("POST", "/api/staff/reviews/decide", { body: publishReview }), "UNAUTHORIZED");
    expectError(
      await api("POST", "/api/staff/questions/decide", { body: showQuestion, token: dana.token }),
      "INVALID_SESSION",
    );
    const clerk = await owner.member("staff");
    expectError(await owner.as("/api/staff/questions/decide", showQuestion, clerk), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.as("/api/staff/reviews/decide", publishReview, clerk), "STAFF_ROLE_FORBIDDEN");

    // Nothing came back, and nothing was written to the log.
    expect((await owner.as("/api/staff/questions/list", { state: "hidden" })).json.data.records).toHaveLength(
      1,
    );
    expect((await owner.as("/api/staff/reviews/list", { state: "hidden" })).json.data.records).toHaveLength(
      1,
    );
    expect(await audit("question.show")).toEqual([]);
    expect(await audit("review.publish")).toEqual([]);
  });
});
