import { type Browser, expect, type Page, test } from "@playwright/test";
import type {
  BookingResourceSetup,
  BookingServiceSetup,
  Diary,
  DiaryDetail,
  ReservationServiceSetup,
} from "@stoa/contract";
import { WEB_PORT } from "./ports.ts";
import { API } from "./support.ts";

/*
 * The staff diary (issue 35): staff open the diary of a day with a reservation and mark the party
 * arrived, then close a bay for a morning and see the booking already inside it listed. The
 * journey makes its own service, bay and entries through the console's calls and switches them
 * off afterwards: other journeys share the demo database.
 */

const DOMAIN = "restaurant.localhost";
const SHOP = `http://${DOMAIN}:${WEB_PORT}`;
const STAFF = { email: "staff@stoa.test", password: "stoa-staff-demo" };
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
/** Set to a folder to keep screenshots of the screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A staff call as the console makes it; it must succeed. */
async function staffCall<T>(token: string, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "store-domain": DOMAIN, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: string; msg: string; data: T };
  expect(envelope.code, `${path} ${envelope.msg}`).toBe("0");
  return envelope.data;
}

/** The instant a date and time on the shop's clock stand for. */
function shopInstant(date: string, minutes: number, timezone: string): string {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const wallOf = (instant: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  };
  let instant = wall;
  for (let i = 0; i < 2; i++) instant = wall - (wallOf(instant) - instant);
  return new Date(instant).toISOString();
}

