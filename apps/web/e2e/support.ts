import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Envelope, Paginated, ProductInfo, ProductSummary, StoreByDomain } from "@stoa/contract";
import { API_PORT, WEB_PORT } from "./ports.ts";

export const API = `http://127.0.0.1:${API_PORT}`;
export const GROCERY = `http://localhost:${WEB_PORT}`;
export const CATERING = `http://catering.localhost:${WEB_PORT}`;

/** Asks the store API directly, as a shop's own storefront would, to know what the page should show. */
export async function apiCall<T>(
  request: APIRequestContext,
  domain: string,
  path: string,
  body?: unknown,
  locale = "en",
): Promise<T> {
  const headers = { "store-domain": domain, locale };
  const response = body
    ? await request.post(`${API}${path}`, { headers, data: body })
    : await request.get(`${API}${path}`, { headers });
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

export function productInfoOf(request: APIRequestContext, domain: string, id: number, locale = "en") {
  return apiCall<ProductInfo>(request, domain, `/api/storeProduct/productInfo/${id}`, undefined, locale);
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
  // A product list answers clicks once its layout's code has arrived (it renders complete before).
  if ((await page.locator("[data-listing-layout]").count()) > 0)
    await page.locator("[data-listing-live]").waitFor({ state: "attached" });
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

export const CARPARTS = `http://carparts.localhost:${WEB_PORT}`;
export const FURNITURE = `http://furniture.localhost:${WEB_PORT}`;

let unique = 0;
/** An address and a number nobody else in this run uses (the database is fresh per run, but tests share it). */
export function uniqueEmail(who: string): string {
  unique += 1;
  return `${who}.${Date.now().toString(36)}${unique}@example.com`;
}

export function uniquePhone(): string {
  unique += 1;
  return `55${String(Date.now()).slice(-6)}${String(unique).padStart(2, "0")}`;
}

type MailboxMessage = { to: string; subject: string; body: string };

/** The newest message the API sent to an email address or `+<country code><number>`. */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
  matching: RegExp,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API}/dev/mailbox?to=${encodeURIComponent(to)}`);
        const envelope = (await response.json()) as Envelope<MailboxMessage[]>;
        found = envelope.data.find((message) => matching.test(message.body));
        return Boolean(found);
      },
      { message: `a message to ${to} matching ${matching}` },
    )
    .toBe(true);
  return found as MailboxMessage;
}

export async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  const message = await latestMessage(request, to, /\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(message.body)?.[1] as string;
}

export async function verificationLinkOf(request: APIRequestContext, email: string): Promise<string> {
  const message = await latestMessage(request, email, /verify-email\?token=/);
  return /(https?:\/\/\S+\/verify-email\?token=\S+)/.exec(message.body)?.[1] as string;
}

let accountsMade = 0;

/**
 * A client address of its own, as real shoppers have: an account made for a journey signs up from
 * one, and a journey sending contact messages sends them from one. The API limits both per address
 * (and trusts the journeys' loopback clients to say it), and the journeys between them do more of
 * either than one address may in an hour.
 */
export function newShopperAddress(): string {
  accountsMade += 1;
  return `10.${(process.pid % 200) + 20}.${Math.floor(accountsMade / 250)}.${(accountsMade % 250) + 1}`;
}

/** An account made straight through the store API and verified by its emailed link, ready to sign in. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  domain: string,
  { email, password, firstName = "Test" }: { email: string; password: string; firstName?: string },
) {
  const registered = await request.post(`${API}/api/auth/register/store-customer/email`, {
    headers: { "store-domain": domain, "x-forwarded-for": newShopperAddress() },
    data: { email, password, firstName, lastName: "Shopper" },
  });
  expect((await registered.json()).code).toBe("0");
  const link = await verificationLinkOf(request, email);
  const token = new URL(link).searchParams.get("token");
  const verified = await request.post(`${API}/api/auth/email/verify`, {
    headers: { "store-domain": domain },
    data: { token },
  });
  expect((await verified.json()).code).toBe("0");
}

export const openModal = (page: Page) =>
  page.locator('[role="dialog"][data-modal-view][aria-hidden="false"]');
export const openDrawer = (page: Page) =>
  page.locator('[role="dialog"][data-drawer-side][aria-hidden="false"]');

/** Opens the login view from the account drawer, as a shopper would. */
export async function openLogin(page: Page) {
  await page.locator("[data-open-account]").click();
  await openDrawer(page).locator("[data-sign-in]").click();
  await expect(openModal(page)).toHaveAttribute("data-modal-view", "LOGIN_VIEW");
  return openModal(page);
}

export async function signIn(page: Page, email: string, password: string) {
  const modal = await openLogin(page);
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password", { exact: true }).fill(password);
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(openModal(page)).toHaveCount(0);
}

export async function signOutFromDrawer(page: Page) {
  await page.locator("[data-open-account]").click();
  await openDrawer(page).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("[data-open-account]")).toHaveAttribute("data-auth-status", "signed-out");
}

/**
 * How far the height a page's cards stand in at before they are drawn (app.css: their list's
 * --card-block-size at this breakpoint) is from the height they are drawn at, all cards together, as
 * a share of the latter. A far guess moves whatever is below a list or rail as it comes into view.
 */
export async function cardStandInMiss(page: Page): Promise<number> {
  const [standIn, drawn] = await page.locator("[data-product-card]").evaluateAll((cards) => {
    let standIn = 0;
    let drawn = 0;
    for (const card of cards as HTMLElement[]) {
      standIn += Number.parseFloat(getComputedStyle(card).containIntrinsicBlockSize.split(" ").at(-1) ?? "");
      card.style.contentVisibility = "visible";
      drawn += card.getBoundingClientRect().height;
      card.style.contentVisibility = "";
    }
    return [standIn, drawn];
  });
  return Math.abs(standIn - drawn) / drawn;
}

/**
 * A "From" price as a shopper sees it: the word, then the amount. On sale, "Now" is said to screen
 * readers between them and the struck-through regular price follows.
 */
export function fromPrice(amount: string): RegExp {
  return new RegExp(`^From (Now )?${amount.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/**
 * A store API call a journey relies on: posted as a shop ("localhost" unless named), with a token
 * and other headers when given; it must succeed, and its `data` is answered.
 */
export async function apiData<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
  domain = "localhost",
): Promise<T> {
  const response = await request.post(`${API}${path}`, {
    headers: { "store-domain": domain, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    data: body,
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path} ${envelope.msg}`).toBe("0");
  return envelope.data;
}
