import {
  MESSAGES_PAGE_SIZE,
  NEWSLETTER_EXPORT_LIMIT,
  NEWSLETTER_SEARCH_MAX,
  type NewsletterSubscriber,
  staffNewsletterRemoveBodySchema,
} from "@stoa/contract";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { OrderTime } from "../../orders/OrderParts.tsx";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { MessagesTabs } from "../../staff/messages/MessagesTabs.tsx";
import {
  isolated,
  NEWSLETTER_EXPORT_PATH,
  NEWSLETTER_PATH,
  newsletterListHref,
  newsletterListParams,
} from "../../staff/messages/message-params.ts";
import {
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPages,
  staffButton,
  staffInput,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/newsletter";

const LIST_PATH = NEWSLETTER_PATH;

/** The newsletter's subscribers, newest first, a page at a time, or those whose address holds a search. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = newsletterListParams(new URL(request.url).searchParams);
  const { storeApi } = context;
  const [subscribers, everyone] = await Promise.all([
    storeApi.page("staffNewsletterList", {
      query: { limit: MESSAGES_PAGE_SIZE, page: params.page },
      body: { q: params.q },
    }),
    // The export holds the whole list whatever the search: its size says how many parts it takes.
    params.q ? storeApi.page("staffNewsletterList", { query: { limit: 1, page: 1 }, body: { q: "" } }) : null,
  ]);
  return { params, subscribers, listTotal: (everyone ?? subscribers).total };
}

/**
 * Taking an address off is two posts, so it works without scripts and never on one slip: the first
 * (`intent=ask`) asks to be sure, the second (`intent=remove`) removes. The address travels in the
 * posts' bodies, never in an address bar or a server log.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const check = validateWith(staffNewsletterRemoveBodySchema, { email: form.get("email") ?? "" });
  if (!check.ok) return invalid(check.fields);
  const intent = form.get("intent");
  if (intent === "ask") return { ok: true as const, intent: "ask" as const, email: check.data.email };
  if (intent !== "remove") return invalid({ intent: "error-field-invalid" });
  const outcome = await context.storeApi.form("staffNewsletterRemove", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "remove" as const, email: check.data.email };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `${LIST_PATH}${location.search}`, (t) => t("staff.newsletter.title"));

function SearchForm({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      role="search"
      className="flex w-full flex-wrap items-end gap-2 sm:w-auto"
      data-newsletter-search
    >
      <div className="min-w-0 flex-1 sm:w-64 sm:flex-none">
        <label htmlFor="newsletter-q" className="sr-only">
          {t("staff.newsletter.search")}
        </label>
        <input
          id="newsletter-q"
          name="q"
          type="search"
          dir="ltr"
          defaultValue={q}
          maxLength={NEWSLETTER_SEARCH_MAX}
          placeholder={t("staff.newsletter.search")}
          className={`${staffInput} py-2 placeholder:text-start`}
        />
      </div>
      <button type="submit" className={`${staffButton.secondary} py-2`}>
        {t("staff.newsletter.apply")}
      </button>
      {q ? (
        <Link to={LIST_PATH} className={`${staffButton.secondary} border-transparent py-2`}>
          {t("staff.newsletter.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

/** The export's links: one file, or one per part of a list longer than an export holds. */
function ExportLinks({ total }: { total: number }) {
  const { t } = useTranslation();
  const parts = Math.max(1, Math.ceil(total / NEWSLETTER_EXPORT_LIMIT));
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end" data-newsletter-exports>
      <div className="flex flex-wrap gap-2">
        {Array.from({ length: parts }, (_, i) => i + 1).map((part) => (
          // A plain link with `download`: the browser saves the file, and the page stays.
          <a
            key={part}
            href={parts > 1 ? `${NEWSLETTER_EXPORT_PATH}?page=${part}` : NEWSLETTER_EXPORT_PATH}
            download
            className={`${staffButton.secondary} py-2`}
            data-newsletter-export={part}
          >
            {parts > 1 ? t("staff.newsletter.export-part", { part, parts }) : t("staff.newsletter.export")}
          </a>
        ))}
      </div>
      <p className="max-w-xs text-xs text-stone-500 sm:text-end">{t("staff.newsletter.export-hint")}</p>
    </div>
  );
}

