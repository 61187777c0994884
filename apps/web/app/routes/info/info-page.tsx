import { InfoPageArticle, InfoPageLayout } from "../../content/InfoPage.tsx";
import { infoPageSlugOf } from "../../content/info-pages.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { rootDataOf, shopMeta } from "../../platform/meta.ts";
import type { Route } from "./+types/info-page";

/**
 * The shop's information pages (spec §2: about us, FAQ, help, privacy, terms, returns, resellers),
 * each at its own path; the contact page has a route of its own for its form. A page the shop has
 * not published answers the not-found page, as the API does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = infoPageSlugOf(new URL(request.url).pathname);
  if (!slug) throw pageProblem("not-found", 404);
  return { page: await context.storeApi.page("infoPage", { params: { slug } }) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop" || !loaderData) return shopMeta(root, { path: location.pathname });
  const { page } = loaderData;
  return shopMeta(root, { title: page.title, description: page.summary, path: `/${page.slug}` });
};

export default function InformationPage({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPageLayout>
      <InfoPageArticle page={loaderData.page} />
    </InfoPageLayout>
  );
}
