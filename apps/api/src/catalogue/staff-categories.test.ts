import type { StaffCategoryForm } from "@stoa/contract";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../platform/http/errors.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";
import { categorySlug, updateStaffCategory } from "./staff-categories.ts";

beforeAll(async () => {
  await testHarness();
});

const LIST = "/api/staff/categories/list";
const CREATE = "/api/staff/categories/create";
const UPDATE = "/api/staff/categories/update";
const MOVE = "/api/staff/categories/move";

async function signedIn(shop: Shop) {
  const api = client(shop.domain);
  const token = (await api("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body });
  const member = async (role: string) => {
    const email = freshEmail();
    await as("/api/staff/accounts/invite", { email, name: role, role });
    const link = linkTokenIn((await inbox(email))[0]?.body ?? "");
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: link, password: "a long password 1" },
    });
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}

const form = (en: string, extra: Partial<StaffCategoryForm> = {}): StaffCategoryForm => ({
  nameLocalizations: { en },
  parentId: null,
  isShow: true,
  isAvailable: true,
  layout: null,
  ...extra,
});

type Node = { slug: string; layout: string | null; children: Node[] };
/** The storefront's category tree, as slugs. */
async function shopTree(shop: Shop): Promise<unknown[]> {
  const answer = await client(shop.domain)("POST", "/api/storeProductCategory/search", { body: {} });
  const slugs = (nodes: Node[]): unknown[] =>
    nodes.map((n) => (n.children.length ? { [n.slug]: slugs(n.children) } : n.slug));
  return slugs(answer.json.data as Node[]);
}

