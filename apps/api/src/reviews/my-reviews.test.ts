import { MY_REVIEWS_MAX } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { client } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { buyer, orderOf } from "../test/review-buyers.ts";
import { openShop } from "../test/shops.ts";

/*
 * The order page asks for the caller's review standing of all its products in one call (decision
 * 068): the same answers as the single "mine" call gives product by product, in a few statements
 * whatever the number of products.
 */

const MINE = "/api/storeProductReview/mine";

describe("my reviews of several products", () => {
  it("answers for each of the shop's products what the single call answers, in as many statements for three products as for one", async () => {
    const shop = await openShop();
    const dana = await buyer(shop, shop.apple);
    await orderOf(shop, dana.userId, shop.tee.id, "shipped");
    const written = await dana.as("POST", "/api/storeProductReview/save", {
      productId: shop.apple,
      rating: 4,
      text: "Crisp",
    });
    const other = await openShop();
    const ids = [shop.tee.id, shop.apple, shop.giftCard, other.apple, shop.apple];
    const answer = await dana.as("POST", MINE, { productIds: ids });
    expect(answer.status).toBe(200);
    const records = answer.json.data.records as { productId: number }[];
    // Another shop's product is left out, and a product asked twice is answered once, in the order asked.
    expect(records.map((r) => r.productId)).toEqual([shop.tee.id, shop.apple, shop.giftCard]);
    expect(records[1]).toMatchObject({
      review: { id: written.json.data.id, rating: 4, text: "Crisp", state: "published" },
      mayReview: true,
      refusal: null,
      mayAnswer: true,
    });
    expect(records[0]).toMatchObject({ review: null, mayReview: false, refusal: "notReceived" });
    expect(records[2]).toMatchObject({ review: null, mayReview: false, refusal: "notBought" });
    for (const record of records) {
      const single = await dana.as("GET", `${MINE}/${record.productId}`);
      expect(record).toEqual({ productId: record.productId, ...single.json.data });
    }

    const { handle } = await testHarness();
    const statementsOf = async (productIds: number[]) => {
      const seen: string[] = [];
      const stop = handle.onQuery((query) => seen.push(query));
      try {
        expect((await dana.as("POST", MINE, { productIds })).status).toBe(200);
      } finally {
        stop();
      }
      return seen.length;
    };
    expect(await statementsOf([shop.apple, shop.tee.id, shop.giftCard])).toBe(
      await statementsOf([shop.apple]),
    );
  });

  it("shows another customer none of the buyer's reviews, and a guest only that they must sign in", async () => {
    const shop = await openShop();
    const dana = await buyer(shop, shop.apple);
    await dana.as("POST", "/api/storeProductReview/save", { productId: shop.apple, rating: 5 });
    const stranger = await buyer(shop, null);
    const theirs = await stranger.as("POST", MINE, { productIds: [shop.apple] });
    expect(theirs.json.data.records).toEqual([
      { productId: shop.apple, review: null, mayReview: false, refusal: "notBought", mayAnswer: false },
    ]);
    const api = client(shop.domain);
    const guest = await api("POST", "/api/auth/login/guest", {});
    if (guest.status === 200) {
      const asGuest = await api("POST", MINE, {
        token: guest.json.data.token,
        body: { productIds: [shop.apple, shop.tee.id] },
      });
      expect(asGuest.json.data.records).toEqual([
        { productId: shop.apple, review: null, mayReview: false, refusal: "signIn", mayAnswer: false },
        { productId: shop.tee.id, review: null, mayReview: false, refusal: "signIn", mayAnswer: false },
      ]);
    }
  });

  it("refuses another shop's domain, no token, no ids and too many ids", async () => {
    const shop = await openShop();
    const dana = await buyer(shop, shop.apple);
    const other = await openShop();
    expectError(
      await client(other.domain)("POST", MINE, { token: dana.token, body: { productIds: [shop.apple] } }),
      "FORBIDDEN",
    );
    expectError(
      await client(shop.domain)("POST", MINE, { body: { productIds: [shop.apple] } }),
      "UNAUTHORIZED",
    );
    expectError(await dana.as("POST", MINE, { productIds: [] }), "INVALID_INPUT");
    const tooMany = Array.from({ length: MY_REVIEWS_MAX + 1 }, (_, i) => i + 1);
    const refused = await dana.as("POST", MINE, { productIds: tooMany });
    expectError(refused, "INVALID_INPUT");
    expect(refused.json.data.errors).toHaveProperty("productIds");
    expect(
      (await dana.as("POST", MINE, { productIds: tooMany.slice(0, MY_REVIEWS_MAX) })).json.data.records,
    ).toEqual([]);
  });
});
