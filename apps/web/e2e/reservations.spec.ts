import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { WEB_PORT } from "./ports.ts";
import { API, hydrated, latestMessage, uniqueEmail } from "./support.ts";

/*
 * Reservations (issue 35): a guest reserves a dinner table at the restaurant, gets its link by
 * email and cancels it there; a slot whose seats are all held shows as full, with the waitlist's
 * link. In English on a phone with scripts, and in Arabic on a desktop without them.
 */

const DOMAIN = "restaurant.localhost";
const RESTAURANT = `http://${DOMAIN}:${WEB_PORT}`;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const ZONE = "America/Chicago";

/** A date on the restaurant's calendar, `days` after today there. */
function shopDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function dinnerOf(request: APIRequestContext): Promise<number> {
  const response = await request.post(`${API}/store-service/list`, { headers: { "store-domain": DOMAIN } });
  const { data } = (await response.json()) as { data: { services: { id: number; name: string }[] } };
  return (data.services.find((s) => s.name === "Dinner") as { id: number }).id;
}

/** The start instant of a dinner slot ("19:00") on a day, as the API lays it out. */
async function slotAt(
  request: APIRequestContext,
  serviceId: number,
  date: string,
  time: string,
): Promise<string> {
  const response = await request.get(`${API}/store-reservation/timeslot/search`, {
    headers: { "store-domain": DOMAIN },
    params: { serviceId, date, partySize: 1 },
  });
  const { data } = (await response.json()) as { data: { slots: { start: string; localTime: string }[] } };
  return (data.slots.find((s) => s.localTime === time) as { start: string }).start;
}

