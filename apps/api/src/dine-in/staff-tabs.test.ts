import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../staff/tables.ts";
import { restaurantOf } from "../test/dine-in-tabs.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { tabLines, tableTabs } from "./tables.ts";

// The shared database is migrated and seeded once, before the first test's clock starts.
beforeAll(async () => {
  await testHarness();
});

/** A restaurant with its owner signed in, and a table where Maya sent one round of two apples. */
async function servedTable(options: { seat?: boolean } = {}) {
  const shop = await openShop();
  const restaurant = await restaurantOf(shop);
  const owner = await shopOwner(shop);
  const tableId = await restaurant.table();
  if (options.seat) await owner.as("/api/staff/tabs/seat", { tableId });
  const maya = await restaurant.diner(tableId);
  await maya.open("Maya");
  const sent = await maya.round("maya-round-1", [{ productId: shop.apple, quantity: 2 }]);
  const tab = sent.json.data;
  return { shop, ...restaurant, owner, tableId, maya, tab };
}

describe("the table board", () => {
  it("shows every table with how it stands, in one answer whose version moves with a change", async () => {
    const { owner, table, tableId, tab, shop } = await servedTable();
    const free = await table("Garden 2");
    const off = await table("Garden 3", false);
    const board = await owner.api("GET", "/api/staff/tables/board", { token: owner.token });
    expect(board.status).toBe(200);
    const byId = new Map(board.json.data.tables.map((t: { table: { id: number } }) => [t.table.id, t]));
    expect(byId.get(tableId)).toMatchObject({
      state: "unconfirmed",
      tabId: tab.id,
      diners: 1,
      goods: 500,
      balance: 500,
      heldRounds: 1,
      minutesSinceLastRound: 0,
      counterAsked: false,
    });
    expect(byId.get(free)).toMatchObject({ state: "free", tabId: null, minutesSinceLastRound: null });
    expect(byId.get(off)).toMatchObject({ state: "inactive" });
    expect(board.json.data.currency).toBe("USD");
    await owner.as("/api/staff/tabs/confirm", { tabId: tab.id });
    const after = await owner.api("GET", "/api/staff/tables/board", { token: owner.token });
    expect(after.json.data.version).not.toBe(board.json.data.version);
    const confirmed = after.json.data.tables.find((t: { tabId: number | null }) => t.tabId === tab.id);
    expect(confirmed).toMatchObject({ state: "waitingForFood", heldRounds: 0 });
    const other = await openShop();
    const theirs = await shopOwner(other);
    const elsewhere = await theirs.api("GET", "/api/staff/tables/board", { token: theirs.token });
    expect(elsewhere.json.data.tables).toEqual([]);
    expect(shop.id).not.toBe(other.id);
  });

  it("is for members who serve tables: the kitchen is refused, and no token is refused", async () => {
    const { owner } = await servedTable();
    const cook = await owner.member("kitchen");
    expectError(await owner.api("GET", "/api/staff/tables/board", { token: cook }), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.as("/api/staff/tabs/detail", { tabId: 1 }, cook), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.as("/api/staff/tabs/seat", { tableId: 1 }, cook), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.api("GET", "/api/staff/tables/board"), "UNAUTHORIZED");
  });
});

