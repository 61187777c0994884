import { beforeAll, describe, expect, it } from "vitest";
import { client, freshEmail, inbox, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { TEST_DOWNLOADS, testHarness } from "../test/harness.ts";
import { APPROVED_CARD as card, openShop, putDownload, SHOP_STAFF, type Shop } from "../test/shops.ts";
import { downloadLink } from "./downloads.ts";
import { linkKeys } from "./links.ts";

// The shared database is made and seeded once, before the first test of the file counts its time.
beforeAll(async () => {
  await testHarness();
});

/** The API's own address of a storefront download link, as the storefront asks it. */
function apiPathOf(url: string): string {
  const link = new URL(url);
  const orderLineId = link.pathname.split("/").at(-1);
  return `/api/storeOrder/download/${orderLineId}${link.search}`;
}

describe("downloads", () => {
  let shop: Shop;
  let buyer: { api: ReturnType<typeof client>; token: string; userId: number; contact: string };
  let url: string;

  beforeAll(async () => {
    shop = await openShop();
    await putDownload(TEST_DOWNLOADS, shop.id, "gift-card.txt", "GIFT CARD 1234-5678");
    const api = client(shop.domain);
    const account = await registerVerified(api);
    const contact = freshEmail();
    buyer = { api, token: account.token, userId: account.userId, contact };
    const placed = await api("POST", "/api/storeOrder/create", {
      token: account.token,
      body: {
        products: [{ productId: shop.giftCard, quantity: 1 }],
        delivery_type: "digital",
        payment_gateway: "test-card",
        credit_card: card,
        customer_contact: contact,
        customer_name: "Dana Levi",
      },
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    // Goods delivered the moment they are paid: the card is captured at once, and an order of
    // nothing but downloads is delivered with nothing for the shop to do, in its timeline too.
    expect(placed.json.data.order).toMatchObject({
      status: "delivered",
      paymentStatus: "captured",
      fulfilmentStatus: "delivered",
      delivery_type: "digital",
    });
    expect(placed.json.data.order.timeline.map((step: { status: string }) => step.status)).toEqual([
      "pending_payment",
      "placed",
      "delivered",
    ]);
    const list = await api("GET", "/api/storeOrder/downloads/storeCustomer", { token: account.token });
    expect(list.json.data.records).toHaveLength(1);
    url = list.json.data.records[0].url;
  });

  it("lists a signed, expiring link on the shop's origin for each paid digital line", async () => {
    const list = await buyer.api("GET", "/api/storeOrder/downloads/storeCustomer", { token: buyer.token });
    const [download] = list.json.data.records;
    // The expiry is written in the shop's zone, as its orders' dates are (the test shop's is UTC).
    expect(download).toMatchObject({ name: "gift-card", fileName: "gift-card.txt", timezone: "UTC" });
    expect(download.url).toMatch(
      new RegExp(
        `^http://${shop.domain.replace(/\./g, "\\.")}/downloads/\\d+\\?expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    const hours = (Date.parse(download.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("puts the links in the confirmation email", async () => {
    const [mail] = await inbox(buyer.contact);
    expect(mail?.body).toContain(`http://${shop.domain}/downloads/`);
    expect(mail?.body).toContain("gift-card");
  });

  it("serves the file to the customer it was signed for", async () => {
    const file = await buyer.api("GET", apiPathOf(url), { token: buyer.token });
    expect(file.status).toBe(200);
    expect(file.json.msg).toBe("GIFT CARD 1234-5678");
    expect(file.headers.get("content-disposition")).toContain("gift-card.txt");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
  });

  it("opens nothing for another customer, without a session, or tampered with", async () => {
    const other = await registerVerified(client(shop.domain));
    expectError(await buyer.api("GET", apiPathOf(url), { token: other.token }), "FORBIDDEN");
    expectError(await buyer.api("GET", apiPathOf(url)), "UNAUTHORIZED");
    const later = apiPathOf(url).replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 3600}`);
    expectError(await buyer.api("GET", later, { token: buyer.token }), "FORBIDDEN");
    const theirs = await other.token;
    const list = await buyer.api("GET", "/api/storeOrder/downloads/storeCustomer", { token: theirs });
    expect(list.json.data.records).toEqual([]);
  });

  it("says so when the link has expired", async () => {
    const { handle } = await testHarness();
    const keys = await linkKeys(handle.db)();
    const orderLineId = Number(new URL(url).pathname.split("/").at(-1));
    const old = downloadLink(
      keys,
      "http://x",
      { storeId: shop.id, customerId: buyer.userId, orderLineId },
      new Date(Date.now() - 25 * 3_600_000),
    );
    expectError(await buyer.api("GET", apiPathOf(old.url), { token: buyer.token }), "DOWNLOAD_LINK_EXPIRED");
  });

  it("is not a link of another store", async () => {
    const elsewhere = await openShop();
    const stranger = await registerVerified(client(elsewhere.domain));
    expectError(
      await client(elsewhere.domain)("GET", apiPathOf(url), { token: stranger.token }),
      "FORBIDDEN",
    );
  });

  it("gives a download at once for an order that costs nothing, and refuses cash for one", async () => {
    const free = await openShop();
    await free.addCoupon("GIFT100", { kind: "percent", value: 100 });
    const api = client(free.domain);
    const { token } = await registerVerified(api);
    const body = {
      products: [{ productId: free.giftCard, quantity: 1 }],
      delivery_type: "digital",
      customer_contact: freshEmail(),
    };
    const cash = await api("POST", "/api/storeOrder/create", {
      token,
      body: { ...body, payment_gateway: "cash" },
    });
    expectError(cash, "INVALID_INPUT");
    expect(cash.json.data.errors).toHaveProperty("payment_gateway");
    const placed = await api("POST", "/api/storeOrder/create", {
      token,
      body: { ...body, coupon: "GIFT100" },
    });
    expect(placed.json.data.order).toMatchObject({
      status: "delivered",
      paymentStatus: "none",
      fulfilmentStatus: "delivered",
      payable_amount: 0,
    });
    expect(placed.json.data.order.timeline.map((step: { status: string }) => step.status)).toEqual([
      "placed",
      "delivered",
    ]);
    const list = await api("GET", "/api/storeOrder/downloads/storeCustomer", { token });
    expect(list.json.data.records).toHaveLength(1);
  });

  it("gives no more file for a line the shop has refunded unit for unit, and keeps one partly refunded", async () => {
    const shop = await openShop();
    await putDownload(TEST_DOWNLOADS, shop.id, "gift-card.txt", "GIFT CARD 1234-5678");
    const api = client(shop.domain);
    const { token, userId } = await registerVerified(api);
    await shop.credit(userId, 6000);
    const buy = async (quantity: number) =>
      (
        await api("POST", "/api/storeOrder/create", {
          token,
          body: {
            products: [{ productId: shop.giftCard, quantity }],
            delivery_type: "digital",
            use_wallet: true,
            customer_contact: freshEmail(),
          },
        })
      ).json.data.order as { id: number; lines: { id: number }[] };
    const whole = await buy(1);
    const part = await buy(2);
    const staffToken = (await api("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token;
    const staff = (path: string, body: unknown) =>
      api("POST", `/api/staff/${path}`, { token: staffToken, body });
    // Downloads are delivered once paid: the customer may ask for a refund at once, and the shop
    // has nothing left to move.
    expect((await staff("orders/move", { orderId: whole.id, action: "confirm" })).status).toBe(409);
    const links = async () =>
      (await api("GET", "/api/storeOrder/downloads/storeCustomer", { token })).json.data.records as {
        orderLineId: number;
        url: string;
      }[];
    const before = await links();
    expect(before.map((l) => l.orderLineId).sort()).toEqual([whole.lines[0]?.id, part.lines[0]?.id].sort());
    for (const [order, quantity] of [
      [whole, 1],
      [part, 1],
    ] as const) {
      const asked = await api("POST", "/api/storeOrder/refund/storeCustomer", {
        token,
        body: { orderId: order.id, lines: [{ orderLineId: order.lines[0]?.id, quantity }], reason: "unused" },
      });
      expect(asked.status).toBe(200);
      const answered = await staff("refunds/answer", {
        refundId: asked.json.data.id,
        decision: "approve",
        answer: "ok",
      });
      expect(answered.json.data).toMatchObject({ status: expect.stringMatching(/approved|refunded/) });
    }
    expect((await links()).map((l) => l.orderLineId)).toEqual([part.lines[0]?.id]);
    // The order pages say the same of each line: what was paid back, and whether its file is there.
    const lineOf = async (order: { id: number }) =>
      (await api("POST", "/api/storeOrder/detail/storeCustomer", { token, body: { orderId: order.id } })).json
        .data.lines[0];
    expect(await lineOf(whole)).toMatchObject({ refundRequested: 1, refunded: 1, downloadable: false });
    expect(await lineOf(part)).toMatchObject({ refundRequested: 1, refunded: 1, downloadable: true });
    const refunded = before.find((l) => l.orderLineId === whole.lines[0]?.id);
    expectError(await api("GET", apiPathOf(refunded?.url ?? ""), { token }), "NOT_FOUND");
  });

  it("cannot be cancelled once its files can be downloaded: the wallet credit that paid stays spent", async () => {
    const shop = await openShop();
    await putDownload(TEST_DOWNLOADS, shop.id, "gift-card.txt", "GIFT CARD 1234-5678");
    const api = client(shop.domain);
    const { token, userId } = await registerVerified(api);
    await shop.credit(userId, 2000);
    const placed = await api("POST", "/api/storeOrder/create", {
      token,
      body: {
        products: [{ productId: shop.giftCard, quantity: 1 }],
        delivery_type: "digital",
        use_wallet: true,
        customer_contact: freshEmail(),
      },
    });
    const order = placed.json.data.order;
    expect(order).toMatchObject({
      status: "delivered",
      paymentStatus: "none",
      payable_amount: 0,
      canCancel: false,
      canRequestRefund: true,
    });
    expect(await shop.walletOf(userId)).toBe(0);
    const list = await api("GET", "/api/storeOrder/downloads/storeCustomer", { token });
    const file = await api("GET", apiPathOf(list.json.data.records[0].url), { token });
    expect(file.status).toBe(200);
    const cancel = await api("POST", "/api/storeOrder/cancel/storeCustomer", {
      token,
      body: { orderId: order.id },
    });
    expectError(cancel, "DIGITAL_GOODS_DELIVERED");
    expect(await shop.walletOf(userId)).toBe(0);
    expect(await shop.stockOf(shop.giftCard)).toBe(999);
    const detail = await api("POST", "/api/storeOrder/detail/storeCustomer", {
      token,
      body: { orderId: order.id },
    });
    expect(detail.json.data).toMatchObject({ status: "delivered", canCancel: false });
  });
});