/** The second step of taking an address off: what it means, and the one button that does it. */
function ConfirmRemoval({ email }: { email: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const panel = useRef<HTMLDivElement>(null);
  // With scripts the question takes the focus, so a keyboard or a screen reader lands on it.
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="newsletter-confirm-title"
      aria-describedby="newsletter-confirm-text"
      className="mb-4 rounded-xl border border-red-200 bg-red-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-red-700"
      data-newsletter-confirm
    >
      <h2 id="newsletter-confirm-title" className="break-words font-semibold text-red-900">
        {t("staff.newsletter.confirm-title", { email: isolated(email) })}
      </h2>
      <p id="newsletter-confirm-text" className="mt-1 text-sm text-red-900">
        {t("staff.newsletter.confirm-text")}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="email" value={email} />
          <button type="submit" className={staffButton.danger} disabled={busy} data-newsletter-confirm-remove>
            {t("staff.newsletter.confirm")}
          </button>
        </Form>
        <Link to={`${pathname}${search}`} className={staffButton.secondary} replace>
          {t("staff.newsletter.cancel")}
        </Link>
      </div>
    </div>
  );
}

function SubscriberRow({ subscriber }: { subscriber: NewsletterSubscriber }) {
  const { t } = useTranslation();
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_7rem_10rem_6rem]"
      data-newsletter-subscriber={subscriber.email}
    >
      <p className="min-w-0 truncate text-sm font-medium text-stone-950" dir="ltr" title={subscriber.email}>
        <span className="block truncate text-start">{subscriber.email}</span>
      </p>
      <Form method="post" className="row-span-2 justify-self-end sm:order-4 sm:row-span-1">
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="email" value={subscriber.email} />
        <button
          type="submit"
          className={`${staffButton.danger} px-3 py-1.5`}
          aria-label={t("staff.newsletter.remove-label", { email: subscriber.email })}
          data-newsletter-remove={subscriber.email}
        >
          {t("staff.newsletter.remove")}
        </button>
      </Form>
      <p className="text-xs text-stone-500 sm:order-2 sm:text-sm sm:text-stone-700">
        <span className="sr-only">{t("staff.newsletter.language")}: </span>
        {t(`staff.shop.languages.${subscriber.locale}`)}
        <span className="sm:hidden">
          {" · "}
          <OrderTime at={subscriber.subscribedAt} />
        </span>
      </p>
      <p className="hidden text-sm text-stone-700 sm:order-3 sm:block">
        <span className="sr-only">{t("staff.newsletter.subscribed")}: </span>
        <OrderTime at={subscriber.subscribedAt} />
      </p>
    </li>
  );
}

type Answer = { ok: true; intent: "ask" | "remove"; email: string };

export default function StaffNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, subscribers, listTotal } = loaderData;
  const failure = failureIn(actionData);
  const answer = failure ? null : (actionData as Answer | undefined);
  return (
    <div data-staff-newsletter>
      <MessagesTabs />
      <StaffPageHeader title={t("staff.newsletter.title")} intro={t("staff.newsletter.intro")} />
      <FormNotice
        failure={failure}
        done={
          answer?.intent === "remove"
            ? t("staff.newsletter.removed", { email: isolated(answer.email) })
            : null
        }
      />
      {answer?.intent === "ask" ? <ConfirmRemoval key={answer.email} email={answer.email} /> : null}
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <SearchForm q={params.q} />
        {listTotal > 0 ? <ExportLinks total={listTotal} /> : null}
      </div>
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
          <span data-newsletter-total={subscribers.total}>
            {t("staff.newsletter.count", { count: subscribers.total })}
          </span>
        </div>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,1fr)_7rem_10rem_6rem] gap-x-4 border-b border-stone-200 bg-stone-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-stone-500 sm:grid"
        >
          <span>{t("staff.newsletter.email")}</span>
          <span>{t("staff.newsletter.language")}</span>
          <span>{t("staff.newsletter.subscribed")}</span>
          <span />
        </div>
        {subscribers.records.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600" data-newsletter-empty>
            {params.q
              ? t("staff.newsletter.none-found", { q: isolated(params.q) })
              : t("staff.newsletter.empty")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {subscribers.records.map((subscriber) => (
              <SubscriberRow key={subscriber.email} subscriber={subscriber} />
            ))}
          </ul>
        )}
      </div>
      <StaffPages
        current={subscribers.current_page}
        last={subscribers.last_page}
        hrefFor={(page) => newsletterListHref(LIST_PATH, { ...params, page })}
      />
    </div>
  );
}
