// What is loaded: each target's requests, drawn from the workload of the database under test.

import { randomBytes } from "node:crypto";
import { type CheckoutRequestInput, STAFF_PAGE_SIZE } from "@stoa/contract";
import { SHOPPERS_PER_SLOT } from "./bookings.ts";
import { log, type TargetKey, targetKeys } from "./config.ts";
import type { SearchBody, Workload } from "./data.ts";
import { ROUNDS_PER_TAB, type RoundRequest, TABLES_AT_ONCE } from "./dine-in.ts";
import { type Part, send, type Target, type Variant } from "./measure.ts";
import type { Checkout } from "./orders.ts";
import { LEDGER_ENTRIES } from "./referrals.ts";
import { SLOT_DAYS } from "./reservations.ts";
import type { RunningServer } from "./servers.ts";
import { SHOPPER_PASSWORD } from "./shoppers.ts";

export const BARE_HONO = "Bare Hono `GET /`";
export const BARE_RR = "Bare React Router page `GET /`";

const SEARCH_PATH = "/api/storeProduct/search?limit=30&page=1";
/** A category page a shopper reaches by paging on: 20 pages of 30 in. */
const DEEP_PAGE = 20;
const API_HEADERS = { "store-domain": "localhost", "content-type": "application/json" };
// The storefront finds its store from Host, as behind a real domain.
/** What a browser sends for a page: shoppers' browsers all take compressed pages. */
const WEB_HEADERS = { host: "localhost", accept: "text/html", "accept-encoding": "gzip, deflate, br" };

const CALCULATE_PATH = "/api/storeOrder/calculate";
const STAFF_ORDERS_PATH = "/api/staff/orders/list";
const STAFF_STOCK_PATH = "/api/staff/stock/list";
const STAFF_PRODUCTS_PATH = "/api/staff/products/list";
const STAFF_IMPORT_DRY_RUN_PATH = "/api/staff/products/import/dryRun";
const STAFF_REPORT_PATH = "/api/staff/reports/sales";
const CREATE_PATH = "/api/storeOrder/create";
const STAFF_COMMISSIONS_PATH = "/api/staff/referrals/commissions";