describe("staff on a tab", () => {
  it("reads a tab of the shop only", async () => {
    const { owner, tab } = await servedTable();
    const read = await owner.as("/api/staff/tabs/detail", { tabId: tab.id });
    expect(read.json.data).toMatchObject({ id: tab.id, you: null, goods: 500 });
    const other = await shopOwner(await openShop());
    expectError(await other.as("/api/staff/tabs/detail", { tabId: tab.id }), "NOT_FOUND");
  });

  it("seats a party at a free table, never at a busy one", async () => {
    const { owner, table, tableId } = await servedTable();
    const free = await table();
    const seated = await owner.as("/api/staff/tabs/seat", { tableId: free });
    expect(seated.json.data).toMatchObject({ confirmed: true, status: "open", table: { id: free } });
    expectError(await owner.as("/api/staff/tabs/seat", { tableId }), "TABLE_BUSY");
    expectError(await owner.as("/api/staff/tabs/seat", { tableId: 999999 }), "NOT_FOUND");
  });

  it("confirms a tab: its held rounds go to the kitchen", async () => {
    const { owner, tab, maya } = await servedTable();
    const confirmed = await owner.as("/api/staff/tabs/confirm", { tabId: tab.id });
    expect(confirmed.json.data).toMatchObject({ confirmed: true, rounds: [{ status: "sent" }] });
    expect(confirmed.json.data.version).toBeGreaterThan(tab.version);
    const next = await maya.round("after-confirm", [
      { productId: (await maya.tab()).json.data.rounds[0].lines[0].productId, quantity: 1 },
    ]);
    expect(next.json.data.rounds[1].status).toBe("sent");
  });

  it("moves a tab to a free table with its diners, and records it", async () => {
    const { owner, tab, table, tableId, maya, db, shop } = await servedTable();
    const to = await table("Bar 1");
    const moved = await owner.as("/api/staff/tabs/move", { tabId: tab.id, tableId: to });
    expect(moved.json.data).toMatchObject({ table: { id: to, name: "Bar 1" } });
    expect((await maya.tab()).json.data.table.id).toBe(to);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.storeId, shop.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "tab.move", subject: `tab:${tab.id}`, before: { tableId } });
    const busy = await table();
    await owner.as("/api/staff/tabs/seat", { tableId: busy });
    expectError(await owner.as("/api/staff/tabs/move", { tabId: tab.id, tableId: busy }), "TABLE_BUSY");
    expectError(await owner.as("/api/staff/tabs/move", { tabId: tab.id, tableId: to }), "TABLE_BUSY");
  });

  it("merges one table's tab into another's: rounds renumbered, diners moved, the first closed", async () => {
    const { owner, tab, restaurant, shop, maya } = await (async () => {
      const served = await servedTable({ seat: true });
      return { ...served, restaurant: served };
    })();
    const second = await restaurant.table();
    const noa = await restaurant.diner(second);
    await noa.open("Noa");
    const theirs = (await noa.round("noa-round-1", [{ productId: shop.apple, quantity: 1 }])).json.data;
    const merged = await owner.as("/api/staff/tabs/merge", { tabId: theirs.id, intoTabId: tab.id });
    expect(merged.json.data.id).toBe(tab.id);
    expect(
      merged.json.data.rounds.map((r: { ticket: number; dinerName: string }) => [r.ticket, r.dinerName]),
    ).toEqual([
      [1, "Maya"],
      [2, "Noa"],
    ]);
    // The tab merged into is confirmed: Noa's held round goes to the kitchen with it.
    expect(merged.json.data.rounds[1].status).toBe("sent");
    expect(merged.json.data).toMatchObject({ goods: 750, diners: ["Maya", "Noa"] });
    expect((await noa.tab()).json.data.id).toBe(tab.id);
    const [closed] = await restaurant.db
      .select()
      .from(tableTabs)
      .where(and(eq(tableTabs.storeId, shop.id), eq(tableTabs.id, theirs.id)));
    expect(closed).toMatchObject({ status: "closed", mergedIntoTabId: tab.id });
    const next = await maya.round("after-merge", [{ productId: shop.apple, quantity: 1 }]);
    expect(next.json.data.rounds.at(-1).ticket).toBe(3);
    expectError(
      await owner.as("/api/staff/tabs/merge", { tabId: theirs.id, intoTabId: tab.id }),
      "TAB_NOT_OPEN",
    );
    expectError(
      await owner.as("/api/staff/tabs/merge", { tabId: tab.id, intoTabId: tab.id }),
      "INVALID_INPUT",
    );
  });

  it("voids a line with its reason, gives its stock back, and never voids a paid line", async () => {
    const { owner, tab, shop, db } = await servedTable();
    const line = tab.rounds[0].lines[0];
    expect(await shop.stockOf(shop.apple)).toBe(98);
    expectError(
      await owner.as("/api/staff/tabs/void-line", { tabId: tab.id, lineId: line.id, reason: " " }),
      "INVALID_INPUT",
    );
    const voided = await owner.as("/api/staff/tabs/void-line", {
      tabId: tab.id,
      lineId: line.id,
      reason: "sent twice",
    });
    expect(voided.json.data.rounds[0].lines[0]).toMatchObject({ voided: true, voidReason: "sent twice" });
    expect(voided.json.data).toMatchObject({ goods: 0, balance: 0 });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    const [row] = await db
      .select()
      .from(tabLines)
      .where(and(eq(tabLines.storeId, shop.id), eq(tabLines.id, line.id)));
    expect(row?.voidedBy).not.toBeNull();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.storeId, shop.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "tab.void_line", after: { reason: "sent twice" } });

    const paid = await servedTable();
    const paidLine = paid.tab.rounds[0].lines[0];
    await paid.db
      .update(tabLines)
      .set({ shareId: 1 })
      .where(and(eq(tabLines.storeId, paid.shop.id), eq(tabLines.id, paidLine.id)));
    expectError(
      await paid.owner.as("/api/staff/tabs/void-line", {
        tabId: paid.tab.id,
        lineId: paidLine.id,
        reason: "x",
      }),
      "SHARE_TAKEN",
    );
    expectError(
      await paid.owner.as("/api/staff/tabs/void-line", { tabId: paid.tab.id, lineId: line.id, reason: "x" }),
      "NOT_FOUND",
    );
  });
});

