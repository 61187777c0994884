import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { OrderTime } from "../../orders/OrderParts.tsx";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { shopName } from "../../shell/shop.ts";
import { MessageStateBadge } from "../../staff/messages/MessageStateBadge.tsx";
import { MessagesTabs } from "../../staff/messages/MessagesTabs.tsx";
import { contactMessageIdOf } from "../../staff/messages/message-id.server.ts";
import { contactStateOf, replyHref } from "../../staff/messages/message-params.ts";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import { FormNotice, failureIn, StaffPanel, staffButton } from "../../staff/ui.tsx";
import type { Route } from "./+types/message";
import type { loader as layoutLoader } from "./layout.tsx";

/**
 * Opening a message reads it whole and marks it read: the first opening is kept (the API's mark is
 * idempotent), so coming back to it, or the page loading again after a form, changes nothing.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = contactMessageIdOf(params.id);
  const message = await context.storeApi.page("staffMarkContactMessage", { body: { id, mark: "read" } });
  return { message };
}

/** Marks the message answered (after replying by email) or, undone, not answered again. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = contactMessageIdOf(params.id);
  const mark = (await request.formData()).get("mark");
  if (mark !== "answered" && mark !== "open") return invalid({ mark: "error-field-invalid" });
  const outcome = await context.storeApi.form("staffMarkContactMessage", { body: { id, mark } });
  if (!outcome.ok) return failed(outcome);
  return data({ ok: true as const, mark });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, `${STAFF_PATH}/messages/${params.id}`, (t) => t("staff.messages.title"));

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-500">{term}</dt>
      <dd className="mt-0.5 break-words text-sm text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * The console's frame loads beside this page, so its unread badge may have counted this message
 * before the opening marked it read: with scripts, it is asked again once the message is open.
 */
function useBadgeAfterOpening(id: number) {
  const frame = useRouteLoaderData<typeof layoutLoader>("routes/staff/layout");
  const { revalidate } = useRevalidator();
  const asked = useRef<number | null>(null);
  const waiting = (frame?.unread ?? 0) > 0;
  useEffect(() => {
    if (!waiting || asked.current === id) return;
    asked.current = id;
    void revalidate();
  }, [id, waiting, revalidate]);
}

export default function StaffMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useBadgeAfterOpening(loaderData.message.id);
  const { store, locale } = useShop();
  const busy = useNavigation().state === "submitting";
  const { message } = loaderData;
  const failure = failureIn(actionData);
  const done = actionData && !failure ? (actionData as { mark: "answered" | "open" }).mark : null;
  const answered = contactStateOf(message) === "answered";
  const subject = message.subject
    ? t("staff.messages.reply-subject", { subject: message.subject })
    : t("staff.messages.reply-subject-none", { shop: shopName(store, locale) });
  return (
    <div data-staff-message-detail={message.id}>
      <MessagesTabs />
      <p className="mb-3">
        <Link
          to={`${STAFF_PATH}/messages`}
          className="text-sm font-medium text-stone-700 underline-offset-2 hover:underline"
        >
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>{" "}
          {t("staff.messages.back")}
        </Link>
      </p>
      <div className="grid max-w-3xl gap-4">
        <FormNotice
          failure={failure}
          done={
            done
              ? t(done === "answered" ? "staff.messages.marked-answered" : "staff.messages.marked-open")
              : null
          }
        />
        <StaffPanel>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1
              dir={message.subject ? "auto" : undefined}
              className="min-w-0 break-words text-start text-xl font-bold tracking-tight text-stone-950"
            >
              {message.subject || t("staff.messages.no-subject")}
            </h1>
            <MessageStateBadge message={message} />
          </div>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <Detail term={t("staff.messages.from")}>
              <bdi>{message.name}</bdi>
              {message.customerId ? (
                <span className="ms-1.5 text-xs text-stone-500">({t("staff.messages.signed-in")})</span>
              ) : null}
            </Detail>
            <Detail term={t("staff.messages.email")}>
              <a
                href={`mailto:${message.email}`}
                dir="ltr"
                className="text-stone-900 underline-offset-2 hover:underline"
              >
                {message.email}
              </a>
            </Detail>
            {message.phone ? (
              <Detail term={t("staff.messages.phone")}>
                <a
                  href={`tel:${message.phone}`}
                  dir="ltr"
                  className="tabular-nums underline-offset-2 hover:underline"
                >
                  {message.phone}
                </a>
              </Detail>
            ) : null}
            <Detail term={t("staff.messages.received")}>
              <OrderTime at={message.receivedAt} withTime />
            </Detail>
            <Detail term={t("staff.messages.language")}>{t(`staff.shop.languages.${message.locale}`)}</Detail>
            {message.answeredAt ? (
              <Detail term={t("staff.messages.answered-at")}>
                <OrderTime at={message.answeredAt} withTime />
              </Detail>
            ) : message.readAt ? (
              <Detail term={t("staff.messages.read-at")}>
                <OrderTime at={message.readAt} withTime />
              </Detail>
            ) : null}
          </dl>
          {/* The shopper's own words, as written: their language's direction, their line breaks. */}
          <p
            dir="auto"
            lang={message.locale}
            className="mt-5 whitespace-pre-wrap break-words border-t border-stone-100 pt-4 text-base leading-relaxed text-stone-900"
            data-message-text
          >
            {message.message}
          </p>
        </StaffPanel>
        <div className="flex flex-wrap gap-2">
          <a href={replyHref(message.email, subject)} className={staffButton.primary} data-message-reply>
            {t("staff.messages.reply")}
          </a>
          <Form method="post">
            <input type="hidden" name="mark" value={answered ? "open" : "answered"} />
            <button
              type="submit"
              className={staffButton.secondary}
              disabled={busy}
              data-message-mark={answered ? "open" : "answered"}
            >
              {t(answered ? "staff.messages.mark-open" : "staff.messages.mark-answered")}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