async function signedIn(browser: Browser, locale: "en" | "ar", viewport = PHONE) {
  const context = await browser.newContext({ viewport });
  if (locale === "ar") await context.addCookies([{ name: "lang", value: "ar", domain: DOMAIN, path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${SHOP}/staff/login`);
  await page.locator("#staff-email").fill(STAFF.email);
  await page.locator("#staff-password").fill(STAFF.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
  return page;
}

test("staff mark a party arrived in the day's diary, and closing a bay lists the booking inside it", async ({
  browser,
}) => {
  test.slow();
  const login = await fetch(`${API}/api/staff/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "store-domain": DOMAIN },
    body: JSON.stringify(STAFF),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const tag = Date.now().toString(36);
  const everyDay = [0, 1, 2, 3, 4, 5, 6];
  const dinner = await staffCall<ReservationServiceSetup>(
    token,
    "/api/staff/booking-setup/reservation-service",
    {
      nameLocalizations: { en: `Journey dinner ${tag}`, ar: `عشاء الرحلة ${tag}` },
      weekdays: everyDay,
      firstSlot: 17 * 60,
      lastSlot: 21 * 60,
      slotEveryMinutes: 30,
      stayMinutes: 120,
      capacity: 10,
      partyMin: 1,
      partyMax: 8,
    },
  );
  const fitting = await staffCall<BookingServiceSetup>(token, "/api/staff/booking-setup/service", {
    nameLocalizations: { en: `Journey tasting ${tag}` },
    durationMinutes: 60,
  });
  const room = await staffCall<BookingResourceSetup>(token, "/api/staff/booking-setup/resource", {
    nameLocalizations: { en: `Journey room ${tag}`, ar: `غرفة الرحلة ${tag}` },
    hours: everyDay.map((weekday) => ({ weekday, opens: 8 * 60, closes: 20 * 60 })),
    serviceIds: [fitting.id],
  });
  const today = await staffCall<Diary>(token, "/api/staff/diary", {});
  const day = new Date(Date.parse(`${today.date}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  const party = await staffCall<DiaryDetail>(token, "/api/staff/diary/create", {
    kind: "reservation",
    serviceId: dinner.id,
    partySize: 4,
    startsAt: shopInstant(day, 19 * 60, today.timezone),
    name: "Layla Haddad",
    phone: "+15550100",
    source: "phone",
  });
  const tasting = await staffCall<DiaryDetail>(token, "/api/staff/diary/create", {
    kind: "booking",
    serviceId: fitting.id,
    resourceId: room.id,
    startsAt: shopInstant(day, 10 * 60, today.timezone),
    name: "Omar Said",
    phone: "+15550101",
    source: "walkIn",
  });

  try {
    for (const locale of ["en", "ar"] as const) {
      const page = await signedIn(browser, locale);
      await page.goto(`${SHOP}/staff/diary?date=${day}`);
      const row = page.locator(`[data-diary-entry="${party.entry.code}"]`);
      await expect(row).toBeVisible();
      await expect(page.locator(`[data-diary-entry="${tasting.entry.code}"]`)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(page, `diary-${locale}-phone`);
      if (locale === "en") {
        await row.locator(`[data-mark-arrived="${party.entry.code}"]`).click();
        await expect(row.locator('[data-status="arrived"]')).toBeVisible();
      } else await expect(row.locator('[data-status="arrived"]')).toBeVisible();
      await page.goto(`${SHOP}/staff/diary/booking/${tasting.entry.id}`);
      await expect(page.locator(`[data-diary-detail="${tasting.entry.code}"]`)).toBeVisible();
      await shot(page, `entry-${locale}-phone`);
      await page.goto(`${SHOP}/staff/diary/new?date=${day}`);
      await shot(page, `new-${locale}-phone`);
      await page.goto(`${SHOP}/staff/booking-setup`);
      await shot(page, `setup-${locale}-phone`);
      await page.context().close();
    }

    // Close the room for the morning: the tasting already inside it is listed for staff to handle.
    const page = await signedIn(browser, "en");
    await page.goto(`${SHOP}/staff/diary/exceptions`);
    const form = page.locator("[data-add-hours]");
    await form.locator("#hours-resource").selectOption(String(room.id));
    await form.locator("#hours-day").fill(day);
    await form.locator("#hours-from").fill("09:00");
    await form.locator("#hours-to").fill("12:00");
    await form.locator("#hours-reason").fill(`Deep clean ${tag}`);
    await form.locator("button[type=submit]").click();
    const affected = page.locator("[data-affected]");
    await expect(affected.locator(`[data-diary-entry="${tasting.entry.code}"]`)).toBeVisible();
    await expect(page.locator(`[data-exception="Deep clean ${tag}"]`)).toBeVisible();
    await shot(page, "exceptions-en-phone");
    await page.context().close();

    // The slot fills up: a shopper waits for a place from the waitlist's page.
    await staffCall<DiaryDetail>(token, "/api/staff/diary/create", {
      kind: "reservation",
      serviceId: dinner.id,
      partySize: 6,
      startsAt: party.entry.startsAt,
      name: "Full house",
      source: "walkIn",
    });
    for (const locale of ["en", "ar"] as const) {
      const context = await browser.newContext({ viewport: PHONE });
      if (locale === "ar")
        await context.addCookies([{ name: "lang", value: "ar", domain: DOMAIN, path: "/" }]);
      const shopper = await context.newPage();
      const query = new URLSearchParams({
        service: String(dinner.id),
        start: party.entry.startsAt,
        party: "2",
      });
      await shopper.goto(`${SHOP}/reserve/waitlist?${query}`);
      await shopper.locator("#waitlist-name").fill(`Waiting ${locale}`);
      await shopper.locator("#waitlist-email").fill(`waiting.${locale}.${tag}@example.com`);
      await shot(shopper, `waitlist-${locale}-phone`);
      await shopper.locator("[data-waitlist] button[type=submit]").click();
      await expect(shopper.locator("[data-waitlist-joined]")).toBeVisible();
      await shot(shopper, `waitlist-joined-${locale}-phone`);
      await shopper.goto(`${SHOP}/reserve/waitlist/offer/${"x".repeat(43)}`);
      await expect(shopper.locator('[data-waitlist-offer="expired"]')).toBeVisible();
      await context.close();
    }

    for (const locale of ["en", "ar"] as const) {
      const wide = await signedIn(browser, locale, DESKTOP);
      await wide.goto(`${SHOP}/staff/diary?date=${day}&view=week`);
      await expect(wide.locator(`[data-diary-entry="${party.entry.code}"]`)).toBeVisible();
      await shot(wide, `diary-week-${locale}-desktop`);
      await wide.goto(`${SHOP}/staff/diary/reservation/${party.entry.id}`);
      await shot(wide, `entry-${locale}-desktop`);
      await wide.goto(`${SHOP}/staff/diary/exceptions`);
      await shot(wide, `exceptions-${locale}-desktop`);
      await wide.goto(`${SHOP}/staff/booking-setup`);
      await shot(wide, `setup-${locale}-desktop`);
      await wide.context().close();
    }
  } finally {
    const exceptions = await staffCall<{ exceptions: { kind: string; id: number; reason: string }[] }>(
      token,
      "/api/staff/diary/exceptions",
    );
    for (const e of exceptions.exceptions.filter((x) => x.reason.endsWith(tag)))
      await staffCall(token, "/api/staff/diary/exceptions/remove", { kind: e.kind, id: e.id });
    await staffCall(token, "/api/staff/booking-setup/reservation-service", { ...dinner, active: false });
    await staffCall(token, "/api/staff/booking-setup/service", { ...fitting, active: false });
    await staffCall(token, "/api/staff/booking-setup/resource", { ...room, active: false });
  }
});