describe("the kitchen screen", () => {
  it("shows sent tickets oldest first, moves them a step at a time, and undoes a wrong done", async () => {
    const { owner, tab, maya, shop } = await servedTable({ seat: true });
    await maya.round("maya-round-2", [{ productId: shop.apple, quantity: 1, note: "no peel" }]);
    const cook = await owner.member("kitchen");
    const queue = await owner.api("GET", "/api/staff/kitchen", { token: cook });
    expect(queue.status).toBe(200);
    expect(queue.json.data.tickets.map((t: { ticket: number }) => t.ticket)).toEqual([1, 2]);
    expect(queue.json.data.tickets[1]).toMatchObject({
      tabId: tab.id,
      dinerName: "Maya",
      lines: [{ note: "no peel" }],
    });
    const roundId = queue.json.data.tickets[0].roundId;
    const move = (to: string) => owner.as("/api/staff/kitchen/move", { roundId, to }, cook);
    expectError(await move("served"), "KITCHEN_MOVE_INVALID");
    expect((await move("preparing")).json.data.tickets[0].status).toBe("preparing");
    expect((await move("preparing")).status).toBe(200);
    const done = await move("served");
    expect(done.json.data.tickets.map((t: { ticket: number }) => t.ticket)).toEqual([2]);
    expect(done.json.data.served[0]).toMatchObject({ roundId, status: "served" });
    expect(done.json.data.version).not.toBe(queue.json.data.version);
    const undone = await move("preparing");
    expect(undone.json.data.tickets.map((t: { ticket: number }) => t.ticket)).toEqual([1, 2]);
    expect((await maya.tab()).json.data.rounds[0].status).toBe("preparing");
  });

  it("never moves a held round, nor another shop's, and is refused to a call without a token", async () => {
    const { owner, tab } = await servedTable();
    const roundId = tab.rounds[0].id;
    expectError(
      await owner.as("/api/staff/kitchen/move", { roundId, to: "preparing" }),
      "KITCHEN_MOVE_INVALID",
    );
    const queue = await owner.api("GET", "/api/staff/kitchen", { token: owner.token });
    expect(queue.json.data.tickets).toEqual([]);
    const other = await shopOwner(await openShop());
    expectError(await other.as("/api/staff/kitchen/move", { roundId, to: "preparing" }), "NOT_FOUND");
    expectError(await owner.api("GET", "/api/staff/kitchen"), "UNAUTHORIZED");
  });
});
