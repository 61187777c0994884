import { Outlet, redirect, useRouteLoaderData } from "react-router";
import { problemOf } from "../../platform/api/page-problem.ts";
import { ProblemPage } from "../../shell/ProblemPage.tsx";
import { StaffShell } from "../../staff/StaffShell.tsx";
import { staffLoginHref } from "../../staff/staff-paths.ts";
import type { Route } from "./+types/layout";

/**
 * Every console page but the sign-in and the packing slip sits in the console's shell. Without a
 * staff session cookie the page is not even asked for: the sign-in, which leads back here. A cookie
 * the API no longer honours sends its first call there too (store-api.server.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const member = context.storeApi.staffMember;
  const url = new URL(request.url);
  if (!member) throw redirect(staffLoginHref(`${url.pathname}${url.search}`));
  return { member };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell member={loaderData.member}>
      <Outlet />
    </StaffShell>
  );
}

/** A console page that fails (an order that is not the shop's, the API away) keeps the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/staff/layout");
  const problem = problemOf(error);
  if (!data) return <ProblemPage problem={problem} />;
  return (
    <StaffShell member={data.member}>
      <ProblemPage problem={problem} />
    </StaffShell>
  );
}