async function newPage(
  browser: Browser,
  locale: "en" | "ar",
  viewport: typeof PHONE,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  if (locale === "ar") await context.addCookies([{ name: "lang", value: "ar", domain: DOMAIN, path: "/" }]);
  return context.newPage();
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("a guest reserves a dinner table on a phone and cancels it by the emailed link", async ({
  browser,
  request,
}) => {
  const date = shopDate(4);
  const serviceId = await dinnerOf(request);
  const page = await newPage(browser, "en", PHONE);
  await page.goto(`${RESTAURANT}/reserve`);
  await hydrated(page);
  await page.locator(`[data-service="${serviceId}"]`).check();
  await page.locator("[data-party]").selectOption("3");
  await page.locator("[data-show-days]").click();
  await expect(page).toHaveURL(/party=3/);
  if ((await page.locator(`[data-day="${date}"][data-room="true"]`).count()) === 0)
    await page.locator("[data-month-next]").click();
  await page.locator(`[data-day="${date}"][data-room="true"]`).click();
  await expectNoOverflow(page, PHONE.width);

  // The time picker is the SEL_TIME dialog.
  await page.locator("[data-open-times]").click();
  const dialog = page.locator("[data-reservation-times]");
  await expect(dialog).toBeVisible();
  await dialog.locator('[data-available="true"]', { hasText: "19:30" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-summary]")).toContainText("19:30");

  const email = uniqueEmail("reserve");
  const details = page.locator("[data-details-step]");
  await details.getByLabel("Name").fill("Noa Guest");
  await details.getByLabel("Phone").fill("312 555 0101");
  await details.getByLabel("Email").fill(email);
  await details.getByRole("button", { name: "Confirm reservation" }).click();

  await expect(page).toHaveURL(/\/reserve\/manage\/[\w-]{43}$/);
  const card = page.locator("[data-reservation]");
  await expect(card).toHaveAttribute("data-status", "confirmed");
  await expect(card.locator("[data-local-time]")).toHaveText("19:30");
  const code = (await card.locator("[data-code]").textContent()) as string;
  expect(code).toMatch(/^R-[2-9A-Z]{6}$/);
  await expectNoOverflow(page, PHONE.width);

  // The calendar file, fetched as the browser would follow the link (the shop's host is the browser's to resolve).
  const ics = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { type: response.headers.get("content-type"), text: await response.text() };
  }, `${page.url()}/calendar.ics`);
  expect(ics.type).toContain("text/calendar");
  expect(ics.text).toContain("BEGIN:VEVENT");

  const mail = await latestMessage(request, email, /reserve\/manage\//);
  expect(mail.body).toContain(code);
  const link = /(http\S+\/reserve\/manage\/[\w-]{43})\n/.exec(mail.body)?.[1] as string;
  await page.goto(link.replace(/^http:\/\/[^/]+/, RESTAURANT));
  await page.getByRole("button", { name: "Cancel reservation" }).click();
  await expect(page.locator("[data-reservation]")).toHaveAttribute("data-status", "cancelled");
  await expect(page.getByRole("button", { name: "Cancel reservation" })).toHaveCount(0);
});

test("a time taken while the details were typed is refused on the page, which shows the day's times again", async ({
  browser,
  request,
}) => {
  const date = shopDate(8);
  const serviceId = await dinnerOf(request);
  const start = await slotAt(request, serviceId, date, "18:00");
  const page = await newPage(browser, "en", PHONE, false);
  await page.goto(
    `${RESTAURANT}/reserve?service=${serviceId}&party=2&date=${date}&start=${encodeURIComponent(start)}`,
  );
  const details = page.locator("[data-details-step]");
  await details.getByLabel("Name").fill("Late Guest");
  await details.getByLabel("Phone").fill("312 555 0103");
  await details.getByLabel("Email").fill(uniqueEmail("late"));
  for (let i = 0; i < 4; i++)
    await request.post(`${API}/store-reservation/reserve/create`, {
      headers: { "store-domain": DOMAIN, "Idempotency-Key": `e2e-taken-${date}-${i}` },
      data: {
        serviceId,
        date,
        start,
        partySize: 10,
        name: `Party ${i}`,
        phone: "3125550000",
        email: uniqueEmail("party"),
      },
    });
  await details.getByRole("button", { name: "Confirm reservation" }).click();
  await expect(page.locator("[data-taken]")).toBeVisible();
  await expect(page.locator(`[data-slot="${start}"]`)).toHaveAttribute("data-reason", "full");
  await expectNoOverflow(page, PHONE.width);
});

test("a full slot shows as full with the waitlist's link, and a table is reserved without scripts in Arabic", async ({
  browser,
  request,
}) => {
  const date = shopDate(6);
  const serviceId = await dinnerOf(request);
  const start = await slotAt(request, serviceId, date, "19:00");
  // Forty covers: every seat of 19:00 held.
  for (let i = 0; i < 4; i++)
    await request.post(`${API}/store-reservation/reserve/create`, {
      headers: { "store-domain": DOMAIN, "Idempotency-Key": `e2e-full-${date}-${i}` },
      data: {
        serviceId,
        date,
        start,
        partySize: 10,
        name: `Party ${i}`,
        phone: "3125550000",
        email: uniqueEmail("party"),
      },
    });
  const page = await newPage(browser, "ar", DESKTOP, false);
  await page.goto(`${RESTAURANT}/reserve?service=${serviceId}&party=2&date=${date}`);
  const full = page.locator(`[data-slot="${start}"]`);
  await expect(full).toHaveAttribute("data-available", "false");
  await expect(full).toHaveAttribute("data-reason", "full");
  await expect(full.locator("[data-waitlist]")).toHaveAttribute(
    "href",
    `/reserve/waitlist?${new URLSearchParams({ service: String(serviceId), start, party: "2" })}`,
  );
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  await page.locator('[data-available="true"]', { hasText: "21:30" }).click();
  const details = page.locator("[data-details-step]");
  await details.locator('input[name="name"]').fill("ليلى");
  await details.locator('input[name="phone"]').fill("312 555 0102");
  await details.locator('input[name="email"]').fill(uniqueEmail("reserve-ar"));
  await page.locator("[data-details-step] button[type=submit]").click();
  await expect(page).toHaveURL(/\/reserve\/manage\//);
  await expect(page.locator("[data-reservation]")).toHaveAttribute("data-status", "confirmed");
  await expect(page.locator("[data-local-time]")).toHaveText("21:30");
  await page.locator("[data-cancel-section] button[type=submit]").click();
  await expect(page.locator("[data-reservation]")).toHaveAttribute("data-status", "cancelled");
});
