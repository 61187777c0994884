import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { client, inbox, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { cashDelivery, openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

/*
 * Parcel tracking: the shop names the carrier and tracking number when it ships (or corrects them
 * after); the shopper's order shows them with the carrier's tracking page, and the email saying the
 * order left the shop carries them.
 */

beforeAll(async () => {
  await testHarness();
});

async function staffOf(shop: Shop) {
  const api = client(shop.domain);
  const token = (await api("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token as string;
  return {
    move: (orderId: number, action: string, tracking?: unknown) =>
      api("POST", "/api/staff/orders/move", { token, body: { orderId, action, tracking } }),
    track: (orderId: number, carrier: string, number: string) =>
      api("POST", "/api/staff/orders/tracking", { token, body: { orderId, carrier, number } }),
  };
}

/** A verified shopper's cash delivery, confirmed and being prepared by the shop. */
async function orderToShip(shop: Shop) {
  const api = client(shop.domain);
  const shopper = await registerVerified(api);
  const placed = await api("POST", "/api/storeOrder/create", {
    token: shopper.token,
    body: cashDelivery([{ productId: shop.apple, quantity: 1 }]),
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(placed.json.code, placed.json.msg).toBe("0");
  const orderId = placed.json.data.order.id as number;
  const staff = await staffOf(shop);
  for (const action of ["confirm", "startPreparing"])
    expect((await staff.move(orderId, action)).json.code).toBe("0");
  const detail = async () =>
    (await api("POST", "/api/storeOrder/detail/storeCustomer", { token: shopper.token, body: { orderId } }))
      .json.data;
  return { shopper, orderId, staff, detail, mails: () => inbox(shopper.email) };
}

describe("parcel tracking", () => {
  it("ships with a carrier and number: the order shows the carrier's page and the email carries it", async () => {
    const shop = await openShop();
    const { orderId, staff, detail, mails } = await orderToShip(shop);
    const shipped = await staff.move(orderId, "ship", { carrier: "ups", number: "1Z 999 AA1 0123456784" });
    expect(shipped.json.code, shipped.json.msg).toBe("0");
    expect(shipped.json.data.tracking).toEqual({
      carrier: "ups",
      carrierName: "UPS",
      number: "1Z999AA10123456784",
      link: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    expect((await detail()).tracking).toMatchObject({ number: "1Z999AA10123456784", carrierName: "UPS" });
    const mail = (await mails()).find((m) => m.subject.includes("is on its way"));
    expect(mail?.body).toContain(`/orders/${orderId}`);
    expect(mail?.body).toContain("Parcel: UPS 1Z999AA10123456784");
    expect(mail?.body).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });

  it("ships without a parcel named, then names and corrects it, telling the shopper each time", async () => {
    const shop = await openShop();
    const { orderId, staff, detail, mails } = await orderToShip(shop);
    expect((await staff.move(orderId, "ship")).json.data.tracking).toBeNull();
    expect((await mails()).filter((m) => m.subject.includes("is on its way"))).toHaveLength(1);

    expect((await staff.track(orderId, "other", "LOCAL-42")).json.data.tracking).toEqual({
      carrier: "other",
      carrierName: "",
      number: "LOCAL-42",
      link: null,
    });
    const corrected = await staff.track(orderId, "dhl", "JD0146000033");
    expect(corrected.json.data.tracking.link).toContain("tracking-id=JD0146000033");
    // The same parcel named again changes nothing and sends nothing.
    await staff.track(orderId, "dhl", "JD0146000033");
    expect((await detail()).tracking.carrier).toBe("dhl");
    const onItsWay = (await mails()).filter((m) => m.subject.includes("is on its way"));
    expect(onItsWay).toHaveLength(3);
    expect(onItsWay.some((m) => m.body.includes("JD0146000033"))).toBe(true);
  });

  it("refuses a parcel on another move, a number no carrier prints, and an order not on its way", async () => {
    const shop = await openShop();
    const { orderId, staff } = await orderToShip(shop);
    const early = await staff.track(orderId, "dhl", "JD0146000033");
    expectError(early, "TRANSITION_REFUSED");
    const wrongMove = await staff.move(orderId, "deliver", { carrier: "dhl", number: "JD0146000033" });
    expectError(wrongMove, "INVALID_INPUT");
    expect(wrongMove.json.data.errors).toEqual({ tracking: "error-field-invalid" });
    const badNumber = await staff.move(orderId, "ship", { carrier: "dhl", number: "<b>1234</b>" });
    expectError(badNumber, "INVALID_INPUT");
    expect(Object.keys(badNumber.json.data.errors)).toEqual(["tracking.number"]);
    const badCarrier = await staff.move(orderId, "ship", { carrier: "pigeon", number: "12345" });
    expectError(badCarrier, "INVALID_INPUT");
    // Nothing was moved by the refusals: the order ships now.
    expect((await staff.move(orderId, "ship")).json.data.status).toBe("shipped");
  });

  it("keeps another shop's staff and shoppers out", async () => {
    const shop = await openShop();
    const { orderId, staff, shopper } = await orderToShip(shop);
    await staff.move(orderId, "ship");
    const other = await staffOf(await openShop());
    expectError(await other.track(orderId, "dhl", "JD0146000033"), "NOT_FOUND");
    const asShopper = await client(shop.domain)("POST", "/api/staff/orders/tracking", {
      token: shopper.token,
      body: { orderId, carrier: "dhl", number: "JD0146000033" },
    });
    expect(asShopper.status).toBe(401);
    const anonymous = await client(shop.domain)("POST", "/api/staff/orders/tracking", {
      body: { orderId, carrier: "dhl", number: "JD0146000033" },
    });
    expect(anonymous.status).toBe(401);
  });
});
