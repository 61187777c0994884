import { expect, test } from "@playwright/test";
import { GROCERY, hydrated } from "./support.ts";

type PageView = { event: string; page_path: string; page_title: string; locale: string };

test("a page view is pushed to the data layer on the first page and on every navigation", async ({
  page,
}) => {
  const pageViews = () =>
    page.evaluate(() =>
      ((window as { dataLayer?: PageView[] }).dataLayer ?? []).filter((entry) => entry.event === "page_view"),
    );
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  expect(await pageViews()).toEqual([
    { event: "page_view", page_path: "/", page_title: await page.title(), locale: "en" },
  ]);

  await page.locator("header").getByRole("link", { name: "All products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(async () => (await pageViews()).length).toBe(2);
  const [, second] = await pageViews();
  expect(second).toMatchObject({ event: "page_view", page_path: "/products", locale: "en" });
  expect(second?.page_title).toBe(await page.title());
});

test("an uncaught error of the page is reported to the log call", async ({ page }) => {
  // The beacon's body is not visible on the wire to the test, so the page keeps a copy of what it sends.
  await page.addInitScript(() => {
    const sent: Promise<string>[] = [];
    (window as { sentBeacons?: Promise<string>[] }).sentBeacons = sent;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) sent.push(data.text());
      return original(url, data);
    };
  });
  await page.goto(`${GROCERY}/`);
  await hydrated(page);
  const reported = page.waitForRequest((request) => request.url().endsWith("/auth/log"));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("journey check: broken widget");
    });
  });
  await reported;
  const [body] = await page.evaluate(() =>
    Promise.all((window as { sentBeacons?: Promise<string>[] }).sentBeacons ?? []),
  );
  const line = JSON.parse(body ?? "{}") as { level: string; code: string; message: string };
  expect(line).toMatchObject({ level: "error", code: "uncaught-error" });
  expect(line.message).toContain("journey check: broken widget");
  // Sent as the page's own beacon is: the storefront refuses posts that do not name its origin.
  const answer = await page.request.post(`${GROCERY}/auth/log`, { data: line, headers: { origin: GROCERY } });
  expect(answer.status()).toBe(204);
});
