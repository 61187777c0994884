import { STAFF_INVITATION_PATH } from "@stoa/contract";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stores } from "../stores/tables.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";
import { updateStaffAccount } from "./accounts.ts";
import type { StaffAccount } from "./sessions.ts";
import { staffMembers } from "./tables.ts";

beforeAll(async () => {
  await testHarness();
});

/** The shop's owner, signed in, with calls of their own. */
async function ownerOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  expect(login.status).toBe(200);
  const token = login.json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body });
  return { api, token, as };
}

/** Invites someone with a role and follows the emailed link: their session. */
async function joined(owner: Awaited<ReturnType<typeof ownerOf>>, role: string) {
  const email = freshEmail();
  const invited = await owner.as("/api/staff/accounts/invite", { email, name: `A ${role}`, role });
  expect(invited.status, JSON.stringify(invited.json)).toBe(200);
  const [mail] = await inbox(email);
  const token = linkTokenIn(mail?.body ?? "");
  const accepted = await owner.api("POST", "/api/staff/invitation/accept", {
    body: { token, password: "a long password 1" },
  });
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  return {
    email,
    id: accepted.json.data.staff.id as number,
    token: accepted.json.data.token as string,
    as: (path: string, body?: unknown) => owner.api("POST", path, { token: accepted.json.data.token, body }),
  };
}

describe("staff roles", () => {
  it("answers the signed-in member with their role and what it allows", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const me = await owner.as("/api/staff/me");
    expect(me.json.data).toMatchObject({ email: SHOP_STAFF.email, role: "owner" });
    expect(me.json.data.permissions).toContain("staffAccounts");
    expectError(await owner.api("POST", "/api/staff/me"), "UNAUTHORIZED");
    const shopper = await registerVerified(owner.api);
    expectError(await owner.api("POST", "/api/staff/me", { token: shopper.token }), "INVALID_SESSION");
    const other = await openShop();
    expectError(await client(other.domain)("POST", "/api/staff/me", { token: owner.token }), "FORBIDDEN");
  });

  it("lets each role make only its own calls", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const manager = await joined(owner, "manager");
    const staff = await joined(owner, "staff");
    const kitchen = await joined(owner, "kitchen");
    const hours = { timezone: "UTC", opensAt: 480, closesAt: 1200, openDays: [1, 2, 3] };

    expect((await manager.as("/api/staff/hours/update", hours)).status).toBe(200);
    expectError(await manager.as("/api/staff/accounts/list"), "STAFF_ROLE_FORBIDDEN");
    expectError(await manager.as("/api/staff/audit", {}), "STAFF_ROLE_FORBIDDEN");
    expect((await staff.as("/api/staff/orders/list", {})).status).toBe(200);
    expectError(await staff.as("/api/staff/hours/update", hours), "STAFF_ROLE_FORBIDDEN");
    expectError(await kitchen.as("/api/staff/orders/list", {}), "STAFF_ROLE_FORBIDDEN");
    const me = await kitchen.as("/api/staff/me");
    expect(me.json.data).toMatchObject({ role: "kitchen", permissions: ["kitchen"] });
    // The refusal is said in the member's language.
    const arabic = await owner.api("POST", "/api/staff/accounts/list", { token: staff.token, locale: "ar" });
    expect(arabic.json.msg).toBe("دورك في هذا المتجر لا يسمح بذلك. تواصل مع مالك المتجر.");
  });
});

