import type { Locale } from "@stoa/contract";

export type PageViewEvent = { event: "page_view"; page_path: string; page_title: string; locale: Locale };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Query parameters that open something by themselves (a guest's order link, `/orders/<id>?token=`):
 * what the data layer hands to tracking never carries them.
 */
const SECRET_PARAMS = ["token", "signature"];

/** The page's path and query as tracking sees it: secrets named, never their values. */
export function trackedPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  let hidden = false;
  for (const name of SECRET_PARAMS)
    if (params.has(name)) {
      params.set(name, "hidden");
      hidden = true;
    }
  if (!hidden) return `${pathname}${search}`;
  return `${pathname}?${params}`;
}

/** Pushes a page view to the tracking data layer (spec §2: on every route change). */
export function pushPageView(event: Omit<PageViewEvent, "event">): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event: "page_view", ...event } satisfies PageViewEvent);
}