/** Cart i from session i: consecutive requests, and so the 32 in flight, come from different shoppers. */
function checkoutVariants(path: string, bodies: CheckoutRequestInput[], sessions: string[]): Variant[] {
  return bodies.map((body, i) => ({
    path,
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${sessions[i % sessions.length]}` },
  }));
}

/** A fresh Idempotency-Key per create: the same key would answer the first order again. */
function idempotencyKeys(): () => Record<string, string> {
  const run = randomBytes(6).toString("base64url");
  let next = 0;
  return () => ({ "idempotency-key": `bench-${run}-${next++}` });
}

export const CREATE_NAME = "API order create (cash, stock reserved)";
export const CARD_CREATE_NAMES = {
  stripe: "API order create (Stripe card against its local fake)",
  bambora: "API order create (Bambora card against its local fake)",
} as const;

/** Order creates of the run's carts: cash, or `bodies` (the same carts paid by card) under `name`. */
export function createTarget(
  api: RunningServer,
  checkout: Checkout,
  hono?: RunningServer,
  card?: { name: string; bodies: CheckoutRequestInput[] },
): Target {
  return {
    name: card?.name ?? CREATE_NAME,
    baseline: hono && BARE_HONO,
    origin: api.origin,
    method: "POST",
    headers: API_HEADERS,
    variants: checkoutVariants(CREATE_PATH, card?.bodies ?? checkout.createBodies, checkout.sessions),
    perRequest: idempotencyKeys(),
  };
}

export const COMMIT_FLOOR_NAME = "Bare Hono + one committed insert `POST /` (order create's floor)";

/** One durable write per request on the API's stack: what order create cannot beat here. */
export function commitFloorTarget(floor: RunningServer, hono?: RunningServer): Target {
  return {
    name: COMMIT_FLOOR_NAME,
    baseline: hono && BARE_HONO,
    origin: floor.origin,
    method: "POST",
    headers: { "content-type": "application/json" },
    variants: [{ path: "/", body: "{}" }],
  };
}

/** Storefront product pages get this many of the mixed run's connections, the API the rest. */
const PAGE_CONNECTIONS = 4;
/** One request in this many of the mixed run is an order create. */
export const CREATE_EVERY = 10;
export const BROWSING_KINDS = ["search", "listing", "info", "page"] as const;

/**
 * The mixed run: API browsing (search, category listings on pages 1 and 20, product info, in equal
 * shares, in turn) with, when `withOrders`, every tenth request an order create instead; beside it
 * the storefront's product pages on their own connections when the storefront runs.
 */
export function mixedParts(
  servers: Servers,
  workload: Workload,
  searchBodies: SearchBody[],
  checkout: Checkout | undefined,
  withOrders: boolean,
  connections: number,
  names = { api: "Mixed: API browsing", pages: "Mixed: product pages" },
): Part[] {
  const { api, web } = servers;
  if (!api) return [];
  const browse: Variant[][] = [
    searchBodies.map((body) => ({
      path: SEARCH_PATH,
      method: "POST",
      body: JSON.stringify(body),
      kind: "search",
    })),
    [...categoryListings(searchBodies, 1), ...categoryListings(searchBodies, DEEP_PAGE)].map((v) => ({
      ...v,
      method: "POST",
      kind: "listing",
    })),
    workload.productIds.map((id) => ({
      path: `/api/storeProduct/productInfo/${id}`,
      method: "GET",
      kind: "info",
    })),
  ];
  const creates =
    withOrders && checkout
      ? checkoutVariants(CREATE_PATH, checkout.createBodies, checkout.sessions).map(
          (v): Variant => ({ ...v, method: "POST", kind: "create" }),
        )
      : [];
  // A whole number of both cycles (creates, browsing kinds), so that wrapping around keeps the shares.
  const cycle = CREATE_EVERY * browse.length;
  const length = cycle * Math.max(creates.length, ...browse.map((pool) => pool.length));
  const variants: Variant[] = [];
  let browsed = 0;
  for (let i = 0; i < length; i++) {
    if (creates.length > 0 && i % CREATE_EVERY === CREATE_EVERY - 1) {
      variants.push(creates[Math.floor(i / CREATE_EVERY) % creates.length] as Variant);
      continue;
    }
    const pool = browse[browsed % browse.length] as Variant[];
    variants.push(pool[Math.floor(browsed / browse.length) % pool.length] as Variant);
    browsed++;
  }
  const pages = web && workload.productIds.length > 0 ? PAGE_CONNECTIONS : 0;
  const parts: Part[] = [
    {
      target: {
        name: withOrders ? `${names.api} with order creates` : `${names.api} alone`,
        origin: api.origin,
        method: "POST",
        headers: API_HEADERS,
        variants,
        perRequest: withOrders ? idempotencyKeys() : undefined,
      },
      connections: connections - pages,
    },
  ];
  if (web && pages > 0)
    parts.push({
      target: {
        name: withOrders ? `${names.pages} beside order creates` : `${names.pages} alone`,
        origin: web.origin,
        method: "GET",
        headers: WEB_HEADERS,
        variants: workload.productIds.map((id) => ({ path: `/products/${id}`, kind: "page" })),
      },
      connections: pages,
    });
  return parts;
}

export type Servers = { hono?: RunningServer; rr?: RunningServer; api?: RunningServer; web?: RunningServer };

/** Keeps the filters that the API accepts and that find products; logs how many each finds. */
export async function usableSearchBodies(api: RunningServer, bodies: SearchBody[]): Promise<SearchBody[]> {
  const kept: SearchBody[] = [];
  const totals: number[] = [];
  for (const body of bodies) {
    const { status, text } = await send(api.origin, "POST", SEARCH_PATH, API_HEADERS, JSON.stringify(body));
    if (status !== 200) {
      log(`search filter ${JSON.stringify(body)} → ${status} ${text.slice(0, 200)}`);
      continue;
    }
    const total = (JSON.parse(text) as { data?: { total?: number } }).data?.total ?? 0;
    if (total > 0) {
      kept.push(body);
      totals.push(total);
    }
  }
  totals.sort((a, b) => a - b);
  if (totals.length > 0) {
    const median = totals[Math.floor(totals.length / 2)];
    log(
      `${kept.length}/${bodies.length} search filters find products: ${totals[0]}–${totals[totals.length - 1]} (median ${median}), e.g. ${JSON.stringify(kept[0])}`,
    );
  }
  return kept;
}

/** The category pages of the search filters' categories, newest first, as the storefront asks them. */
/**
 * The search filters' words as a shopper mistypes them in the search box, alone: two neighbouring
 * letters swapped and one left out ("vegetable" → "vgeetabe"), so every word is corrected towards
 * the shop's vocabulary (decision 045).
 */
function mistypedSearches(bodies: SearchBody[]): { path: string; body: string }[] {
  const keywords = [...new Set(bodies.map((b) => b.keyword))];
  return keywords.map((keyword) => {
    const swapped = `${keyword[0]}${keyword[2]}${keyword[1]}${keyword.slice(3)}`;
    const mistyped = `${swapped.slice(0, -2)}${swapped.slice(-1)}`;
    return { path: SEARCH_PATH, body: JSON.stringify({ keyword: mistyped }) };
  });
}

function categoryListings(bodies: SearchBody[], page: number): { path: string; body: string }[] {
  const categoryIds = [...new Set(bodies.flatMap((b) => b.categoryIds))];
  return categoryIds.map((id) => ({
    path: `/api/storeProduct/search?limit=30&page=${page}`,
    body: JSON.stringify({ categoryIds: [id], sortField: "createTime", sortType: "desc" }),
  }));
}

/**
 * The storefront's pages, measured as shoppers without a session get them: the HTML the storefront
 * shares (primed first, as a running shop holds it), then rendered afresh by a storefront started
 * with PAGE_CACHE_MB=0, as the first shopper after a change or a signed-in one gets it.
 */
export const PAGE_TARGETS: TargetKey[] = ["home", "product"];
export const SHARED_HTML = ", shared HTML";
export const RENDERED_AFRESH = " — rendered afresh";

const HOME = "SSR home `/`";
const PRODUCT = "SSR product page `/products/{id}`";

/** Issue 12's goals for the pages, as shares of the bare React Router page's requests/s and a p99. */
export const PAGE_GOALS: Record<string, { share: number; p99Ms: number }> = {
  [`${HOME}${SHARED_HTML}`]: { share: 0.5, p99Ms: 150 },
  [`${PRODUCT}${SHARED_HTML}`]: { share: 0.5, p99Ms: 150 },
  [`${HOME}${RENDERED_AFRESH}`]: { share: 0.15, p99Ms: 1000 },
  [`${PRODUCT}${RENDERED_AFRESH}`]: { share: 0.3, p99Ms: 1000 },
};

const ROUND_PATH = "/api/storeOrder/add/storeCateringOrderItem";

/** Rounds as diners' phones send them: each its own pass's token and a round key never sent before. */
function roundVariants(rounds: RoundRequest[]): Variant[] {
  return rounds.map(({ token, body }) => ({
    path: ROUND_PATH,
    body,
    headers: { authorization: `Bearer ${token}` },
  }));
}

/** Rounds onto one busy tab (every in-flight round takes the same tab's lock), and onto 50 tables at once. */
function roundTargets(
  api: RunningServer | undefined,
  hono: RunningServer | undefined,
  workload: Workload | undefined,
): Array<[TargetKey, Target | undefined]> {
  const load = workload?.dineIn;
  const target = (name: string, rounds: RoundRequest[]): Target | undefined =>
    api && load
      ? {
          name,
          baseline: hono && BARE_HONO,
          origin: api.origin,
          method: "POST",
          headers: API_HEADERS,
          variants: roundVariants(rounds),
        }
      : undefined;
  return [
    [
      "roundsOneTab",
      target(
        `API dine-in rounds onto one busy tab (1–3 dishes; a new party every ${ROUNDS_PER_TAB} rounds)`,
        load?.oneTab ?? [],
      ),
    ],
    [
      "roundsManyTables",
      target(`API dine-in rounds onto ${TABLES_AT_ONCE} tables at once (1–3 dishes)`, load?.manyTables ?? []),
    ],
  ];
}

const RESERVE_PATH = "/store-reservation/reserve/create";

/** Reservations: every party onto one slot (one day's lock for all), and spread over 30 days' slots. */
function reservationTargets(
  api: RunningServer | undefined,
  hono: RunningServer | undefined,
  workload: Workload | undefined,
): Array<[TargetKey, Target | undefined]> {
  const load = workload?.reservations;
  const target = (name: string, bodies: string[]): Target | undefined =>
    api && load
      ? {
          name,
          baseline: hono && BARE_HONO,
          origin: api.origin,
          method: "POST",
          headers: API_HEADERS,
          variants: bodies.map((body) => ({ path: RESERVE_PATH, body })),
        }
      : undefined;
  return [
    [
      "reserveOneSlot",
      target("API reserve a table: every party at one slot (1–4 guests)", load?.oneSlot ?? []),
    ],
    [
      "reserveManySlots",
      target(
        `API reserve a table: parties over ${SLOT_DAYS} days' slots (1–4 guests)`,
        load?.manySlots ?? [],
      ),
    ],
  ];
}

