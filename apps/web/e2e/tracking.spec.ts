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
