// Plain checks of the cart as the storefront keeps it in browser storage, without zod: see
// platform/plain-checks.ts and decision 026. Each answers what its schema in ./schemas.ts answers;
// checks.test.ts holds them to it.
import { asProductImage } from "../catalogue/checks.ts";
import { isLocale } from "../platform/locale.ts";
import {
  anything,
  isBoolean,
  isInt,
  isObject,
  isString,
  isStringList,
  recordOf,
} from "../platform/plain-checks.ts";
import type { CartItem, CartState } from "./schemas.ts";

const any = (_key: string) => true;

/** `cartAddOnsSchema`: item keys by group key. */
export function asCartAddOns(value: unknown): Record<string, string[]> | null {
  return recordOf(value, any, isStringList);
}

/** `cartItemSchema`: one cart line. */
export function asCartItem(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const v = value;
  const addOns = v.addOns === undefined ? undefined : asCartAddOns(v.addOns);
  const image = v.image === null ? null : asProductImage(v.image);
  if (
    !isString(v.id) ||
    !isInt(v.productId) ||
    !(v.variationId === undefined || isInt(v.variationId)) ||
    addOns === null ||
    !isString(v.name) ||
    !(v.options === undefined || isStringList(v.options)) ||
    !(v.slug === undefined || isString(v.slug)) ||
    (v.image !== null && !image) ||
    !isInt(v.price) ||
    !(v.regularPrice === undefined || isInt(v.regularPrice)) ||
    !(v.currency === undefined || isString(v.currency)) ||
    !isInt(v.quantity) ||
    v.quantity <= 0 ||
    !isInt(v.stock) ||
    !isInt(v.itemTotal) ||
    !(v.isDigital === undefined || isBoolean(v.isDigital))
  )
    return null;
  // An optional field the value lacks stays out of the line, as zod leaves it out.
  const line: Record<string, unknown> = { id: v.id, productId: v.productId };
  if ("variationId" in v) line.variationId = v.variationId;
  if ("addOns" in v) line.addOns = addOns;
  line.name = v.name;
  if ("options" in v) line.options = Array.isArray(v.options) ? [...v.options] : v.options;
  if ("slug" in v) line.slug = v.slug;
  line.image = image;
  line.price = v.price;
  if ("regularPrice" in v) line.regularPrice = v.regularPrice;
  if ("currency" in v) line.currency = v.currency;
  line.quantity = v.quantity;
  line.stock = v.stock;
  line.itemTotal = v.itemTotal;
  if ("isDigital" in v) line.isDigital = v.isDigital;
  const recipient = giftRecipientOf(v.giftRecipient);
  if (recipient) line.giftRecipient = recipient;
  return line as CartItem;
}

/** A stored line's gift recipient, kept only when each field is of its kind (the API checks the rest). */
function giftRecipientOf(value: unknown): CartItem["giftRecipient"] | null {
  if (!isObject(value)) return null;
  const { name, email, message, sendOn } = value;
  if (!isString(name) || !isString(email) || !isString(message)) return null;
  if (!(sendOn === null || isString(sendOn))) return null;
  return { name, email, message, sendOn };
}

/** `cartStateSchema`: the cart as stored. */
export function asCartState(value: unknown): CartState | null {
  if (!isObject(value) || !Array.isArray(value.items)) return null;
  const v = value;
  const items: CartItem[] = [];
  for (const entry of value.items) {
    const item = asCartItem(entry);
    if (!item) return null;
    items.push(item);
  }
  const meta = v.meta === null ? null : recordOf(v.meta, any, anything);
  if (
    !isBoolean(v.isEmpty) ||
    !isInt(v.totalItems) ||
    !isInt(v.totalUniqueItems) ||
    !isInt(v.total) ||
    (v.meta !== null && !meta) ||
    !isLocale(v.language)
  )
    return null;
  return {
    items,
    isEmpty: v.isEmpty,
    totalItems: v.totalItems,
    totalUniqueItems: v.totalUniqueItems,
    total: v.total,
    meta,
    language: v.language,
  };
}
