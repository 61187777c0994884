/** Which flyer view the URL asks for: every page in a grid, or one page at a time. */
export type FlyerView = "pages" | "grid";

export function readFlyerView(params: URLSearchParams, pageCount: number): { view: FlyerView; page: number } {
  const view: FlyerView = params.get("view") === "grid" ? "grid" : "pages";
  const asked = Number(params.get("page"));
  const page = Number.isSafeInteger(asked) && asked >= 1 ? Math.min(asked, Math.max(pageCount, 1)) : 1;
  return { view, page };
}

export function flyerHref({ view, page }: { view: FlyerView; page: number }): string {
  if (view === "grid") return "/instoreflyer?view=grid";
  return page > 1 ? `/instoreflyer?page=${page}` : "/instoreflyer";
}

/**
 * The page an arrow key turns to. Arrows point the way pages run on screen, so in a right-to-left
 * page the left arrow goes forward. Other keys keep their own meaning (Home and End scroll the page).
 */
export function pageAfterKey(key: string, current: number, count: number, rtl: boolean): number | null {
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const back = rtl ? "ArrowRight" : "ArrowLeft";
  if (key === forward) return Math.min(current + 1, count);
  if (key === back) return Math.max(current - 1, 1);
  return null;
}
