import { expect, type Page, test } from "@playwright/test";
import type { Envelope, StaffShopSettings } from "@stoa/contract";
import { API, apiData as api, GROCERY, latestMessage, uniqueEmail } from "./support.ts";

const DOMAIN = "localhost";
/** The demo stores' staff account, each demo shop's owner (README). */
const OWNER = { email: "staff@stoa.test", password: "stoa-staff-demo" };
/** Set to a folder to keep screenshots of the console's screens there. */
const SHOTS = process.env.STAFF_SCREENSHOTS;

async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto(`${GROCERY}/staff/login`);
  await page.locator("#staff-email").fill(who.email);
  await page.locator("#staff-password").fill(who.password);
  await page.locator("[data-staff-login] button[type=submit]").click();
  await expect(page.locator("[data-staff-shell]")).toBeVisible();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("the owner invites a member of staff, who sets a password from the emailed link and sees only their role's pages", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const email = uniqueEmail("console-invite");
  await signInAs(page, OWNER);
  // The owner's nav has the team's pages; the member menu says the role.
  const nav = page.locator("#staff-nav");
  await expect(nav.getByRole("link", { name: "Staff", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
  await expect(page.locator("[data-staff-role]")).toHaveAttribute("data-staff-role", "owner");

  await nav.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/staff$/);
  await expect(page.locator(`[data-staff-account="${OWNER.email}"]`)).toBeVisible();
  const invite = page.locator("[data-staff-invite]");
  // The contract's own checks, in words, beside the field.
  await invite.locator("#invite-email").fill("not-an-email");
  await invite.locator("#invite-name").fill("Rana");
  await invite.locator("#invite-email").evaluate((input) => input.removeAttribute("type"));
  await invite.locator("button[type=submit]").click();
  await expect(invite.locator("[data-field-error=email]")).toBeVisible();
  // The owner's own address is taken: said in words.
  await invite.locator("#invite-email").fill(OWNER.email);
  await invite.locator("button[type=submit]").click();
  await expect(invite.locator("[data-field-error=email]")).toContainText("already has an account");

  await invite.locator("#invite-email").fill(email);
  await invite.locator("#invite-name").fill("Rana Haddad");
  await invite.locator("#invite-role").selectOption("staff");
  await invite.locator("button[type=submit]").click();
  await expect(page.locator("[data-form-done]")).toBeVisible();
  await expect(page.locator(`[data-staff-invitation-row="${email}"]`)).toContainText("Rana Haddad");
  await shot(page, "staff-en");

  // The emailed link opens the invitation page of the shop, no session needed.
  const message = await latestMessage(request, email, /\/staff\/invitation\?token=/);
  const token = /\/staff\/invitation\?token=([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
  expect(token).toBeTruthy();
  const invitee = await browser.newContext();
  const member = await invitee.newPage();
  await member.goto(`${GROCERY}/staff/invitation?token=${token}`);
  await expect(member.locator("[data-staff-invitation=invite]")).toContainText(email);
  await expect(member.locator("[data-invitation-role]")).toHaveAttribute("data-invitation-role", "staff");
  await member.locator("#invitation-password").fill("short");
  await member.locator("#invitation-password").evaluate((input) => input.removeAttribute("minlength"));
  await member.locator("[data-staff-invitation-form] button[type=submit]").click();
  await expect(member.locator("[data-field-error=password]")).toBeVisible();
  await member.locator("#invitation-password").fill("rana-console-1");
  await member.locator("[data-staff-invitation-form] button[type=submit]").click();
  await expect(member).toHaveURL(/\/staff\/today$/);
  await expect(member.locator("[data-staff-member]")).toHaveText("Rana Haddad");
  // A member of staff's nav has no team or settings pages.
  const memberNav = member.locator("#staff-nav");
  await expect(memberNav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  for (const name of ["Staff", "Audit log", "Opening hours"])
    await expect(memberNav.getByRole("link", { name, exact: true })).toHaveCount(0);
  // Opened directly, the owner's page says the role cannot open it, inside the console.
  await member.goto(`${GROCERY}/staff/staff`);
  await expect(member.locator("[data-staff-shell] [data-problem=staff-role]")).toBeVisible();
  // The link worked once.
  await member.goto(`${GROCERY}/staff/invitation?token=${token}`);
  await expect(member.locator("[data-staff-invitation=invalid]")).toBeVisible();
  await invitee.close();

  // The owner's list now has the member, signed in.
  await page.reload();
  await expect(page.locator(`[data-staff-account="${email}"]`)).toContainText("Rana Haddad");
  await expect(page.locator(`[data-staff-invitation-row="${email}"]`)).toHaveCount(0);

  // The audit log has the invitation.
  const { token: ownerToken } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const audit = await api<{ records: { action: string; subject: string }[] }>(
    request,
    "/api/staff/audit?page=1&limit=50",
    { action: "" },
    ownerToken,
  );
  expect(
    audit.records.some((entry) => entry.action.startsWith("staff.") && entry.subject.includes(email)),
  ).toBe(true);
});

test("the owner's Today, audit log and staff pages, on a desktop in English and at 360 px in Arabic", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const { token } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const placed = await api<{ total: number }>(
    request,
    "/api/staff/orders/list?page=1&limit=100",
    { status: "placed" },
    token,
  );
  await signInAs(page, OWNER);
  await expect(page).toHaveURL(/\/staff\/today$/);
  // The orders waiting to be confirmed, linked to their list.
  const toConfirm = page.locator("[data-today=to-confirm]");
  await expect(toConfirm).toHaveAttribute("data-count", String(placed.total));
  await expect(toConfirm).toHaveAttribute("href", "/staff/orders?status=placed");
  await expect(page.locator("[data-sales-chart] svg rect")).toHaveCount(30);
  await expect(page.locator("[data-sales-table] tbody tr")).toHaveCount(30);
  await shot(page, "today-desktop-en");

  // The audit log, filtered to staff accounts' changes.
  await page.locator("#staff-nav").getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/staff\/audit$/);
  await page.locator("#audit-action").selectOption("staff");
  await page.locator("[data-audit-filters] button[type=submit]").click();
  await expect(page).toHaveURL(/action=staff/);
  const entries = page.locator("[data-audit-entry]");
  await expect(entries.first()).toBeVisible();
  for (const action of await entries.evaluateAll((rows) =>
    rows.map((row) => row.getAttribute("data-audit-entry")),
  ))
    expect(action?.startsWith("staff.")).toBe(true);
  await shot(page, "audit-desktop-en");
  await page.goto(`${GROCERY}/staff/staff`);
  await shot(page, "staff-desktop-en");

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await phone.addCookies([{ name: "lang", value: "ar", domain: "localhost", path: "/" }]);
  const small = await phone.newPage();
  await signInAs(small, OWNER);
  await expect(small.locator("html")).toHaveAttribute("dir", "rtl");
  for (const [path, name] of [
    ["today", "today"],
    ["audit", "audit"],
    ["staff", "staff"],
  ] as const) {
    await small.goto(`${GROCERY}/staff/${path}`);
    // Nothing is wider than the phone's screen but the audit table's own scrolling box.
    const wide = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(360);
    await shot(small, `${name}-360-ar`);
  }
  await small.locator("[data-staff-menu] summary").click();
  await expect(small.locator('[data-staff-menu] [data-staff-logout="everywhere"] button')).toBeVisible();
  await shot(small, "menu-360-ar");
  // Signing out everywhere ends this session and the other one.
  await small.locator('[data-staff-menu] [data-staff-logout="everywhere"] button').click();
  await expect(small).toHaveURL(/\/staff\/login\?signedOut=1$/);
  await page.goto(`${GROCERY}/staff/today`);
  await expect(page).toHaveURL(/\/staff\/login/);
  await phone.close();
});

test("the owner renames the shop in Settings → Shop and the storefront shows the new name", async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await api<{ token: string }>(request, "/api/staff/login", OWNER);
  const before = await api<StaffShopSettings>(request, "/api/staff/settings/detail", {}, token);
  const renamed = `Green Basket ${Date.now() % 100_000}`;
  try {
    await signInAs(page, OWNER);
    await page.locator("#staff-nav").getByRole("link", { name: "Shop", exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/settings\/shop$/);
    // The contract's checks, in words beside the field.
    await page.locator("#shop-siteTitle").fill("");
    await page.locator("#shop-siteTitle").evaluate((input) => input.removeAttribute("required"));
    await page.locator("[data-shop-settings] button[type=submit]").click();
    await expect(page.locator("[data-field-error=siteTitle]")).toBeVisible();
    await page.locator("#shop-siteTitle").fill(before.settings.siteTitle);
    await page.locator("#shop-name-en").fill(renamed);
    await page.locator("[data-shop-settings] button[type=submit]").click();
    await expect(page.locator("[data-form-done]")).toBeVisible();
    await expect(page.locator("#shop-name-en")).toHaveValue(renamed);
    // The owner also sets the refund limit of the staff role.
    await expect(page.locator("[data-refund-limit]")).toBeVisible();
    // The API serves the new name (within STORE_FRESH_MS), then the storefront shows it.
    await expect
      .poll(
        async () => {
          const response = await request.get(`${API}/api/store/getByDomain`, {
            headers: { "store-domain": DOMAIN },
          });
          return ((await response.json()) as Envelope<{ storeNameLocalizations: string }>).data
            .storeNameLocalizations;
        },
        { timeout: 15_000 },
      )
      .toContain(renamed);
    await expect
      .poll(
        async () => {
          await page.goto(`${GROCERY}/`);
          return page.locator("body").textContent();
        },
        { timeout: 30_000 },
      )
      .toContain(renamed);
  } finally {
    await api(request, "/api/staff/settings/update", before.settings, token);
  }
});