/**
 * Bookings of one hour by guests (issue 35): 20 shoppers at each hour of one resource, of whom one
 * is booked and the others answered SLOT_UNAVAILABLE (counted as errors: they are the refusals the
 * exclusion constraint makes), and bookings each of an hour no other asks for.
 */
function bookingTargets(
  api: RunningServer | undefined,
  hono: RunningServer | undefined,
  workload: Workload | undefined,
): Array<[TargetKey, Target | undefined]> {
  const load = workload?.bookings;
  const target = (name: string, bodies: string[]): Target | undefined =>
    api && load
      ? {
          name,
          baseline: hono && BARE_HONO,
          origin: api.origin,
          method: "POST",
          headers: API_HEADERS,
          variants: bodies.map((body) => ({ path: "/booking/", body })),
          perRequest: idempotencyKeys(),
        }
      : undefined;
  return [
    [
      "bookOneSlot",
      target(
        `API booking: ${SHOPPERS_PER_SLOT} shoppers at one hour of one resource (1 booked, the rest refused)`,
        load?.oneSlot ?? [],
      ),
    ],
    [
      "bookManySlots",
      target("API booking: each an hour of 19 resources no other asks for", load?.manySlots ?? []),
    ],
  ];
}

/**
 * Referrals (issue 36): the referrer's ledger of 1,000 entries on one page (the spec's default
 * limit), all of it and by `isCommissionPaid`; and the console's commissions in one state with their
 * sum, payable (oldest first) and a page of pending ones further in.
 */
