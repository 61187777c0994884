import { lineTotal, type PriceRange } from "../platform/money.ts";
import type { AddOnGroup } from "./schemas.ts";

/** The add-ons a diner picked: group key → item keys, in the order they were picked. */
export type AddOnChoice = Readonly<Record<string, readonly string[]>>;

/** Why a dish cannot go to the cart yet, or why a pick was refused. */
export type AddOnProblem =
  | { group: string; kind: "too-few"; limit: number }
  | { group: string; kind: "too-many"; limit: number };

/** A group with exactly one choice behaves like radio buttons: picking another replaces it. */
export function isSingleChoice(group: Pick<AddOnGroup, "maxSelect">): boolean {
  return group.maxSelect === 1;
}

function picked(choice: AddOnChoice, group: string): readonly string[] {
  return choice[group] ?? [];
}

/**
 * Picks or un-picks an item. A single-choice group swaps its pick; a group already at its maximum
 * refuses one more and says so, rather than silently dropping an earlier pick.
 */
export function toggleAddOn(
  groups: readonly AddOnGroup[],
  choice: AddOnChoice,
  groupKey: string,
  itemKey: string,
): { choice: AddOnChoice; refused: AddOnProblem | null } {
  const group = groups.find((g) => g.key === groupKey);
  if (!group?.items.some((item) => item.key === itemKey)) return { choice, refused: null };
  const current = picked(choice, groupKey);
  if (current.includes(itemKey)) {
    // A required single choice stays picked: radio buttons cannot be cleared either.
    if (isSingleChoice(group) && group.minSelect >= 1) return { choice, refused: null };
    return { choice: { ...choice, [groupKey]: current.filter((key) => key !== itemKey) }, refused: null };
  }
  if (isSingleChoice(group)) return { choice: { ...choice, [groupKey]: [itemKey] }, refused: null };
  if (current.length >= group.maxSelect) {
    return { choice, refused: { group: groupKey, kind: "too-many", limit: group.maxSelect } };
  }
  return { choice: { ...choice, [groupKey]: [...current, itemKey] }, refused: null };
}

/** Every group whose rule the choice breaks; empty when the dish can go to the cart. */
export function addOnProblems(groups: readonly AddOnGroup[], choice: AddOnChoice): AddOnProblem[] {
  const problems: AddOnProblem[] = [];
  for (const group of groups) {
    const count = picked(choice, group.key).filter((key) =>
      group.items.some((item) => item.key === key),
    ).length;
    if (count < group.minSelect) problems.push({ group: group.key, kind: "too-few", limit: group.minSelect });
    else if (count > group.maxSelect)
      problems.push({ group: group.key, kind: "too-many", limit: group.maxSelect });
  }
  return problems;
}

/** What the picked add-ons add to one dish, minor units. */
export function addOnsPrice(groups: readonly AddOnGroup[], choice: AddOnChoice): number {
  let total = 0;
  for (const group of groups) {
    for (const key of picked(choice, group.key)) {
      total += group.items.find((item) => item.key === key)?.price ?? 0;
    }
  }
  return total;
}

/** The running total shown on the add button: (dish + add-ons) × quantity. */
export function dishTotal(
  unitPrice: number,
  groups: readonly AddOnGroup[],
  choice: AddOnChoice,
  quantity: number,
): number {
  return lineTotal(unitPrice + addOnsPrice(groups, choice), quantity);
}

/** What the price of a dish's add-ons depends on: each group's rule and its items' prices. */
export type AddOnGroupPrices = Pick<AddOnGroup, "minSelect" | "maxSelect"> & {
  items: readonly Pick<AddOnGroup["items"][number], "price">[];
};

/**
 * The least and the most a dish's add-ons can add to its price while every group keeps its rule:
 * the cheapest picks a group requires, and the dearest picks it allows.
 */
export function addOnsPriceRange(groups: readonly AddOnGroupPrices[]): PriceRange {
  let min = 0;
  let max = 0;
  for (const group of groups) {
    const prices = group.items.map((item) => item.price).sort((a, b) => a - b);
    for (const price of prices.slice(0, group.minSelect)) min += price;
    for (const price of prices.slice(Math.max(0, prices.length - group.maxSelect))) max += price;
  }
  return { min, max };
}
