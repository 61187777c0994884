import type { Locale } from "@stoa/contract";

export type PageViewEvent = { event: "page_view"; page_path: string; page_title: string; locale: Locale };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes a page view to the tracking data layer (spec §2: on every route change). */
export function pushPageView(event: Omit<PageViewEvent, "event">): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event: "page_view", ...event } satisfies PageViewEvent);
}
