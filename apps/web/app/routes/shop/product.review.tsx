import { RequireAuth } from "../../account/AccessGate.tsx";
import { productName } from "../../catalogue/product/product-name.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { reviewedProductIdOf } from "../../reviews/product-ref.server.ts";
import { ReviewForm, type ReviewRetry } from "../../reviews/ReviewForm.tsx";
import { ReviewPageFrame } from "../../reviews/ReviewPageFrame.tsx";
import { reviewAction } from "../../reviews/review-actions.server.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/product.review";

/** REVIEW_RATING as a page: the product, and the signed-in customer's review and whether they may write one. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const productId = reviewedProductIdOf(params.id);
  const { storeApi } = context;
  const product = await storeApi.page(
    "productInfo",
    { params: { id: productId } },
    { notFound: "product-not-found" },
  );
  const summary = { id: product.id, name: product.name, nameLocalizations: product.nameLocalizations };
  if (!signedInCustomer((await storeApi.session()).auth)) return { product: summary, mine: null };
  const mine = await storeApi.page("myProductReview", { params: { productId: String(productId) } });
  return { product: summary, mine };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return reviewAction(context.storeApi, reviewedProductIdOf(params.id), request);
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, `/products/${params.id}/review`, (t) => t("reviews.form.title-write"));

export default function ProductReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { product, mine } = loaderData;
  const name = productName(product, locale);
  const retry =
    actionData && "ok" in actionData && actionData.ok === false ? (actionData as ReviewRetry) : null;
  return (
    <RequireAuth ready={mine !== null}>
      {mine ? (
        <ReviewPageFrame
          productId={product.id}
          productName={name}
          title={mine.review ? t("reviews.form.edit-title") : t("reviews.form.title-write")}
        >
          {mine.review || mine.mayReview ? (
            <ReviewForm productId={product.id} review={mine.review} retry={retry} />
          ) : (
            <p
              className="rounded-2xl bg-stone-50 p-5 text-stone-700"
              data-review-refusal={mine.refusal ?? ""}
            >
              {t(`reviews.refusal.${mine.refusal ?? "notBought"}`)}
            </p>
          )}
        </ReviewPageFrame>
      ) : null}
    </RequireAuth>
  );
}
