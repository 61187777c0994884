import type { Branch } from "@stoa/contract";

/** The storefront's page of branches: the picker's form posts here and its list comes from here. */
export const BRANCHES_PATH = "/branches";

/**
 * The address of a branch's shop: its domain, reached the way this page was (same scheme and port),
 * so a branch opens the same on a developer's machine and behind the live site's proxy.
 */
export function branchHref(requestUrl: string, domain: string): string {
  const url = new URL(requestUrl);
  url.hostname = domain;
  url.pathname = "/";
  url.search = "";
  url.hash = "";
  return url.toString();
}

/** The picker's address that asks the browser's coordinates, rounded: about 11 m is near enough. */
export function branchesNearHref(latitude: number, longitude: number): string {
  const search = new URLSearchParams({ latitude: latitude.toFixed(4), longitude: longitude.toFixed(4) });
  return `${BRANCHES_PATH}?${search}`;
}

export type BranchLink = Branch & { href: string };
