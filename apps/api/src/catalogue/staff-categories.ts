import {
  CATEGORY_LAYOUTS,
  type CategoryLayout,
  FIELD_ERROR_KEYS,
  type Localizations,
  type StaffCategory,
  type StaffCategoryForm,
  type StaffCategoryList,
  type StaffCategoryMoveBody,
  type StaffCategoryUpdateBody,
} from "@stoa/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { type CategoryRow, categories } from "./tables.ts";

/*
 * The shop's categories as staff keep them (issue 33). Every change of a category's row raises the
 * shop's catalogue version by trigger (migration 0003), so the storefront's menus and listings show
 * it at once. Edits are made from the version read (decision 058) and audited as
 * `category.create` / `category.update`. A shop has tens of categories: each call reads them all
 * along the primary key (store, id) and works on them in memory.
 */

const versionOf = (row: Pick<CategoryRow, "updatedAt">) => row.updatedAt.toISOString();
const NEXT_VERSION = sql`greatest(now(), date_trunc('milliseconds', ${categories.updatedAt}) + interval '1 millisecond')`;

function answerOf(row: CategoryRow): StaffCategory {
  return {
    id: row.id,
    parentId: row.parentId,
    slug: row.slug,
    nameLocalizations: row.nameLocalizations,
    sort: row.sort,
    isShow: row.isShow,
    isAvailable: row.isAvailable,
    layout: row.layout && (CATEGORY_LAYOUTS as readonly string[]).includes(row.layout) ? row.layout : null,
    version: versionOf(row),
  };
}

/** What the audit keeps of a category: what staff set. */
function formOf(row: CategoryRow) {
  return {
    nameLocalizations: row.nameLocalizations,
    parentId: row.parentId,
    isShow: row.isShow,
    isAvailable: row.isAvailable,
    layout: row.layout,
    sort: row.sort,
  };
}

async function allRows(db: Database, storeId: number): Promise<CategoryRow[]> {
  return db.select().from(categories).where(eq(categories.storeId, storeId)).orderBy(asc(categories.id));
}

const bySortThenId = (a: CategoryRow, b: CategoryRow) => a.sort - b.sort || a.id - b.id;

/** Parents before their children, each level in the shop's order (depth first, as the tree reads). */
function treeOrder(rows: CategoryRow[]): CategoryRow[] {
  const childrenOf = new Map<number | null, CategoryRow[]>();
  const ids = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    // A row whose parent is gone sits at the top, rather than vanishing from the console.
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const out: CategoryRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null) => {
    for (const row of (childrenOf.get(parent) ?? []).sort(bySortThenId)) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

/** The shop's categories for the console, shown and hidden. */
export async function staffCategoryList(db: Database, storeId: number): Promise<StaffCategoryList> {
  return { categories: treeOrder(await allRows(db, storeId)).map(answerOf) };
}

/** A URL word from the English name: letters and digits of any script kept, the rest one hyphen. */
export function categorySlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "category";
}

