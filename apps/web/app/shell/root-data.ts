import type { Category, Locale, StoreByDomain } from "@stoa/contract";
import { useRouteLoaderData } from "react-router";
import type { PageProblem } from "../platform/api/page-problem.ts";
import type { AuthState } from "../platform/session/auth-state.ts";

type RootBase = {
  locale: Locale;
  /** Origin of this request, for absolute URLs in page metadata. */
  origin: string;
};

export type ShopRootData = RootBase & {
  kind: "shop";
  store: StoreByDomain;
  categories: Category[];
  table: string | null;
  /** Who is signed in; the token itself stays in its httpOnly cookie. */
  auth: AuthState;
  /** Set when the page itself cannot be shown, though the shop can (a form posted where none is taken). */
  problem?: PageProblem;
};

/** The host has no shop, or the store API cannot be reached: the whole site shows this problem. */
export type ProblemRootData = RootBase & { kind: "problem"; problem: PageProblem; domain: string };

export type RootData = ShopRootData | ProblemRootData;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/** The shop of this request; only for components inside the shop shell. */
export function useShop(): ShopRootData {
  const root = useRootData();
  if (root?.kind !== "shop") throw new Error("useShop is only available inside the shop shell");
  return root;
}

/** The shopper's session state; only inside the shop shell. */
export function useAuth(): AuthState {
  return useShop().auth;
}