describe("staff invitations", () => {
  it("emails a link that sets the password once, and signs the new member in", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const email = freshEmail();
    const invited = await owner.as("/api/staff/accounts/invite", {
      email: email.toUpperCase(),
      name: "Noa Cohen",
      role: "staff",
    });
    expect(invited.json.data.invitations).toEqual([
      expect.objectContaining({ email, name: "Noa Cohen", role: "staff" }),
    ]);
    const [mail] = await inbox(email);
    expect(mail?.body).toContain(`${STAFF_INVITATION_PATH}?token=`);
    const token = linkTokenIn(mail?.body ?? "");

    const read = await owner.api("POST", "/api/staff/invitation", { body: { token } });
    expect(read.json.data).toMatchObject({ kind: "invite", email, role: "staff" });
    // The link is this shop's: another shop does not know it.
    const other = await openShop();
    expectError(
      await client(other.domain)("POST", "/api/staff/invitation", { body: { token } }),
      "STAFF_INVITATION_INVALID",
    );

    const weak = await owner.api("POST", "/api/staff/invitation/accept", {
      body: { token, password: "short" },
    });
    expectError(weak, "INVALID_INPUT");
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        owner.api("POST", "/api/staff/invitation/accept", { body: { token, password: "a long password 1" } }),
      ),
    );
    const answers = [first, second].map((result) => result?.status).sort();
    expect(answers).toEqual([200, 422]);
    const login = await owner.api("POST", "/api/staff/login", {
      body: { email, password: "a long password 1" },
    });
    expect(login.json.data.staff).toMatchObject({ email, role: "staff" });

    const listed = await owner.as("/api/staff/accounts/list");
    expect(listed.json.data.invitations).toEqual([]);
    expect(listed.json.data.members.map((m: { email: string }) => m.email)).toEqual([
      SHOP_STAFF.email,
      email,
    ]);
    expectError(
      await owner.as("/api/staff/accounts/invite", { email, name: "Again", role: "staff" }),
      "STAFF_EMAIL_TAKEN",
    );
    const bad = await owner.as("/api/staff/accounts/invite", { email: "x", name: "", role: "boss" });
    expectError(bad, "INVALID_INPUT");
    expect(Object.keys(bad.json.data.errors).sort()).toEqual(["email", "name", "role"]);
  });

  it("disables and enables a member, ending their sessions, and never leaves the shop without an owner", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const member = await joined(owner, "staff");
    const disabled = await owner.as("/api/staff/accounts/update", { staffId: member.id, disabled: true });
    expect(disabled.json.data.members.find((m: { id: number }) => m.id === member.id)).toMatchObject({
      disabled: true,
    });
    expectError(await member.as("/api/staff/me"), "INVALID_SESSION");
    const refused = await owner.api("POST", "/api/staff/login", {
      body: { email: member.email, password: "a long password 1" },
    });
    expectError(refused, "INVALID_CREDENTIALS");
    await owner.as("/api/staff/accounts/update", { staffId: member.id, disabled: false });
    const back = await owner.api("POST", "/api/staff/login", {
      body: { email: member.email, password: "a long password 1" },
    });
    expect(back.status).toBe(200);

    const me = (await owner.as("/api/staff/me")).json.data.id as number;
    expectError(
      await owner.as("/api/staff/accounts/update", { staffId: me, role: "manager" }),
      "STAFF_LAST_OWNER",
    );
    expectError(
      await owner.as("/api/staff/accounts/update", { staffId: me, disabled: true }),
      "STAFF_LAST_OWNER",
    );
    await owner.as("/api/staff/accounts/update", { staffId: member.id, role: "owner" });
    const stepped = await owner.as("/api/staff/accounts/update", { staffId: me, role: "manager" });
    expect(stepped.status).toBe(200);
    expectError(await owner.as("/api/staff/accounts/list"), "STAFF_ROLE_FORBIDDEN");
    expectError(
      await owner.api("POST", "/api/staff/accounts/update", {
        token: back.json.data.token,
        body: { staffId: 999_999, role: "staff" },
      }),
      "NOT_FOUND",
    );
  });

  it("resets a member's password by an emailed link, signing them out everywhere", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const member = await joined(owner, "manager");
    const reset = await owner.as("/api/staff/accounts/resetPassword", { staffId: member.id });
    expect(reset.status).toBe(200);
    expectError(await member.as("/api/staff/me"), "INVALID_SESSION");
    const mails = await inbox(member.email);
    const token = linkTokenIn(mails.find((mail) => mail.subject.includes("new password"))?.body ?? "");
    const read = await owner.api("POST", "/api/staff/invitation", { body: { token } });
    expect(read.json.data).toMatchObject({ kind: "reset", email: member.email, role: "manager" });
    await owner.api("POST", "/api/staff/invitation/accept", {
      body: { token, password: "a new long password" },
    });
    const login = await owner.api("POST", "/api/staff/login", {
      body: { email: member.email, password: "a new long password" },
    });
    expect(login.json.data.staff).toMatchObject({ id: member.id, role: "manager" });
  });

  it("signs a member out on every device", async () => {
    const shop = await openShop();
    const first = await ownerOf(shop);
    const second = await ownerOf(shop);
    expect((await first.as("/api/staff/logout/everywhere")).status).toBe(200);
    expectError(await second.as("/api/staff/me"), "INVALID_SESSION");
  });
});

