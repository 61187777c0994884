import type { Category, Locale } from "@stoa/contract";
import { localized } from "@stoa/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { perCatalogueVersion } from "./per-version.ts";
import { type CategoryRow, categories } from "./tables.ts";

export type CategoryFilter = { isAvailable?: boolean; language: Locale };

/** All shown categories of a store, ordered; a store has tens of them, so one indexed read is enough. */
export async function shownCategories(db: Database, storeId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.storeId, storeId), eq(categories.isShow, true)))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** The same, read once per catalogue version (answers built afresh read it on every request). */
export const shownCategoriesOf = perCatalogueVersion(shownCategories);

/**
 * Builds the category tree. A child whose parent is hidden or filtered out is dropped with it: a
 * shopper should never reach a category through a hidden one.
 */
export function categoryTree(rows: CategoryRow[], { isAvailable, language }: CategoryFilter): Category[] {
  const kept = rows.filter((row) => isAvailable === undefined || row.isAvailable === isAvailable);
  const nodes = new Map<number, Category>();
  for (const row of kept) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      name: localized(row.nameLocalizations, language),
      nameLocalizations: row.nameLocalizations,
      slug: row.slug,
      image: row.image,
      icon: row.icon,
      isShow: row.isShow,
      isAvailable: row.isAvailable,
      sort: row.sort,
      layout: row.layout,
      children: [],
    });
  }
  const roots: Category[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === null) roots.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  return roots;
}

/** A category and every category below it, so filtering by "Fruit" also finds "Citrus". */
export function withDescendants(rows: CategoryRow[], ids: number[]): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row.id]);
  }
  const out = new Set<number>();
  const queue = [...ids];
  while (queue.length > 0) {
    const id = queue.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(childrenOf.get(id) ?? []));
  }
  return [...out];
}
