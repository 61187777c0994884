import { type BranchQuery, branchQuerySchema } from "@stoa/contract";
import { BranchPicker, type BranchProblem } from "../../branches/BranchPicker.tsx";
import { type BranchLink, branchHref } from "../../branches/branch-links.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { containerClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/branches";

/**
 * LOCATION_BASED_SHOP's page (decision 049): the shop's branches, and where the picker's form lands.
 * Asked with a postcode a branch serves, or with the browser's coordinates, it sends the shopper on
 * to the nearest branch's domain; otherwise it shows the branches, nearest first, to choose from.
 * `list` asks for the list only (the modal's own read), never a redirect.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const postcode = url.searchParams.get("postcode")?.trim() ?? "";
  const latitude = url.searchParams.get("latitude");
  const longitude = url.searchParams.get("longitude");
  const asked: BranchQuery = {
    ...(postcode ? { postcode } : {}),
    ...(latitude !== null || longitude !== null
      ? { latitude: latitude ?? "", longitude: longitude ?? "" }
      : {}),
  };
  const check = branchQuerySchema.safeParse(asked);
  const query = check.success ? check.data : {};
  const { branches } = await context.storeApi.page("storeBranches", { query });
  const links: BranchLink[] = branches.map((branch) => ({
    ...branch,
    href: branchHref(request.url, branch.domain),
  }));
  const nearest = links[0];
  const found =
    query.latitude !== undefined
      ? nearest
      : query.postcode !== undefined && nearest?.servesPostcode
        ? nearest
        : undefined;
  // Not a redirect: the shop's CSP (form-action 'self') keeps a form's answer from redirecting to
  // another site, so the page itself moves on (a refresh the browser follows without scripts).
  const goTo = found && !url.searchParams.has("list") ? found : null;
  const problem: BranchProblem = !check.success
    ? postcode
      ? "postcode-invalid"
      : null
    : query.postcode !== undefined && !found
      ? "postcode-unserved"
      : null;
  return { branches: links, postcode, problem, goTo };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/branches" });
  const { t } = metaTranslator(root);
  return shopMeta(root, { title: t("branches.title"), description: t("branches.lead"), path: "/branches" });
};

export default function Branches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className={`${containerClass} max-w-2xl py-8 sm:py-12`} data-branches-page>
      <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-950">{t("branches.title")}</h1>
      {loaderData.goTo ? (
        <>
          <meta httpEquiv="refresh" content={`0;url=${loaderData.goTo.href}`} />
          <p
            className="mt-4 rounded-2xl bg-brand/10 p-4 font-medium text-brand-strong"
            role="status"
            data-branch-going
          >
            <a href={loaderData.goTo.href} className="underline">
              {t("branches.going", { area: loaderData.goTo.area })}
            </a>
          </p>
        </>
      ) : null}
      <BranchPicker {...loaderData} />
    </div>
  );
}