describe("the shop's categories in the console", () => {
  it("are made with unique slugs, renamed, moved, ordered, hidden, and the storefront follows", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    const fruit = await owner.as(CREATE, form("Fresh Fruit", { layout: "vegetables" }), manager);
    expect(fruit.status, JSON.stringify(fruit.json)).toBe(200);
    expect(fruit.json.data).toMatchObject({
      slug: "fresh-fruit",
      sort: 0,
      layout: "vegetables",
      isShow: true,
    });
    const again = await owner.as(CREATE, form("Fresh fruit!"), manager);
    expect(again.json.data.slug).toBe("fresh-fruit-2");
    const citrus = await owner.as(CREATE, form("Citrus", { parentId: fruit.json.data.id }), manager);
    expect(citrus.json.data).toMatchObject({ slug: "citrus", parentId: fruit.json.data.id, sort: 0 });
    const bread = await owner.as(CREATE, form("Bread"), manager);
    expect(bread.json.data.sort).toBe(2);
    expect(await shopTree(shop)).toEqual([{ "fresh-fruit": ["citrus"] }, "fresh-fruit-2", "bread"]);
    const tree = await client(shop.domain)("POST", "/api/storeProductCategory/search", { body: {} });
    expect(tree.json.data[0]).toMatchObject({ slug: "fresh-fruit", layout: "vegetables" });

    // Bread up one place: before the second fruit, on the storefront too.
    const moved = await owner.as(MOVE, {
      categoryId: bread.json.data.id,
      version: bread.json.data.version,
      direction: "up",
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      "fresh-fruit",
      "citrus",
      "bread",
      "fresh-fruit-2",
    ]);
    expect(await shopTree(shop)).toEqual([{ "fresh-fruit": ["citrus"] }, "bread", "fresh-fruit-2"]);
    // The first one up stays first.
    const top = moved.json.data.categories[0];
    const stay = await owner.as(MOVE, { categoryId: top.id, version: top.version, direction: "up" });
    expect(stay.json.data.categories.map((c: { slug: string }) => c.slug)[0]).toBe("fresh-fruit");

    // Renamed in Arabic, moved under Bread, hidden: the slug stays, the storefront hides it.
    const second = moved.json.data.categories[3];
    const breadNow = moved.json.data.categories[2];
    const renamed = await owner.as(UPDATE, {
      ...form("More fruit", { parentId: breadNow.id, isShow: false, layout: "compact" }),
      nameLocalizations: { en: "More fruit", ar: "فواكه أخرى" },
      categoryId: second.id,
      version: second.version,
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data).toMatchObject({
      slug: "fresh-fruit-2",
      parentId: breadNow.id,
      isShow: false,
      layout: "compact",
      nameLocalizations: { en: "More fruit", ar: "فواكه أخرى" },
    });
    expect(await shopTree(shop)).toEqual([{ "fresh-fruit": ["citrus"] }, "bread"]);
    const list = await owner.as(LIST);
    expect(list.json.data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      "fresh-fruit",
      "citrus",
      "bread",
      "fresh-fruit-2",
    ]);

    const audit = await owner.as("/api/staff/audit", { action: "category" });
    expect(audit.json.data.records.map((r: { action: string }) => r.action)).toEqual([
      "category.update",
      "category.update",
      "category.create",
      "category.create",
      "category.create",
      "category.create",
    ]);
    expect(audit.json.data.records[0]).toMatchObject({
      subject: "category:fresh-fruit-2",
      before: { isShow: true, parentId: null },
      after: { isShow: false, parentId: breadNow.id, layout: "compact" },
    });
  });

  it("refuses a stale version, a loop, a parent of another shop, and a missing name", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const fruit = (await owner.as(CREATE, form("Fruit"))).json.data;
    const citrus = (await owner.as(CREATE, form("Citrus", { parentId: fruit.id }))).json.data;
    const edited = await owner.as(UPDATE, {
      ...form("Fruits"),
      categoryId: fruit.id,
      version: fruit.version,
    });
    expect(edited.status).toBe(200);
    const stale = await owner.as(UPDATE, {
      ...form("Fruit and nuts"),
      categoryId: fruit.id,
      version: fruit.version,
    });
    expectError(stale, "STAFF_EDIT_CONFLICT");
    expect(stale.json.data.category).toEqual(edited.json.data);
    expectError(
      await owner.as(MOVE, { categoryId: fruit.id, version: fruit.version, direction: "down" }),
      "STAFF_EDIT_CONFLICT",
    );

    const loop = await owner.as(UPDATE, {
      ...form("Fruits", { parentId: citrus.id }),
      categoryId: fruit.id,
      version: edited.json.data.version,
    });
    expectError(loop, "INVALID_INPUT");
    expect(loop.json.data.errors).toEqual({ parentId: "error-category-parent-loop" });
    const itself = await owner.as(UPDATE, {
      ...form("Fruits", { parentId: fruit.id }),
      categoryId: fruit.id,
      version: edited.json.data.version,
    });
    expect(itself.json.data.errors).toEqual({ parentId: "error-category-parent-loop" });

    const other = await openShop();
    const otherOwner = await signedIn(other);
    const theirs = (await otherOwner.as(CREATE, form("Theirs"))).json.data;
    const foreign = await owner.as(CREATE, form("Mine", { parentId: theirs.id }));
    expect(foreign.json.data.errors).toEqual({ parentId: "error-category-parent-unknown" });
    expectError(
      await otherOwner.as(UPDATE, {
        ...form("Taken"),
        categoryId: fruit.id,
        version: edited.json.data.version,
      }),
      "NOT_FOUND",
    );
    const unnamed = await owner.as(CREATE, form(""));
    expect(unnamed.json.data.errors).toEqual({ "nameLocalizations.en": "error-field-required" });
    const badLayout = await owner.as(CREATE, { ...form("Odd"), layout: "spiral" });
    expectError(badLayout, "INVALID_INPUT");
    expect((await otherOwner.as(LIST)).json.data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      "theirs",
    ]);
  });

  it("are refused to shoppers, callers without a session, other shops' staff and roles without the catalogue", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const fruit = (await owner.as(CREATE, form("Fruit"))).json.data;
    const staff = await owner.member("staff");
    const kitchen = await owner.member("kitchen");
    const other = await openShop();
    const { token: shopperToken } = await registerVerified(client(shop.domain));
    for (const [path, body] of [
      [LIST, {}],
      [CREATE, form("Nuts")],
      [UPDATE, { ...form("Fruit"), categoryId: fruit.id, version: fruit.version }],
      [MOVE, { categoryId: fruit.id, version: fruit.version, direction: "down" }],
    ] as const) {
      expectError(await owner.as(path, body, staff), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, shopperToken), "INVALID_SESSION");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
      expectError(await client(other.domain)("POST", path, { token: owner.token, body }), "FORBIDDEN");
    }
    expect((await owner.as(LIST)).json.data.categories).toHaveLength(1);
  });

  it("makes slugs of any script's letters", () => {
    expect(categorySlug("Crème Brûlée & Co.")).toBe("creme-brulee-co");
    expect(categorySlug("  ")).toBe("category");
    expect(categorySlug("خبز")).toBe("خبز");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two edits of one category from two API processes", () => {
  const pools = twoConnectionPools(2);

  it("writes one and refuses the other as a conflict", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const fruit = (await owner.as(CREATE, form("Fruit"))).json.data;
    const staffId = (await owner.as("/api/staff/me")).json.data.id as number;
    const [a, b] = pools();
    const outcomes = await Promise.allSettled([
      updateStaffCategory(a.db, shop.id, staffId, {
        ...form("Fruit A"),
        categoryId: fruit.id,
        version: fruit.version,
      }),
      updateStaffCategory(b.db, shop.id, staffId, {
        ...form("Fruit B"),
        categoryId: fruit.id,
        version: fruit.version,
      }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as ApiError).kind).toBe("STAFF_EDIT_CONFLICT");
    const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{
      nameLocalizations: { en: string };
    }>;
    const list = await owner.as(LIST);
    expect(list.json.data.categories[0].nameLocalizations.en).toBe(written.value.nameLocalizations.en);
  });
});
