import {
  type AddOnChoice,
  addOnProblems,
  findVariation,
  type ProductInfo,
  SAVED_CART_LIMIT,
  SAVED_CART_MAX_QUANTITY,
  type SavedCartLine,
  type SavedCartLineInput,
  savedCartLineId,
  savedCartLineSchema,
} from "@stoa/contract";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { ADD_ON_FIELD_PREFIX, CHOICES_FIELD, OPTION_FIELD_PREFIX } from "./cart-fields.ts";
import { CART_ITEMS_PARAM, CART_NOTICE_PARAM, type CartNotice } from "./cart-notice.ts";

/**
 * The cart of a shopper whose page runs no script (decision 047): the saved cart of their session
 * (decision 015), which the server reads and prices, and which the page's scripts take into the
 * device's cart at their first sync. A shopper with no session is given a guest session first,
 * the one guest checkout would give them; a shop without guest checkout asks them to sign in.
 */
export type CartChange =
  | { kind: "add"; line: SavedCartLineInput }
  | { kind: "set"; id: string; quantity: number }
  | { kind: "remove"; id: string };

/** The change a posted cart form asks for, or null when the form is not one the pages send. */
export function cartChangeOf(form: FormData): CartChange | null {
  const intent = form.get("intent");
  const number = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
  };
  if (intent === "add") {
    const line = savedCartLineSchema.safeParse({
      productId: number("productId"),
      variationId: number("variationId"),
      quantity: number("quantity") ?? 1,
    });
    return line.success ? { kind: "add", line: line.data } : null;
  }
  const id = form.get("line");
  if (typeof id !== "string" || id.length === 0 || id.length > 1000) return null;
  if (intent === "remove") return { kind: "remove", id };
  const quantity = number("quantity");
  if (intent === "set" && quantity !== undefined)
    return quantity === 0
      ? { kind: "remove", id }
      : { kind: "set", id, quantity: Math.min(quantity, SAVED_CART_MAX_QUANTITY) };
  return null;
}

/** Whether an add form carries choices the product's options and add-ons must settle. */
export function postsChoices(form: FormData): boolean {
  // A choice left unmade posts no field: the page's form says it has choices all the same.
  if (form.get(CHOICES_FIELD) === "1") return true;
  for (const name of form.keys())
    if (name.startsWith(OPTION_FIELD_PREFIX) || name.startsWith(ADD_ON_FIELD_PREFIX)) return true;
  return false;
}

/**
 * The line a form's choices make of a product, as the scripted page would build it: the variation
 * the chosen values name, and add-ons that keep every group's rule. A choice still to make comes
 * back as "choose" (the page says which), never as a line the shop does not sell.
 */
export function lineOfChoices(
  product: Pick<ProductInfo, "id" | "variationOptions" | "variations" | "addOnGroups">,
  form: FormData,
  quantity: number,
): SavedCartLineInput | "choose" {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const options = product.variationOptions;
  let variationId: number | undefined;
  if (options.length > 0 && product.variations.length > 0) {
    const selection: Record<string, string> = {};
    for (const option of options) {
      const value = text(`${OPTION_FIELD_PREFIX}${option.key}`);
      if (value !== undefined) selection[option.key] = value;
    }
    const variation = findVariation(options, product.variations, selection);
    if (!variation) return "choose";
    variationId = variation.id;
  }
  const groups = product.addOnGroups;
  const choice: Record<string, string[]> = {};
  for (const group of groups) {
    const keys = form
      .getAll(`${ADD_ON_FIELD_PREFIX}${group.key}`)
      .filter(
        (key): key is string => typeof key === "string" && group.items.some((item) => item.key === key),
      );
    if (keys.length > 0) choice[group.key] = [...new Set(keys)];
  }
  if (addOnProblems(groups, choice).length > 0) return "choose";
  const addOns: AddOnChoice | undefined = Object.keys(choice).length > 0 ? choice : undefined;
  const line = savedCartLineSchema.safeParse({
    productId: product.id,
    ...(variationId === undefined ? {} : { variationId }),
    ...(addOns === undefined ? {} : { addOns }),
    quantity,
  });
  return line.success ? line.data : "choose";
}