/** The slug, or the slug with the first number that makes it unique in the shop ("fruit-2"). */
function uniqueSlug(wanted: string, taken: Set<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

function namesOf(form: StaffCategoryForm): Localizations {
  return Object.fromEntries(
    Object.entries(form.nameLocalizations).filter(([, name]) => typeof name === "string" && name !== ""),
  );
}

/** The parent given is the shop's, and not the category itself nor one below it. */
function checkParent(rows: CategoryRow[], parentId: number | null, categoryId: number | null): void {
  if (parentId === null) return;
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (!byId.has(parentId))
    throw new ApiError("INVALID_INPUT", { parentId: FIELD_ERROR_KEYS.categoryParentUnknown });
  if (categoryId === null) return;
  for (let at: number | null = parentId, steps = 0; at !== null && steps <= rows.length; steps++) {
    if (at === categoryId)
      throw new ApiError("INVALID_INPUT", { parentId: FIELD_ERROR_KEYS.categoryParentLoop });
    at = byId.get(at)?.parentId ?? null;
  }
}

/** The sort after every sibling's: a new or moved category comes last among its new siblings. */
function lastSort(rows: CategoryRow[], parentId: number | null, except: number | null): number {
  const siblings = rows.filter((row) => row.parentId === parentId && row.id !== except);
  return siblings.reduce((most, row) => Math.max(most, row.sort), -1) + 1;
}

/**
 * Every category of the shop, read after taking the shop's lock on its tree, so two changes of the
 * tree (a move, a new sibling's place, a new slug) are made one after the other; a shop has tens of
 * them. The rows' own locks alone would not do: a category made by the first change is not among
 * the rows the second one waited for, and both would pick one slug.
 */
async function lockedRows(tx: Database, storeId: number): Promise<CategoryRow[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`categories|${storeId}`}, 0))`);
  return tx
    .select()
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.id))
    .for("update");
}

/** Makes a category, last among its siblings, with a slug from its English name unique in the shop. */
export async function createStaffCategory(
  db: Database,
  storeId: number,
  staffId: number,
  form: StaffCategoryForm,
): Promise<StaffCategory> {
  const row = await db.transaction(async (tx) => {
    const rows = await lockedRows(tx, storeId);
    checkParent(rows, form.parentId, null);
    const slug = uniqueSlug(categorySlug(form.nameLocalizations.en), new Set(rows.map((r) => r.slug)));
    const [made] = await tx
      .insert(categories)
      .values({
        storeId,
        slug,
        parentId: form.parentId,
        nameLocalizations: namesOf(form),
        sort: lastSort(rows, form.parentId, null),
        isShow: form.isShow,
        isAvailable: form.isAvailable,
        layout: form.layout,
      })
      .returning();
    if (!made) throw new Error("category not made");
    await recordChange(tx, {
      storeId,
      staffId,
      action: "category.create",
      subject: `category:${made.slug}`,
      before: null,
      after: formOf(made),
    });
    return made;
  });
  return answerOf(row);
}

function atVersion(rows: CategoryRow[], categoryId: number, version: string): CategoryRow {
  const row = rows.find((r) => r.id === categoryId);
  if (!row) throw new ApiError("NOT_FOUND");
  if (versionOf(row) !== version)
    throw new ApiError("STAFF_EDIT_CONFLICT", undefined, undefined, { category: answerOf(row) });
  return row;
}

/**
 * Changes a category from the version its editor read: names, parent (it then comes last among its
 * new siblings), shown, offered, layout. The slug stays, so shoppers' links keep working.
 */
export async function updateStaffCategory(
  db: Database,
  storeId: number,
  staffId: number,
  body: StaffCategoryUpdateBody,
): Promise<StaffCategory> {
  const { categoryId, version, ...form } = body;
  const row = await db.transaction(async (tx) => {
    const rows = await lockedRows(tx, storeId);
    const before = atVersion(rows, categoryId, version);
    checkParent(rows, form.parentId, categoryId);
    const moved = form.parentId !== before.parentId;
    const [after] = await tx
      .update(categories)
      .set({
        nameLocalizations: namesOf(form),
        parentId: form.parentId,
        isShow: form.isShow,
        isAvailable: form.isAvailable,
        layout: form.layout as CategoryLayout | null,
        ...(moved ? { sort: lastSort(rows, form.parentId, categoryId) } : {}),
        updatedAt: NEXT_VERSION,
      })
      .where(and(eq(categories.storeId, storeId), eq(categories.id, categoryId)))
      .returning();
    if (!after) throw new Error(`category ${categoryId} vanished under its lock`);
    await recordChange(tx, {
      storeId,
      staffId,
      action: "category.update",
      subject: `category:${after.slug}`,
      before: formOf(before),
      after: formOf(after),
    });
    return after;
  });
  return answerOf(row);
}

/**
 * Moves a category one place among its siblings. The siblings are numbered afresh in their order
 * first (rows made elsewhere may share a sort), then the two swapped; audited as an update of the
 * category moved.
 */
export async function moveStaffCategory(
  db: Database,
  storeId: number,
  staffId: number,
  body: StaffCategoryMoveBody,
): Promise<StaffCategoryList> {
  await db.transaction(async (tx) => {
    const rows = await lockedRows(tx, storeId);
    const before = atVersion(rows, body.categoryId, body.version);
    const siblings = rows.filter((row) => row.parentId === before.parentId).sort(bySortThenId);
    const at = siblings.findIndex((row) => row.id === before.id);
    const to = body.direction === "up" ? at - 1 : at + 1;
    const other = siblings[to];
    if (!other) return; // First already, or last: nothing to move.
    siblings[to] = before;
    siblings[at] = other;
    for (const [sort, row] of siblings.entries()) {
      if (row.sort === sort && row.id !== before.id && row.id !== other.id) continue;
      await tx
        .update(categories)
        .set({ sort, updatedAt: NEXT_VERSION })
        .where(and(eq(categories.storeId, storeId), eq(categories.id, row.id)));
    }
    await recordChange(tx, {
      storeId,
      staffId,
      action: "category.update",
      subject: `category:${before.slug}`,
      before: { sort: at },
      after: { sort: to },
    });
  });
  return staffCategoryList(db, storeId);
}