describe("the audit log", () => {
  it("records who changed what, before and after, and the owner filters it", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const manager = await joined(owner, "manager");
    await manager.as("/api/staff/hours/update", {
      timezone: "Asia/Jerusalem",
      opensAt: 540,
      closesAt: 1260,
      openDays: [0, 1],
    });
    const all = await owner.as("/api/staff/audit", {});
    const actions = all.json.data.records.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(["settings.hours", "staff.join", "staff.invite"]);
    const hours = all.json.data.records[0];
    expect(hours).toMatchObject({ staffId: manager.id, staffName: "A manager", subject: "store" });
    expect(hours.after).toMatchObject({ timezone: "Asia/Jerusalem", opensAt: 540 });
    expect(hours.before).toBeTruthy();

    const settings = await owner.as("/api/staff/audit", { action: "settings" });
    expect(settings.json.data.records).toHaveLength(1);
    const byManager = await owner.as("/api/staff/audit", { staffId: manager.id });
    expect(byManager.json.data.records.map((e: { action: string }) => e.action)).toEqual([
      "settings.hours",
      "staff.join",
    ]);
    const future = await owner.as("/api/staff/audit", { from: "2999-01-01" });
    expect(future.json.data.records).toEqual([]);
    expectError(await owner.as("/api/staff/audit", { from: "yesterday" }), "INVALID_INPUT");
  });
});

describe("the refund limit of staff", () => {
  it("refuses a member with the staff role a refund above the shop's limit, which a manager gives", async () => {
    const shop = await openShop();
    const { handle } = await testHarness();
    await handle.db.update(stores).set({ staffRefundLimit: 100 }).where(eq(stores.id, shop.id));
    const owner = await ownerOf(shop);
    const staff = await joined(owner, "staff");
    const manager = await joined(owner, "manager");
    const customer = await registerVerified(owner.api);
    const placed = await owner.api("POST", "/api/storeOrder/create", {
      token: customer.token,
      body: {
        products: [{ productId: shop.apple, quantity: 2 }],
        delivery_type: "pickup",
        pickupOption: shop.pickupPoint,
        payment_gateway: "cash",
        customer_name: "Dana Levi",
      },
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const orderId = placed.json.data.order.id as number;
    for (const action of ["confirm", "startPreparing", "readyForPickup", "deliver"])
      expect((await owner.as("/api/staff/orders/move", { orderId, action })).status).toBe(200);
    const lineId = placed.json.data.order.lines[0].id as number;
    const asked = await owner.api("POST", "/api/storeOrder/refund/storeCustomer", {
      token: customer.token,
      body: { orderId, lines: [{ orderLineId: lineId, quantity: 2 }], reason: "Bruised" },
    });
    const refundId = asked.json.data.id as number;
    const over = await owner.api("POST", "/api/staff/refunds/answer", {
      token: staff.token,
      body: { refundId, decision: "approve" },
    });
    expectError(over, "REFUND_OVER_STAFF_LIMIT");
    expect(over.json.msg).toContain("1.00");
    const given = await manager.as("/api/staff/refunds/answer", { refundId, decision: "approve" });
    expect(given.json.data).toMatchObject({ status: "refunded" });
    const audit = await owner.as("/api/staff/audit", { action: "refund" });
    expect(audit.json.data.records).toEqual([
      expect.objectContaining({ staffId: manager.id, action: "refund.answer" }),
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the last owner, from two API processes", () => {
  const pools = twoConnectionPools(2);

  it("keeps one owner when two owners step down at the same moment", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const second = await joined(owner, "owner");
    const { handle } = await testHarness();
    const members = await handle.db.select().from(staffMembers).where(eq(staffMembers.storeId, shop.id));
    const accountOf = (id: number) => ({ member: members.find((m) => m.id === id) }) as StaffAccount;
    const firstId = (await owner.as("/api/staff/me")).json.data.id as number;
    const [a, b] = pools();
    const outcomes = await Promise.allSettled([
      updateStaffAccount(a.db, shop.id, accountOf(firstId), { staffId: firstId, role: "staff" }),
      updateStaffAccount(b.db, shop.id, accountOf(second.id), { staffId: second.id, role: "staff" }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const owners = (
      await handle.db.select().from(staffMembers).where(eq(staffMembers.storeId, shop.id))
    ).filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });
});