function referralTargets(
  api: RunningServer | undefined,
  hono: RunningServer | undefined,
  workload: Workload | undefined,
): Array<[TargetKey, Target | undefined]> {
  const load = workload?.referrals;
  if (!api || !load) return [];
  const entries = Object.values(load.states).reduce((a, b) => a + b, 0);
  return [
    [
      "referralLedger",
      {
        name: `API referrer's commission ledger (${LEDGER_ENTRIES.toLocaleString("en")} entries, one page; all, paid, unpaid)`,
        baseline: hono && BARE_HONO,
        origin: api.origin,
        method: "POST",
        headers: { ...API_HEADERS, authorization: `Bearer ${load.referrerToken}` },
        variants: ["", "&isCommissionPaid=true", "&isCommissionPaid=false"].map((filter) => ({
          path: `/api/storeOrder/listByReferralCode/storeCustomer?limit=${LEDGER_ENTRIES}&page=1${filter}`,
        })),
      },
    ],
    [
      "staffCommissions",
      {
        name: `API staff commissions to pay (${entries.toLocaleString("en")} entries; payable, pending page 10, with sums)`,
        baseline: hono && BARE_HONO,
        origin: api.origin,
        method: "POST",
        headers: { ...API_HEADERS, authorization: `Bearer ${load.staffToken}` },
        variants: [
          { state: "payable", page: 1 },
          { state: "pending", page: 10 },
        ].map((body) => ({ path: STAFF_COMMISSIONS_PATH, body: JSON.stringify(body) })),
      },
    ],
  ];
}

/** The API targets measured a second time against an API that computes every answer. */
export const ANSWER_CACHE_TARGETS: TargetKey[] = ["search", "searchTypo", "listing", "listingDeep", "info"];
export const CACHE_OFF = " — cache off";

/**
 * The selected targets whose server is running, in table order. With `cacheOff`, only the catalogue
 * targets, named as measured against an API started with API_CACHE_MB=0.
 */
