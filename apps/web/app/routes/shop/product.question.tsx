import { QUESTION_TEXT_MAX } from "@stoa/contract";
import { Form, Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { SubmitButton } from "../../account/FormButtons.tsx";
import { TextAreaField } from "../../account/FormFields.tsx";
import { FormAlert } from "../../account/FormMessages.tsx";
import { productName } from "../../catalogue/product/product-name.ts";
import type { ActionFailure } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { buttonClass } from "../../platform/ui/ui.ts";
import { reviewedProductIdOf } from "../../reviews/product-ref.server.ts";
import { ReviewPageFrame } from "../../reviews/ReviewPageFrame.tsx";
import { questionAction } from "../../reviews/review-actions.server.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/product.question";

/** QUESTION_FORM as a page, for a signed-in customer. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const productId = reviewedProductIdOf(params.id);
  const { storeApi } = context;
  const product = await storeApi.page(
    "productInfo",
    { params: { id: productId } },
    { notFound: "product-not-found" },
  );
  const signedIn = signedInCustomer((await storeApi.session()).auth) !== null;
  return {
    product: { id: product.id, name: product.name, nameLocalizations: product.nameLocalizations },
    signedIn,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return questionAction(context.storeApi, reviewedProductIdOf(params.id), request);
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, `/products/${params.id}/question`, (t) => t("reviews.questions.ask-title"));

export default function ProductQuestionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { product, signedIn } = loaderData;
  const name = productName(product, locale);
  const failure =
    actionData && actionData.ok === false ? (actionData as ActionFailure & { typed?: string }) : null;
  const sent = actionData?.ok === true;
  return (
    <RequireAuth ready={signedIn}>
      <ReviewPageFrame productId={product.id} productName={name} title={t("reviews.questions.ask-title")}>
        {sent ? (
          <div className="space-y-5" data-question-sent>
            <p role="status" className="rounded-2xl bg-emerald-50 p-4 text-emerald-900">
              {t("reviews.questions.sent")}
            </p>
            <Link to={`/products/${product.id}`} className={buttonClass.secondary}>
              {t("reviews.back-to", { name })}
            </Link>
          </div>
        ) : (
          <Form method="post" noValidate className="space-y-5" data-question-form>
            <FormAlert
              failure={failure && Object.keys(failure.fields).length === 0 ? failure : undefined}
              onClose={() => undefined}
            />
            <input type="hidden" name="intent" value="ask" />
            <TextAreaField
              label={t("reviews.questions.your-question")}
              hint={t("reviews.questions.hint")}
              name="text"
              errors={failure?.fields ?? {}}
              maxLength={QUESTION_TEXT_MAX}
              rows={4}
              defaultValue={failure?.typed}
              required
            />
            <SubmitButton busy={false}>{t("reviews.questions.send")}</SubmitButton>
          </Form>
        )}
      </ReviewPageFrame>
    </RequireAuth>
  );
}
