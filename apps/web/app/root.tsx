import { direction, VIEWPORT_MAXIMUM_SCALE } from "@stoa/contract";
import type { CSSProperties, ReactNode } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import { isAccountPath } from "./account/account-paths.ts";
import stylesheet from "./app.css?url";
import { TABLE_PATH, tableOf } from "./dine-in/table.ts";
import { problemOf } from "./platform/api/page-problem.ts";
import { loadLocaleTexts } from "./platform/i18n/locale-texts.ts";
import { problemMeta, shopMeta } from "./platform/meta.ts";
import { useNonce } from "./platform/nonce.ts";
import { SIGNED_OUT } from "./platform/session/auth-state.ts";
import { IconSprite } from "./platform/ui/icon-sprite.tsx";
import { referralCodeOfLink, referralCookie } from "./referrals/referral-link.ts";
import { ProblemPage } from "./shell/ProblemPage.tsx";
import { type ProblemRootData, type RootData, type ShopRootData, useRootData } from "./shell/root-data.ts";
import { ShopShell } from "./shell/ShopShell.tsx";
import { StorefrontProviders } from "./shell/StorefrontProviders.tsx";
import { brandColour, shopLocales, shopLogo, visibleCategories } from "./shell/shop.ts";
import { StaffProviders } from "./staff/StaffProviders.tsx";
import { isStaffPath } from "./staff/staff-paths.ts";

/**
 * The stylesheet is a React stylesheet resource (`precedence`): React writes it at the top of the
 * head, before the scripts' modulepreloads it hoists there. As a plain link it came after some
 * thirty of them, and on a slow phone connection the first paint waited for the scripts' share.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
];

const FAVICON = "/favicon.svg";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  const { storeApi } = context;
  const negotiated = storeApi.locale;
  // The console (decision 053) shows no categories and knows no shopper: it asks for neither.
  const inConsole = isStaffPath(url.pathname);
  const [store, categories, session] = await Promise.all([
    storeApi.pageAnswer("storeGetByDomain", {}),
    inConsole
      ? null
      : storeApi.pageAnswer("categorySearch", { body: { language: negotiated, isAvailable: 1 } }),
    inConsole ? { auth: SIGNED_OUT, dropToken: false } : storeApi.session(),
  ]);

  if (!store.ok) {
    await loadLocaleTexts(negotiated);
    const problem: ProblemRootData = {
      kind: "problem",
      problem: store.problem,
      domain: storeApi.shop,
      locale: negotiated,
      origin: url.origin,
    };
    return data<RootData>(problem, { status: store.status });
  }

  const locale = storeApi.localeAmong(shopLocales(store.data));
  // The render reads the language's texts from memory; the page's data no longer carries them.
  await loadLocaleTexts(locale);
  const table = tableOf(cookies, storeApi.atTable);
  const shop: ShopRootData = {
    kind: "shop",
    store: store.data,
    categories: categories?.ok ? visibleCategories(categories.data) : [],
    table,
    auth: session.auth,
    locale,
    origin: url.origin,
    // A form posted to a page that takes none: the shop shows its problem page (server/route-actions.ts).
    ...(context.methodNotAllowed ? { problem: "method-not-allowed" as const } : {}),
  };
  const responseHeaders = new Headers();
  // Spec §4/§8: an ended session (104, 401, 403) loses its token and shows the shop signed out.
  if (session.dropToken) responseHeaders.append("Set-Cookie", storeApi.endedSessionCookie());
  // A share link (`?ref=CODE`) on any storefront page keeps its code for the checkout (spec §4, §9).
  const linkedCode = inConsole ? null : referralCodeOfLink(url);
  if (linkedCode) responseHeaders.append("Set-Cookie", referralCookie(linkedCode));
  // A page that knows who is signed in is for that shopper's eyes only.
  if (storeApi.hasSession || inConsole) responseHeaders.set("Cache-Control", "private, no-store");
  return data<RootData>(shop, { headers: responseHeaders });
}

/** Pages inherit the root's caching rule, so no shared cache keeps a signed-in page. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

/**
 * Shop, categories and language only change when the language is switched (a form post) or a new
 * table is scanned, so ordinary browsing does not refetch them. The session is checked again after
 * every form post (sign-in, sign-out…), on an explicit revalidation, and on account pages, which
 * must not trust a session state read pages ago.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (isAccountPath(nextUrl.pathname)) return true;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  // A scan (the menu's `?table=` redirecting to the table's page) remembered a table: show it.
  return nextUrl.pathname === TABLE_PATH && currentUrl.pathname !== TABLE_PATH;
}

export const meta: Route.MetaFunction = ({ loaderData, error, location }) =>
  error ? problemMeta(loaderData, problemOf(error)) : shopMeta(loaderData, { path: location.pathname });

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const inConsole = isStaffPath(useLocation().pathname);
  const locale = root?.locale ?? "en";
  const colour = brandColour(root?.kind === "shop" ? root.store.settings.primaryColor : undefined);
  return (
    <html lang={locale} dir={direction(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta
          name="viewport"
          content={`width=device-width, initial-scale=1, maximum-scale=${VIEWPORT_MAXIMUM_SCALE}`}
        />
        <meta name="theme-color" content={colour} />
        {/* Each shop's own logo is its tab icon; the generic one is for pages without a shop. */}
        <link
          rel="icon"
          type="image/svg+xml"
          href={root?.kind === "shop" ? shopLogo(root.store) || FAVICON : FAVICON}
        />
        <Meta />
        {/* Stylesheets load under 'self' and need no nonce; an empty one keeps server and browser markup equal. */}
        <Links nonce="" />
      </head>
      <body style={{ "--brand": colour } as CSSProperties}>
        <IconSprite vertical={root?.kind === "shop" ? root.store.vertical : undefined} />
        {root && inConsole ? (
          // The console has a shell of its own (routes/staff/layout.tsx): no shop header or footer.
          <StaffProviders locale={root.locale}>{children}</StaffProviders>
        ) : root ? (
          <StorefrontProviders root={root}>
            {root.kind === "shop" ? <ShopShell>{children}</ShopShell> : children}
          </StorefrontProviders>
        ) : (
          children
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  if (root?.problem) return <ProblemPage problem={root.problem} />;
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  if (!root) return <ProblemPage problem="unavailable" bare />;
  return <ProblemPage problem={root.kind === "problem" ? root.problem : problemOf(error)} />;
}
