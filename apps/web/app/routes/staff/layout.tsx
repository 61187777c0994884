import type { StaffPermission } from "@stoa/contract";
import { Outlet, redirect, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { problemOf } from "../../platform/api/page-problem.ts";
import { ProblemPage } from "../../shell/ProblemPage.tsx";
import { StaffRoleProblem, StaffShell } from "../../staff/StaffShell.tsx";
import { staffLoginHref } from "../../staff/staff-paths.ts";
import type { Route } from "./+types/layout";

/**
 * Every console page but the sign-in and the packing slip sits in the console's shell. Without a
 * staff session cookie the page is not even asked for: the sign-in, which leads back here. With
 * one, the API says who the member is and what their role lets them do (`staffMe`): the cookie's
 * copy of the member is never trusted for that, and a session the API no longer honours leads to
 * the sign-in (store-api.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const url = new URL(request.url);
  if (!storeApi.staffMember) throw redirect(staffLoginHref(`${url.pathname}${url.search}`));
  const me = await storeApi.page("staffMe", {});
  return { me, unread: await unreadMessages(storeApi, me.permissions) };
}

/**
 * The nav's badge: how many contact messages nobody opened, for a member who may read them (a
 * count the API keeps cheap). A badge that cannot be had is no badge, never a broken console.
 */
async function unreadMessages(
  storeApi: Route.LoaderArgs["context"]["storeApi"],
  permissions: readonly StaffPermission[],
): Promise<number> {
  if (!permissions.includes("messages")) return 0;
  const answer = await storeApi.pageAnswer("staffContactUnread", {});
  return answer.ok ? answer.data.unread : 0;
}

/**
 * The frame's data is asked again on every move to another console page, not only after a form:
 * the unread badge follows what was opened, and a role changed meanwhile shows (both cheap calls).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell me={loaderData.me} unread={loaderData.unread}>
      <Outlet />
    </StaffShell>
  );
}

/**
 * A console page that fails (an order that is not the shop's, the API away) keeps the console's
 * frame; a page the member's role may not open says so (STAFF_ROLE_FORBIDDEN), not that it broke.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/staff/layout");
  const problem = problemOf(error);
  if (!data) return <ProblemPage problem={problem} />;
  return (
    <StaffShell me={data.me} unread={data.unread}>
      {problem === "staff-role" ? <StaffRoleProblem /> : <ProblemPage problem={problem} />}
    </StaffShell>
  );
}
