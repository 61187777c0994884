import { CONTACT_MESSAGE_STATES, MESSAGES_PAGE_SIZE, type StaffContactMessage } from "@stoa/contract";
import { Form, Link, useSubmit } from "react-router";
import { OrderTime } from "../../orders/OrderParts.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { MessageStateBadge } from "../../staff/messages/MessageStateBadge.tsx";
import { MessagesTabs } from "../../staff/messages/MessagesTabs.tsx";
import {
  type ContactListParams,
  contactListHref,
  contactListParams,
  contactStateOf,
} from "../../staff/messages/message-params.ts";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import { StaffPageHeader, StaffPages, staffButton, staffInput } from "../../staff/ui.tsx";
import type { Route } from "./+types/messages";

const LIST_PATH = `${STAFF_PATH}/messages`;

/** The shop's contact messages, newest first, a page at a time, all or in one state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = contactListParams(new URL(request.url).searchParams);
  const messages = await context.storeApi.page("staffContactMessages", {
    query: { limit: MESSAGES_PAGE_SIZE, page: params.page },
    body: { open: false, ...(params.state ? { state: params.state } : {}) },
  });
  return { params, messages };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `${LIST_PATH}${location.search}`, (t) => t("staff.messages.title"));

/** The state filter: a GET form that works without scripts; with them it applies as it changes. */
function StateFilter({ params }: { params: ContactListParams }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-end gap-2" data-staff-message-filter>
      <label htmlFor="message-state" className="sr-only">
        {t("staff.messages.filter")}
      </label>
      <select
        id="message-state"
        name="state"
        defaultValue={params.state ?? ""}
        className={`${staffInput} py-2 sm:min-w-44`}
        onChange={(event) => submit(event.currentTarget.form)}
      >
        <option value="">{t("staff.messages.all")}</option>
        {CONTACT_MESSAGE_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`staff.messages.state.${state}`)}
          </option>
        ))}
      </select>
      <button type="submit" className={`${staffButton.secondary} py-2`}>
        {t("staff.messages.apply")}
      </button>
    </Form>
  );
}

function MessageRow({ message }: { message: StaffContactMessage }) {
  const { t } = useTranslation();
  const unread = contactStateOf(message) === "unread";
  return (
    <li
      className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 focus-within:bg-stone-50 hover:bg-stone-50 sm:grid-cols-[12rem_minmax(0,1fr)_10rem_7rem] sm:items-center"
      data-staff-message={message.id}
    >
      <p
        dir="auto"
        className={`min-w-0 truncate text-start text-sm ${unread ? "font-bold text-stone-950" : "text-stone-800"}`}
      >
        <Link
          to={`${LIST_PATH}/${message.id}`}
          className="rounded after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {message.name}
        </Link>
      </p>
      <p className="text-end sm:order-4">
        <MessageStateBadge message={message} />
      </p>
      <p className="col-span-2 min-w-0 text-sm sm:order-2 sm:col-span-1">
        {/* The shopper's words keep their own direction, whatever the console's language. */}
        {message.subject ? (
          <span
            dir="auto"
            className={`block truncate text-start ${unread ? "font-semibold text-stone-950" : "text-stone-800"}`}
          >
            {message.subject}
          </span>
        ) : (
          <span className="block truncate text-stone-500">{t("staff.messages.no-subject")}</span>
        )}
        <span dir="auto" className="block truncate text-start text-stone-500">
          {message.message}
        </span>
      </p>
      <p className="col-span-2 text-xs text-stone-500 sm:order-3 sm:col-span-1 sm:text-sm">
        <span className="sr-only">{t("staff.messages.received")}: </span>
        <OrderTime at={message.receivedAt} withTime />
      </p>
    </li>
  );
}

export default function StaffMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, messages } = loaderData;
  return (
    <div data-staff-messages>
      <MessagesTabs />
      <StaffPageHeader title={t("staff.messages.title")} intro={t("staff.messages.intro")}>
        <StateFilter params={params} />
      </StaffPageHeader>
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
          <span data-staff-messages-total={messages.total}>
            {t("staff.messages.count", { count: messages.total })}
          </span>
        </div>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[12rem_minmax(0,1fr)_10rem_7rem] gap-x-4 border-b border-stone-200 bg-stone-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-stone-500 sm:grid"
        >
          <span>{t("staff.messages.from")}</span>
          <span>{t("staff.messages.subject")}</span>
          <span>{t("staff.messages.received")}</span>
          <span className="text-end">{t("staff.messages.status")}</span>
        </div>
        {messages.records.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600" data-staff-messages-empty>
            {t("staff.messages.empty")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {messages.records.map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
          </ul>
        )}
      </div>
      <StaffPages
        current={messages.current_page}
        last={messages.last_page}
        hrefFor={(page) => contactListHref(LIST_PATH, { ...params, page })}
      />
    </div>
  );
}
