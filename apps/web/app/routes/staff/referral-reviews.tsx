import {
  formatMoney,
  REFERRAL_REVIEW_STATES,
  type StaffReferralReview,
  staffReferralDecideBodySchema,
} from "@stoa/contract";
import { Form, Link, useNavigation } from "react-router";
import { formatDay } from "../../orders/dates.ts";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { leftToRight } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { reviewListHref, reviewListParams } from "../../staff/referrals/commission-list.ts";
import { ReferralTabs, STAFF_REFERRAL_REVIEWS_PATH } from "../../staff/referrals/ReferralTabs.tsx";
import {
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPages,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/referral-reviews";

/** Referrals held as suspicious: the open ones first (nothing is decided by itself). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = reviewListParams(new URL(request.url).searchParams);
  const reviews = await context.storeApi.page("staffReferralReviews", { body: params });
  return { params, reviews };
}

/** Clear or refuse one held referral, with a note (audited by the API). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const check = validateWith(staffReferralDecideBodySchema, {
    id: Number(form.get("id")),
    decision: form.get("decision"),
    note: typeof form.get("note") === "string" ? form.get("note") : "",
  });
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("staffReferralDecide", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, review: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `${STAFF_REFERRAL_REVIEWS_PATH}${location.search}`, (t) =>
    t("staffReferrals.reviews.title"),
  );

function ReviewCard({ review }: { review: StaffReferralReview }) {
  const { t } = useTranslation();
  const { locale, store } = useShop();
  const busy = useNavigation().state === "submitting";
  const noteId = `review-note-${review.id}`;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm" data-staff-review={review.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-950">
            {t("staffReferrals.reviews.order", { number: review.orderNumber })}
          </p>
          <p className="text-sm text-stone-600">
            {formatDay(review.createdAt, locale, "UTC")} ·{" "}
            {t("staffReferrals.reviews.commission", {
              amount: leftToRight(formatMoney(review.commission, store.settings.currency, locale)),
            })}
          </p>
        </div>
        <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-700">
          {t(`staffReferrals.reviews.states.${review.state}`)}
        </span>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
            {t("staffReferrals.reviews.referrer")}
          </dt>
          <dd className="text-stone-900">
            {review.referrer.name}
            {review.referrer.email ? (
              <span className="block text-stone-600">
                <bdi dir="ltr">{review.referrer.email}</bdi>
              </span>
            ) : null}
            <span className="block font-mono text-xs text-stone-500">
              <bdi dir="ltr">{review.code}</bdi>
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
            {t("staffReferrals.reviews.friend")}
          </dt>
          <dd className="text-stone-900">
            {review.friend.name}
            <span className="block text-stone-600">
              <bdi dir="ltr">{review.friend.contact}</bdi>
            </span>
          </dd>
        </div>
      </dl>
      <div className="mt-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">
          {t("staffReferrals.reviews.why")}
        </p>
        <ul className="mt-1 list-disc space-y-0.5 ps-5 text-sm text-amber-900" data-review-reasons>
          {review.reasons.map((reason) => (
            <li key={reason} data-reason={reason}>
              {t(`staffReferrals.reviews.reasons.${reason}`)}
            </li>
          ))}
        </ul>
      </div>
      {review.state === "open" ? (
        <Form method="post" className="mt-4 space-y-3 border-t border-stone-100 pt-4">
          <input type="hidden" name="id" value={review.id} />
          <div>
            <label htmlFor={noteId} className={staffLabel}>
              {t("staffReferrals.reviews.note")}
            </label>
            <textarea
              id={noteId}
              name="note"
              rows={2}
              maxLength={500}
              className={staffInput}
              aria-describedby={`${noteId}-hint`}
            />
            <p id={`${noteId}-hint`} className="mt-1 text-xs text-stone-500">
              {t("staffReferrals.reviews.note-hint")}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="decision"
              value="clear"
              className={staffButton.primary}
              disabled={busy}
              data-clear-review
            >
              {t("staffReferrals.reviews.clear")}
            </button>
            <button
              type="submit"
              name="decision"
              value="refuse"
              className={staffButton.danger}
              disabled={busy}
              data-refuse-review
            >
              {t("staffReferrals.reviews.refuse")}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-3 border-t border-stone-100 pt-3 text-sm text-stone-600">
          {review.decidedAt
            ? t("staffReferrals.reviews.decided", {
                state: t(`staffReferrals.reviews.states.${review.state}`),
                date: formatDay(review.decidedAt, locale, "UTC"),
              })
            : null}
          {review.note ? (
            <span className="mt-1 block whitespace-pre-line text-stone-800">{review.note}</span>
          ) : null}
        </p>
      )}
    </li>
  );
}

export default function StaffReferralReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, reviews } = loaderData;
  const failure = failureIn(actionData);
  const decided = actionData && !failure ? (actionData as { review: StaffReferralReview }).review : null;
  return (
    <div data-staff-referral-reviews>
      <StaffPageHeader title={t("staffReferrals.reviews.title")} intro={t("staffReferrals.reviews.intro")} />
      <ReferralTabs />
      <nav aria-label={t("staffReferrals.reviews.state")} className="mb-4">
        <ul className="flex flex-wrap gap-1">
          {REFERRAL_REVIEW_STATES.map((state) => (
            <li key={state}>
              <Link
                to={reviewListHref(STAFF_REFERRAL_REVIEWS_PATH, { state, page: 1 })}
                aria-current={params.state === state ? "page" : undefined}
                className="block rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-50 aria-[current=page]:border-stone-900 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white"
              >
                {t(`staffReferrals.reviews.states.${state}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FormNotice
        failure={failure}
        done={
          decided
            ? t(
                decided.state === "refused"
                  ? "staffReferrals.reviews.refused"
                  : "staffReferrals.reviews.cleared",
              )
            : null
        }
      />
      {reviews.records.length === 0 ? (
        <p
          className="rounded-xl border border-stone-200 bg-white px-4 py-10 text-center text-sm text-stone-600"
          data-staff-reviews-empty
        >
          {t("staffReferrals.reviews.empty")}
        </p>
      ) : (
        <ul className="space-y-3">
          {reviews.records.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </ul>
      )}
      <StaffPages
        current={reviews.current_page}
        last={reviews.last_page}
        hrefFor={(page) => reviewListHref(STAFF_REFERRAL_REVIEWS_PATH, { ...params, page })}
      />
    </div>
  );
}