/** The lines as the saved cart takes them back: what was picked, never a price. */
const asInput = (line: SavedCartLine): SavedCartLineInput => ({
  productId: line.productId,
  ...(line.variationId === undefined ? {} : { variationId: line.variationId }),
  ...(line.addOns === undefined ? {} : { addOns: line.addOns }),
  quantity: line.quantity,
});

/** The lines after a change; the added line is combined with the same line already there. */
export function changedLines(lines: readonly SavedCartLine[], change: CartChange): SavedCartLineInput[] {
  const inputs = lines.map(asInput);
  if (change.kind === "remove") return inputs.filter((_, i) => lines[i]?.id !== change.id);
  if (change.kind === "set")
    return inputs.map((line, i) =>
      lines[i]?.id === change.id ? { ...line, quantity: change.quantity } : line,
    );
  const id = savedCartLineId(change.line);
  const at = lines.findIndex((line) => line.id === id);
  if (at < 0) return [...inputs, change.line].slice(-SAVED_CART_LIMIT);
  return inputs.map((line, i) =>
    i === at
      ? { ...line, quantity: Math.min(line.quantity + change.line.quantity, SAVED_CART_MAX_QUANTITY) }
      : line,
  );
}

export type CartFormOutcome = {
  notice: CartNotice;
  sessionCookie?: string;
  /** Items in the saved cart once written; absent when nothing was written. */
  items?: number;
};

/**
 * Applies a cart form's change to the session's saved cart. The saved cart brings quantities down
 * to stock itself; an add that changed nothing is told apart ("all we have"). Reading then writing
 * is not one transaction: a page without scripts sends one change at a time.
 */
export async function applyCartChange(storeApi: StoreApi, change: CartChange): Promise<CartFormOutcome> {
  let sessionCookie: string | undefined;
  const headers: Record<string, string> = {};
  if (!storeApi.hasSession) {
    if (change.kind !== "add") return { notice: "empty" };
    const store = await storeApi.page("storeGetByDomain", {});
    if (!store.shopSettings.guestCheckout) return { notice: "sign-in" };
    const guest = await storeApi.form("guestLogin", { body: {} });
    if (!guest.ok) return { notice: "failed" };
    sessionCookie = storeApi.sessionCookie(guest.data.token);
    // This request came without a token: the calls below carry the new session's.
    headers.authorization = `Bearer ${guest.data.token}`;
  }
  const saved = await storeApi.form("savedCart", {}, { headers });
  if (!saved.ok) return { notice: "failed", sessionCookie };
  const items = changedLines(saved.data.items, change);
  const written = await storeApi.form("saveCart", { body: { items } }, { headers });
  if (!written.ok) return { notice: "failed", sessionCookie };
  const count = written.data.items.reduce((sum, line) => sum + line.quantity, 0);
  if (change.kind !== "add") return { notice: "changed", sessionCookie, items: count };
  const id = savedCartLineId(change.line);
  const before = saved.data.items.find((line) => line.id === id)?.quantity ?? 0;
  const now = written.data.items.find((line) => line.id === id)?.quantity ?? 0;
  return { notice: now > before ? "added" : "stock-limit", sessionCookie, items: count };
}

/** Where a cart form sends the shopper back: a path of this shop, with the notice to show there. */
export function backWithNotice(back: FormDataEntryValue | null, notice: CartNotice, items?: number): string {
  const path = typeof back === "string" && back.startsWith("/") && !back.startsWith("//") ? back : "/cart";
  const url = new URL(path, "http://shop");
  url.searchParams.set(CART_NOTICE_PARAM, notice);
  if (items === undefined) url.searchParams.delete(CART_ITEMS_PARAM);
  else url.searchParams.set(CART_ITEMS_PARAM, String(items));
  return `${url.pathname}${url.search}`;
}
