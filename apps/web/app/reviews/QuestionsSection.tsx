import type { Question, QuestionPage } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { useAuth } from "../shell/root-data.ts";
import { ReportLink, useReviewDate } from "./ReviewItem.tsx";
import { QUESTIONS_ANCHOR } from "./review-query.ts";

/** Asking opens QUESTION_FORM for a signed-in customer, sign-in first for anyone else; the question page without scripts. */
function AskButton({ productId, productName }: { productId: number; productName: string }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const auth = useAuth();
  return (
    <Link
      to={`/products/${productId}/question`}
      rel="nofollow"
      onClick={(event) => {
        event.preventDefault();
        if (auth.status !== "signed-in" || auth.user.isGuest) openModal("LOGIN_VIEW");
        else openModal("QUESTION_FORM", { productId, productName, question: null });
      }}
      aria-haspopup="dialog"
      className={`${buttonClass.secondary} py-2.5`}
      data-ask-question
    >
      {t("reviews.questions.ask")}
    </Link>
  );
}

function QuestionItem({
  question,
  productName,
  mayAnswer,
}: {
  question: Question;
  productName: string;
  mayAnswer: boolean;
}) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const dateOf = useReviewDate();
  return (
    <li className="py-5 first:pt-0" data-question={question.id} lang={question.language}>
      <p className="flex gap-3">
        <span aria-hidden="true" className="font-bold text-stone-950">
          {t("reviews.questions.q")}
        </span>
        <span
          dir="auto"
          className="min-w-0 flex-1 whitespace-pre-line break-words font-medium text-stone-950"
        >
          {question.text}
        </span>
      </p>
      <p className="ms-7 mt-1 text-xs text-stone-500">
        <bdi>{question.authorName}</bdi> ·{" "}
        <time dateTime={question.createdAt}>{dateOf(question.createdAt)}</time>
      </p>
      <ul className="ms-7 mt-3 space-y-3">
        {question.answers.map((answer) => (
          <li key={answer.id} className="flex gap-3" data-answer={answer.id}>
            <span aria-hidden="true" className="font-bold text-brand">
              {t("reviews.questions.a")}
            </span>
            <div className="min-w-0 flex-1">
              <p dir="auto" className="whitespace-pre-line break-words leading-6 text-stone-700">
                {answer.text}
              </p>
              <p className="mt-1 text-xs text-stone-500">
                {answer.byStaff ? (
                  <span className="font-semibold text-stone-700">{t("reviews.questions.by-shop")}</span>
                ) : (
                  <span dir="auto">{t("reviews.questions.by-buyer", { name: answer.authorName })}</span>
                )}{" "}
                · <time dateTime={answer.createdAt}>{dateOf(answer.createdAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="ms-7 mt-3 flex flex-wrap items-center gap-4">
        {mayAnswer ? (
          <button
            type="button"
            onClick={() =>
              openModal("QUESTION_FORM", {
                productId: question.productId,
                productName,
                question: { id: question.id, text: question.text },
              })
            }
            className="text-xs font-semibold text-brand hover:underline"
            data-answer-question={question.id}
          >
            {t("reviews.questions.answer")}
          </button>
        ) : null}
        <ReportLink
          productId={question.productId}
          what={{ target: "question", targetId: question.id }}
          label={t("reviews.questions.report-of", { name: question.authorName })}
        />
      </div>
    </li>
  );
}

/** Questions shoppers asked and the shop (or buyers) answered; only answered ones are ever shown. */
export function QuestionsSection({
  productId,
  productName,
  page,
  mayAnswer,
}: {
  productId: number;
  productName: string;
  page: QuestionPage;
  mayAnswer: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      id={QUESTIONS_ANCHOR}
      aria-labelledby="questions-title"
      className="mt-12 scroll-mt-24 border-t border-stone-200 pt-10"
      data-questions={page.total}
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 id="questions-title" className="text-2xl font-bold tracking-tight text-stone-950">
          {t("reviews.questions.title")}
        </h2>
        <AskButton productId={productId} productName={productName} />
      </div>
      {page.records.length > 0 ? (
        <ul className="max-w-3xl divide-y divide-stone-200">
          {page.records.map((question) => (
            <QuestionItem
              key={question.id}
              question={question}
              productName={productName}
              mayAnswer={mayAnswer}
            />
          ))}
        </ul>
      ) : (
        <p className="text-stone-600">{t("reviews.questions.none")}</p>
      )}
    </section>
  );
}
