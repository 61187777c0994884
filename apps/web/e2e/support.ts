import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Envelope, Paginated, ProductSummary, StoreByDomain } from "@stoa/contract";
import { API_PORT, WEB_PORT } from "./ports.ts";

export const API = `http://127.0.0.1:${API_PORT}`;
export const GROCERY = `http://localhost:${WEB_PORT}`;
export const CATERING = `http://catering.localhost:${WEB_PORT}`;

/** Asks the store API directly, as a shop's own storefront would, to know what the page should show. */
async function apiCall<T>(
  request: APIRequestContext,
  domain: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = body
    ? await request.post(`${API}${path}`, { headers: { "store-domain": domain }, data: body })
    : await request.get(`${API}${path}`, { headers: { "store-domain": domain } });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${domain} ${path}`).toBe("0");
  return envelope.data;
}

export function storeOf(request: APIRequestContext, domain: string) {
  return apiCall<StoreByDomain>(request, domain, "/api/store/getByDomain");
}

export function productsOf(request: APIRequestContext, domain: string, limit = 30) {
  return apiCall<Paginated<ProductSummary>>(
    request,
    domain,
    `/api/storeProduct/search?limit=${limit}&page=1`,
    {},
  );
}

export function englishName(store: StoreByDomain): string {
  return (JSON.parse(store.storeNameLocalizations) as { en: string }).en;
}

/**
 * Waits until React has taken over the server-rendered page, so clicks reach their handlers: the
 * first page view is pushed from an effect, which only runs once the page is hydrated.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as { dataLayer?: unknown[] }).dataLayer?.length);
}

/** The physical edge an open drawer sits on. */
export async function drawerEdge(page: Page): Promise<"left" | "right"> {
  const panel = page.locator('[role="dialog"][data-drawer-side][aria-hidden="false"]');
  await expect(panel).toBeVisible();
  // Wait for the slide to finish before measuring.
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      if (!box) return "moving";
      if (Math.abs(box.x) < 1) return "left";
      if (Math.abs(box.x + box.width - width) < 1) return "right";
      return "moving";
    })
    .not.toBe("moving");
  const box = await panel.boundingBox();
  return box && Math.abs(box.x) < 1 ? "left" : "right";
}