export function targetsFor(
  servers: Servers,
  workload?: Workload,
  searchBodies: SearchBody[] = [],
  cacheOff = false,
  checkout?: Checkout,
  pages: "shared" | "afresh" = "shared",
): Target[] {
  const pageName = (name: string) => `${name}${pages === "shared" ? SHARED_HTML : RENDERED_AFRESH}`;
  const ids = workload?.productIds ?? [];
  const shoppers = workload?.shoppers ?? [];
  const { hono, rr, api, web } = servers;
  const all: Array<[TargetKey, Target | undefined]> = [
    [
      "hono",
      hono && { name: BARE_HONO, origin: hono.origin, method: "GET", headers: {}, variants: [{ path: "/" }] },
    ],
    [
      "rr",
      rr && {
        name: BARE_RR,
        origin: rr.origin,
        method: "GET",
        // As the issue measured it, uncompressed: the storefront's pages are compressed as browsers
        // ask, so every page figure includes a cost the baseline does not pay.
        headers: { accept: "text/html" },
        variants: [{ path: "/" }],
      },
    ],
    [
      "search",
      api && searchBodies.length > 0
        ? {
            name: "API product search (keyword + category + price)",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: API_HEADERS,
            variants: searchBodies.map((body) => ({ path: SEARCH_PATH, body: JSON.stringify(body) })),
          }
        : undefined,
    ],
    [
      "searchTypo",
      api && searchBodies.length > 0
        ? {
            name: "API product search, a mistyped word alone",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: API_HEADERS,
            variants: mistypedSearches(searchBodies),
          }
        : undefined,
    ],
    [
      "listing",
      api && searchBodies.length > 0
        ? {
            name: "API category listing, newest first, page 1",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: API_HEADERS,
            variants: categoryListings(searchBodies, 1),
          }
        : undefined,
    ],
    [
      "listingDeep",
      api && searchBodies.length > 0
        ? {
            name: `API category listing, newest first, page ${DEEP_PAGE}`,
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: API_HEADERS,
            variants: categoryListings(searchBodies, DEEP_PAGE),
          }
        : undefined,
    ],
    [
      "info",
      api && ids.length > 0
        ? {
            name: "API product info",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "GET",
            headers: API_HEADERS,
            variants: ids.map((id) => ({ path: `/api/storeProduct/productInfo/${id}` })),
          }
        : undefined,
    ],
    [
      "reviews",
      api && ids.length > 0
        ? {
            name: "API product reviews, page 1 (8 reviews each in en/ar/he, the shopper's language first)",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "GET",
            headers: API_HEADERS,
            variants: ids.map((id) => ({ path: `/api/storeProductReview/list/${id}` })),
          }
        : undefined,
    ],
    [
      "ratedSearch",
      api && searchBodies.length > 0
        ? {
            name: "API category listing, 4 stars & up (never kept in the answer cache)",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: API_HEADERS,
            variants: categoryListings(searchBodies, 1).map((v) => ({
              ...v,
              body: JSON.stringify({ ...JSON.parse(v.body), minRating: 4 }),
            })),
          }
        : undefined,
    ],
    [
      "me",
      api && shoppers.length > 0
        ? {
            name: "API current user (token lookup)",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "GET",
            headers: API_HEADERS,
            variants: shoppers.map((s) => ({
              path: "/api/auth/getUserInfoFromToken",
              headers: { authorization: `Bearer ${s.token}` },
            })),
          }
        : undefined,
    ],
    [
      "login",
      api && shoppers.length > 0
        ? {
            name: "API email sign-in (argon2id)",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: API_HEADERS,
            // Many accounts from many addresses, so the sign-in throttles (10 per account, 30 per
            // address in 15 minutes) stay out of the measurement.
            variants: shoppers.map((s) => ({
              path: "/api/auth/login/store-customer/email",
              body: JSON.stringify({ userEmail: s.email, password: SHOPPER_PASSWORD }),
              headers: { "x-forwarded-for": s.ip },
            })),
          }
        : undefined,
    ],
    [
      "staffOrders",
      api && workload?.staffOrders
        ? {
            name: `API staff order list (${workload.staffOrders.total.toLocaleString("en")} orders; status, payment, delivery, week, page 50)`,
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: { ...API_HEADERS, authorization: `Bearer ${workload.staffOrders.token}` },
            variants: workload.staffOrders.lists.map(({ filter, page }) => ({
              path: `${STAFF_ORDERS_PATH}?limit=${STAFF_PAGE_SIZE}&page=${page}`,
              body: JSON.stringify(filter),
            })),
          }
        : undefined,
    ],
    [
      "staffOrderSearch",
      api && workload?.staffOrders
        ? {
            name: "API staff order search (an order number, part of a name or email)",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: { ...API_HEADERS, authorization: `Bearer ${workload.staffOrders.token}` },
            variants: workload.staffOrders.searches.map((filter) => ({
              path: `${STAFF_ORDERS_PATH}?limit=${STAFF_PAGE_SIZE}&page=1`,
              body: JSON.stringify(filter),
            })),
          }
        : undefined,
    ],
    [
      "staffReport",
      api && workload?.staffOrders
        ? {
            name: `API staff sales report (${workload.staffOrders.total.toLocaleString("en")} orders; last 30 days, a whole year)`,
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: { ...API_HEADERS, authorization: `Bearer ${workload.staffOrders.token}` },
            variants: workload.staffOrders.reports.map((range) => ({
              path: STAFF_REPORT_PATH,
              body: JSON.stringify(range),
            })),
          }
        : undefined,
    ],
    [
      "staffProductSearch",
      api && workload?.staffOrders
        ? {
            name: `API staff product search (${(workload.productCount ?? 0).toLocaleString("en")} products; name words, a SKU, low, sold out)`,
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: { ...API_HEADERS, authorization: `Bearer ${workload.staffOrders.token}` },
            variants: workload.staffOrders.products.map((body) => ({
              path: `${STAFF_STOCK_PATH}?limit=25&page=1`,
              body: JSON.stringify(body),
            })),
          }
        : undefined,
    ],
    [
      "staffProductList",
      api && workload?.staffOrders
        ? {
            name: `API staff products list (${(workload.productCount ?? 0).toLocaleString("en")} products; newest, a category, low, off sale, a SKU, a word in a category, page 50)`,
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: { ...API_HEADERS, authorization: `Bearer ${workload.staffOrders.token}` },
            variants: workload.staffOrders.productList.map(({ filter, page }) => ({
              path: `${STAFF_PRODUCTS_PATH}?limit=25&page=${page}`,
              body: JSON.stringify(filter),
            })),
          }
        : undefined,
    ],
    [
      "staffImportDryRun",
      api && workload?.staffOrders
        ? {
            name: `API staff products CSV dry run (1,000 rows, half changing a price; ${(workload.productCount ?? 0).toLocaleString("en")} products)`,
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: { ...API_HEADERS, authorization: `Bearer ${workload.staffOrders.token}` },
            variants: [
              {
                path: STAFF_IMPORT_DRY_RUN_PATH,
                body: JSON.stringify({ csv: workload.staffOrders.importCsv }),
              },
            ],
          }
        : undefined,
    ],
    ...roundTargets(api, hono, workload),
    ...reservationTargets(api, hono, workload),
    ...bookingTargets(api, hono, workload),
    ...referralTargets(api, hono, workload),
    [
      "calculate",
      api && checkout
        ? {
            name: "API checkout calculate (1–8 lines, delivery or pickup)",
            baseline: hono && BARE_HONO,
            origin: api.origin,
            method: "POST",
            headers: API_HEADERS,
            variants: checkoutVariants(CALCULATE_PATH, checkout.calculateBodies, checkout.sessions),
          }
        : undefined,
    ],
    [
      "home",
      web && {
        name: pageName(HOME),
        primed: pages === "shared",
        baseline: rr && BARE_RR,
        origin: web.origin,
        method: "GET",
        headers: WEB_HEADERS,
        variants: [{ path: "/" }],
      },
    ],
    [
      "product",
      web && ids.length > 0
        ? {
            name: pageName(PRODUCT),
            primed: pages === "shared",
            baseline: rr && BARE_RR,
            origin: web.origin,
            method: "GET",
            headers: WEB_HEADERS,
            variants: ids.map((id) => ({ path: `/products/${id}` })),
          }
        : undefined,
    ],
  ];
  return all
    .filter(([key, target]) => targetKeys.includes(key) && target !== undefined)
    .filter(([key]) => !cacheOff || ANSWER_CACHE_TARGETS.includes(key))
    .map(([, t]) =>
      cacheOff ? { ...(t as Target), name: `${(t as Target).name}${CACHE_OFF}` } : (t as Target),
    );
}
