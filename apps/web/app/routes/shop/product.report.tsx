import { ABUSE_TARGETS, type AbuseTarget } from "@stoa/contract";
import { Form, Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { SubmitButton } from "../../account/FormButtons.tsx";
import { FormAlert } from "../../account/FormMessages.tsx";
import { productName } from "../../catalogue/product/product-name.ts";
import type { ActionFailure } from "../../platform/api/form-answer.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { buttonClass } from "../../platform/ui/ui.ts";
import { reviewedProductIdOf } from "../../reviews/product-ref.server.ts";
import { ReportFields } from "../../reviews/ReviewModals.tsx";
import { ReviewPageFrame } from "../../reviews/ReviewPageFrame.tsx";
import { reportAction } from "../../reviews/review-actions.server.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/product.report";

function reportedOf(url: URL): { target: AbuseTarget; targetId: number } {
  const target = url.searchParams.get("target") ?? "";
  const id = url.searchParams.get("id") ?? "";
  if (!(ABUSE_TARGETS as readonly string[]).includes(target) || !/^\d{1,12}$/.test(id))
    throw pageProblem("not-found", 404);
  return { target: target as AbuseTarget, targetId: Number(id) };
}

/** ABUSE_REPORT as a page: `?target=review&id=12` names what is reported. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const productId = reviewedProductIdOf(params.id);
  const reported = reportedOf(new URL(request.url));
  const { storeApi } = context;
  const product = await storeApi.page(
    "productInfo",
    { params: { id: productId } },
    { notFound: "product-not-found" },
  );
  const signedIn = signedInCustomer((await storeApi.session()).auth) !== null;
  return {
    product: { id: product.id, name: product.name, nameLocalizations: product.nameLocalizations },
    reported,
    signedIn,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return reportAction(context.storeApi, request);
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, `/products/${params.id}/report`, (t) => t("reviews.report-form.title.review"));

export default function ProductReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { product, reported, signedIn } = loaderData;
  const name = productName(product, locale);
  const failure =
    actionData && actionData.ok === false ? (actionData as ActionFailure & { typed?: string }) : null;
  return (
    <RequireAuth ready={signedIn}>
      <ReviewPageFrame
        productId={product.id}
        productName={name}
        title={t(`reviews.report-form.title.${reported.target}`)}
      >
        {actionData?.ok === true ? (
          <div className="space-y-5" data-report-sent>
            <p role="status" className="rounded-2xl bg-emerald-50 p-4 text-emerald-900">
              {t("reviews.report-form.sent")}
            </p>
            <Link to={`/products/${product.id}`} className={buttonClass.secondary}>
              {t("reviews.back-to", { name })}
            </Link>
          </div>
        ) : (
          <Form method="post" noValidate className="space-y-5" data-report-form={reported.target}>
            <p className="text-sm text-stone-600">{t("reviews.report-form.subtitle")}</p>
            <FormAlert
              failure={failure && Object.keys(failure.fields).length === 0 ? failure : undefined}
              onClose={() => undefined}
            />
            <input type="hidden" name="target" value={reported.target} />
            <input type="hidden" name="targetId" value={reported.targetId} />
            <ReportFields errors={failure?.fields ?? {}} typed={failure?.typed} />
            <SubmitButton busy={false}>{t("reviews.report-form.send")}</SubmitButton>
          </Form>
        )}
      </ReviewPageFrame>
    </RequireAuth>
  );
}
