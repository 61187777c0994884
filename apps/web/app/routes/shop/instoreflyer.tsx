import type { StoreImage } from "@stoa/contract";
import { Link } from "react-router";
import { FlyerViewer } from "../../catalogue/flyer/FlyerViewer.tsx";
import { readFlyerView } from "../../catalogue/flyer/flyer-pages.ts";
import { productListHref } from "../../catalogue/listing/product-query.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/instoreflyer";

/** The flyer's pages, in order; a shop without a flyer (or an API without flyers) shows an empty flyer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const answer = await storeApi.pageAnswer("storeImageSearch", { body: { type: "flyer" } });
  if (!answer.ok && answer.status !== 404) throw pageProblem(answer.problem, answer.status);
  const pages: StoreImage[] = answer.ok ? answer.data : [];
  return { pages, ...readFlyerView(new URL(request.url).searchParams, pages.length) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/instoreflyer" });
  return shopMeta(root, {
    title: metaTranslator(root).t("flyer.title"),
    path: "/instoreflyer",
  });
};

export default function InStoreFlyer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pages, view, page } = loaderData;
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <div className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl">{t("flyer.title")}</h1>
        <p className="mt-2 text-stone-600">{t("flyer.intro")}</p>
      </div>
      {pages.length === 0 ? (
        <div
          className="rounded-3xl border border-dashed border-stone-300 px-6 py-20 text-center"
          data-flyer-empty
        >
          <p className="text-lg font-semibold text-stone-900">{t("flyer.none-title")}</p>
          <p className="mx-auto mt-2 max-w-md text-stone-600">{t("flyer.none-text")}</p>
          <Link to={productListHref({ onSale: true })} className={`${buttonClass.primary} mt-6`}>
            {t("flyer.see-offers")}
          </Link>
        </div>
      ) : (
        <FlyerViewer pages={pages} view={view} page={page} />
      )}
    </div>
  );
}
