import type { CartItemInput } from "@stoa/contract";
import { createContext, useContext } from "react";

/**
 * Where a chosen dish goes instead of the cart: a table's round basket (dine-in) gives the product
 * modals its own "add", so RESTAURANT_OPTION serves the table page as it serves the menu.
 */
export type LineDestination = {
  /** Takes the line and its quantity, and says so (a toast). */
  add(line: CartItemInput, quantity: number): void;
  /** The add button's words ("Add to the round"). */
  label: string;
};

const Destination = createContext<LineDestination | null>(null);

export const LineDestinationProvider = Destination.Provider;

/** The destination a page gave, or null: the cart. */
export const useLineDestination = () => useContext(Destination);
