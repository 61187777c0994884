import { percentOf } from "../platform/money.ts";
import { MAX_TIP_AMOUNT, MAX_TIP_PERCENT, type TipOptionChoice } from "./constants.ts";

/**
 * The tip a choice comes to on an order's goods (before the discount: a tip rewards the service of
 * the whole order, decision 017): a percent rounded once, or the amount typed.
 */
export function tipAmount(option: TipOptionChoice, goods: number): number {
  return option.type === "percent" ? percentOf(goods, option.value) : option.value;
}

/**
 * The largest tip an order takes: as much as its goods, and never above MAX_TIP_AMOUNT. Past that a
 * tip is a slip of the keyboard (1000.00 typed on a 4.50 coffee) or money passed through the shop
 * under another name, not a thank-you. The API refuses it and the tip dialog offers nothing above it.
 */
export function maxTip(goods: number): number {
  return Math.min(percentOf(goods, MAX_TIP_PERCENT), MAX_TIP_AMOUNT);
}
