import { beforeAll, describe, expect, it } from "vitest";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

beforeAll(async () => {
  await testHarness();
});

async function ownerOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  const token = login.json.data.token as string;
  return {
    api,
    token,
    as: (path: string, body?: unknown, query?: Record<string, number>) =>
      api("POST", path, { token, body, query }),
  };
}

/** A member of the shop with this role, invited by the owner and signed in by the emailed link. */
async function memberOf(owner: Awaited<ReturnType<typeof ownerOf>>, role: string) {
  const email = freshEmail();
  await owner.as("/api/staff/accounts/invite", { email, name: `A ${role}`, role });
  const [mail] = await inbox(email);
  const accepted = await owner.api("POST", "/api/staff/invitation/accept", {
    body: { token: linkTokenIn(mail?.body ?? ""), password: "a long password 1" },
  });
  const token = accepted.json.data.token as string;
  return { as: (path: string, body?: unknown) => owner.api("POST", path, { token, body }) };
}

async function sendMessages(shop: Shop, count: number) {
  const shopper = client(shop.domain);
  for (let i = 0; i < count; i += 1) {
    const sent = await shopper("POST", "/contact-us/create", {
      body: { name: `Shopper ${i}`, email: freshEmail(), message: `Question number ${i}` },
    });
    expect(sent.status).toBe(200);
  }
}

describe("the console's unread badge", () => {
  it("counts the messages nobody opened, for the shop's staff only", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    expect((await owner.as("/api/staff/messages/unread")).json.data).toEqual({ unread: 0 });
    await sendMessages(shop, 3);
    expect((await owner.as("/api/staff/messages/unread")).json.data).toEqual({ unread: 3 });
    const [first, second] = (await owner.as("/api/staff/messages/list", {})).json.data.records as {
      id: number;
    }[];
    await owner.as("/api/staff/messages/mark", { id: first?.id, mark: "read" });
    await owner.as("/api/staff/messages/mark", { id: second?.id, mark: "answered" });
    expect((await owner.as("/api/staff/messages/unread")).json.data).toEqual({ unread: 1 });
    // Opened again, an answered message is waiting but not unread: someone read it.
    await owner.as("/api/staff/messages/mark", { id: second?.id, mark: "open" });
    expect((await owner.as("/api/staff/messages/unread")).json.data).toEqual({ unread: 1 });

    const manager = await memberOf(owner, "manager");
    const staff = await memberOf(owner, "staff");
    const kitchen = await memberOf(owner, "kitchen");
    expect((await manager.as("/api/staff/messages/unread")).json.data.unread).toBe(1);
    expect((await staff.as("/api/staff/messages/unread")).json.data.unread).toBe(1);
    expectError(await kitchen.as("/api/staff/messages/unread"), "STAFF_ROLE_FORBIDDEN");
    expectError(await kitchen.as("/api/staff/messages/list", {}), "STAFF_ROLE_FORBIDDEN");
    expectError(await kitchen.as("/api/staff/newsletter/list"), "STAFF_ROLE_FORBIDDEN");
    expectError(
      await kitchen.as("/api/staff/newsletter/remove", { email: "a@b.co" }),
      "STAFF_ROLE_FORBIDDEN",
    );

    expectError(await owner.api("POST", "/api/staff/messages/unread"), "UNAUTHORIZED");
    const shopper = await registerVerified(owner.api);
    expectError(
      await owner.api("POST", "/api/staff/messages/unread", { token: shopper.token }),
      "INVALID_SESSION",
    );
    const other = await openShop();
    expectError(
      await client(other.domain)("POST", "/api/staff/messages/unread", { token: owner.token }),
      "FORBIDDEN",
    );
    expect((await (await ownerOf(other)).as("/api/staff/messages/unread")).json.data.unread).toBe(0);
  });
});

describe("the contact messages' states", () => {
  it("lists the unread, the read and the answered apart, newest first, a page at a time", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    await sendMessages(shop, 4);
    const all = (await owner.as("/api/staff/messages/list", {})).json.data;
    const ids = (all.records as { id: number }[]).map((record) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [newest, second, third] = ids;
    await owner.as("/api/staff/messages/mark", { id: newest, mark: "read" });
    await owner.as("/api/staff/messages/mark", { id: second, mark: "answered" });
    await owner.as("/api/staff/messages/mark", { id: third, mark: "answered" });

    const inState = async (state: string, extra: Record<string, unknown> = {}) =>
      (await owner.as("/api/staff/messages/list", { state, ...extra })).json.data.records.map(
        (record: { id: number }) => record.id,
      );
    expect(await inState("unread")).toEqual([ids[3]]);
    expect(await inState("read")).toEqual([newest]);
    expect(await inState("answered")).toEqual([second, third]);
    expect(await inState("answered", { open: true })).toEqual([]);
    expectError(await owner.as("/api/staff/messages/list", { state: "deleted" }), "INVALID_INPUT");

    const page = (await owner.as("/api/staff/messages/list", { state: "answered" }, { limit: 1, page: 2 }))
      .json.data;
    expect(page).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
    expect(page.records.map((record: { id: number }) => record.id)).toEqual([third]);
  });
});

describe("the newsletter's search", () => {
  it("finds subscribers by part of their address, in any case, and a wildcard is a character", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = client(shop.domain);
    const mark = Date.now().toString(36);
    const emails = [`ada_${mark}@example.com`, `adam${mark}@example.org`, `bob.${mark}@example.com`];
    for (const email of emails) await shopper("POST", "/api/storeSubscription/add", { body: { email } });
    const found = async (q: string) =>
      (await owner.as("/api/staff/newsletter/list", { q })).json.data.records
        .map((record: { email: string }) => record.email)
        .sort();
    expect(await found("ADA")).toEqual([emails[0], emails[1]]);
    expect(await found("example.com")).toEqual([emails[0], emails[2]]);
    expect(await found("ada_")).toEqual([emails[0]]);
    expect(await found("%")).toEqual([]);
    expect(await found("")).toEqual([...emails].sort());
    expectError(await owner.as("/api/staff/newsletter/list", { q: "x".repeat(101) }), "INVALID_INPUT");
    // Another shop's owner finds nothing of this shop's list.
    const other = await ownerOf(await openShop());
    expect((await other.as("/api/staff/newsletter/list", { q: "ada" })).json.data.total).toBe(0);
  });

  it("refuses the list and the removal to a shopper, no one, and another shop's staff", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = await registerVerified(owner.api);
    for (const path of ["/api/staff/newsletter/list", "/api/staff/messages/list"]) {
      expectError(await owner.api("POST", path, { body: {} }), "UNAUTHORIZED");
      expectError(await owner.api("POST", path, { token: shopper.token, body: {} }), "INVALID_SESSION");
      const other = await openShop();
      expectError(await client(other.domain)("POST", path, { token: owner.token, body: {} }), "FORBIDDEN");
    }
    expectError(await owner.as("/api/staff/newsletter/remove", { email: "not an address" }), "INVALID_INPUT");
  });
});
