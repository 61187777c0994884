import {
  answerBodySchema,
  type StaffModerationCounts,
  staffAbuseReportDecideBodySchema,
  staffQuestionDecideBodySchema,
  staffReviewDecideBodySchema,
  staffReviewPhotoBodySchema,
  staffReviewReplyBodySchema,
} from "@stoa/contract";
import { data, Link } from "react-router";
import { type ActionFailure, invalid, invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { formId } from "../../reviews/review-actions.server.ts";
import { QuestionCard, ReportCard, StaffReviewCard } from "../../staff/reviews/QueueCards.tsx";
import {
  QUEUE_LISTS,
  type QueueList,
  queueHref,
  queueIntentOf,
  queueParamsOf,
} from "../../staff/reviews/queue-params.ts";
import { ReviewsTabs } from "../../staff/reviews/ReviewsTabs.tsx";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import { FormNotice, failureIn, StaffPageHeader, StaffPages } from "../../staff/ui.tsx";
import type { Route } from "./+types/reviews";

/** The moderation queue: one of its lists, with how many wait in each. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const params = queueParamsOf(new URL(request.url).searchParams);
  const countsCall = storeApi.page("staffModerationCounts", {});
  const { list, page } = params;
  if (list === "reports") {
    const [counts, reports] = await Promise.all([
      countsCall,
      storeApi.page("staffAbuseReports", { body: { state: "open", page } }),
    ]);
    return { params, counts, shown: { kind: "reports" as const, page: reports } };
  }
  if (list === "questions" || list === "hidden-questions") {
    const state = list === "questions" ? "open" : "hidden";
    const [counts, questions] = await Promise.all([
      countsCall,
      storeApi.page("staffQuestions", { body: { state, page } }),
    ]);
    return { params, counts, shown: { kind: "questions" as const, page: questions } };
  }
  const [counts, reviews] = await Promise.all([
    countsCall,
    storeApi.page("staffReviews", { body: { state: list, page } }),
  ]);
  return { params, counts, shown: { kind: "reviews" as const, page: reviews } };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/**
 * Every decision of the queue, as a plain form post: publish or hide a review (with a reason),
 * reply publicly, hide or show a photo, uphold or dismiss a report, answer, hide or show again a
 * question. The API audits each; the page says what was done and shows the list as it now stands.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = queueIntentOf(form.get("intent"));
  const id = text(form.get("id"));
  const idNumber = formId(form.get("id"));
  if (!intent) return invalid({ intent: "error-field-invalid" });
  const answer = async (outcome: { ok: true } | { ok: false; failure: ActionFailure; status: number }) =>
    outcome.ok
      ? { ok: true as const, intent, id }
      : data({ ...outcome.failure, intent, id }, { status: outcome.status });
  const refuse = (fields: ActionFailure["fields"]) =>
    data({ ...invalidFields(fields), intent, id }, { status: 400 });

  if (intent === "publish" || intent === "hide") {
    const check = validateWith(staffReviewDecideBodySchema, {
      reviewId: idNumber,
      decision: intent,
      reason: text(form.get("reason")) || undefined,
      note: text(form.get("note")),
    });
    if (!check.ok) return refuse(check.fields);
    return answer(await storeApi.form("staffReviewDecide", { body: check.data }));
  }
  if (intent === "reply") {
    const check = validateWith(staffReviewReplyBodySchema, {
      reviewId: idNumber,
      text: text(form.get("text")),
    });
    if (!check.ok) return refuse(check.fields);
    return answer(await storeApi.form("staffReviewReply", { body: check.data }));
  }
  if (intent === "photo") {
    const check = validateWith(staffReviewPhotoBodySchema, {
      photoId: formId(form.get("photoId")),
      hidden: text(form.get("hidden")) === "true",
      reason: text(form.get("reason")) || undefined,
    });
    if (!check.ok) return refuse(check.fields);
    return answer(await storeApi.form("staffReviewPhoto", { body: check.data }));
  }
  if (intent === "uphold" || intent === "dismiss") {
    const check = validateWith(staffAbuseReportDecideBodySchema, {
      reportId: idNumber,
      decision: intent,
      note: text(form.get("note")),
    });
    if (!check.ok) return refuse(check.fields);
    return answer(await storeApi.form("staffAbuseReportDecide", { body: check.data }));
  }
  if (intent === "answer") {
    const check = validateWith(answerBodySchema, { questionId: idNumber, text: text(form.get("text")) });
    if (!check.ok) return refuse(check.fields);
    return answer(await storeApi.form("staffQuestionAnswer", { body: check.data }));
  }
  const check = validateWith(staffQuestionDecideBodySchema, {
    questionId: idNumber,
    decision: intent === "hide-question" ? "hide" : "show",
    reason: text(form.get("reason")) || undefined,
  });
  if (!check.ok) return refuse(check.fields);
  return answer(await storeApi.form("staffQuestionDecide", { body: check.data }));
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `${STAFF_PATH}/reviews${location.search}`, (t) => t("staffReviews.title"));

function waitingIn(list: QueueList, counts: StaffModerationCounts): number | null {
  if (list === "pending") return counts.pendingReviews;
  if (list === "reports") return counts.openReports;
  if (list === "questions") return counts.openQuestions;
  return null;
}

/** The queue's lists as links, each with how many wait in it. */
function QueueLists({ current, counts }: { current: QueueList; counts: StaffModerationCounts }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("staffReviews.lists")} className="mb-5 flex flex-wrap gap-2" data-queue-lists>
      {QUEUE_LISTS.map((list) => {
        const waiting = waitingIn(list, counts);
        return (
          <Link
            key={list}
            to={queueHref({ list, page: 1 })}
            aria-current={current === list ? "page" : undefined}
            className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-50 aria-[current=page]:border-stone-900 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white"
            data-queue-list={list}
          >
            {t(`staffReviews.list.${list}`)}
            {waiting ? (
              <span className="rounded-full bg-amber-400 px-1.5 text-xs font-bold text-stone-950 tabular-nums">
                {waiting}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

export default function StaffReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, counts, shown } = loaderData;
  const failure = failureIn(actionData);
  const sent = actionData as { ok?: boolean; intent?: string; id?: string } | undefined;
  const failureFor = (id: number) => (failure && sent?.id === String(id) ? failure : null);
  const done = sent?.ok && sent.intent ? t(`staffReviews.done.${sent.intent as "publish"}`) : null;
  const empty = shown.page.records.length === 0;
  return (
    <div data-staff-reviews={params.list}>
      <ReviewsTabs />
      <StaffPageHeader title={t("staffReviews.title")} intro={t("staffReviews.intro")} />
      <QueueLists current={params.list} counts={counts} />
      <FormNotice done={done} failure={failure && !sent?.id ? failure : null} />
      {empty ? (
        <p
          className="rounded-xl border border-stone-200 bg-white px-4 py-10 text-center text-sm text-stone-600"
          data-queue-empty
        >
          {t(`staffReviews.empty.${params.list}`)}
        </p>
      ) : shown.kind === "reviews" ? (
        <ul className="space-y-3">
          {shown.page.records.map((review) => (
            <StaffReviewCard key={review.id} review={review} failure={failureFor(review.id)} />
          ))}
        </ul>
      ) : shown.kind === "reports" ? (
        <ul className="space-y-3">
          {shown.page.records.map((report) => (
            <ReportCard key={report.id} report={report} failure={failureFor(report.id)} />
          ))}
        </ul>
      ) : (
        <ul className="space-y-3">
          {shown.page.records.map((question) => (
            <QuestionCard key={question.id} question={question} failure={failureFor(question.id)} />
          ))}
        </ul>
      )}
      <StaffPages
        current={shown.page.current_page}
        last={shown.page.last_page}
        hrefFor={(page) => queueHref({ list: params.list, page })}
      />
    </div>
  );
}
