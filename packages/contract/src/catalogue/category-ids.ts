// A rule of its own, apart from the catalogue's schemas: the storefront's listing reads it on first
// load, and a module that defines zod schemas would bring zod along (decision 026).

import { MAX_ID } from "../platform/constants.ts";

/**
 * Spec §5: the category filter keeps only ids that are numeric and at least 0 — and no larger than
 * an id can be (MAX_ID), so a number from a hand-made address never reaches a query.
 */
export function keepCategoryIds(ids: readonly unknown[]): number[] {
  const kept: number[] = [];
  for (const id of ids) {
    const n =
      typeof id === "number" ? id : typeof id === "string" && /^\d+$/.test(id.trim()) ? Number(id) : NaN;
    if (Number.isSafeInteger(n) && n >= 0 && n <= MAX_ID && !kept.includes(n)) kept.push(n);
  }
  return kept;
}
