import type { KitchenQueue, KitchenTicket } from "@stoa/contract";
import { Form } from "react-router";
import { useLive } from "../../dine-in/use-live.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { kitchenAction } from "../../staff/dine-in/tab-actions.server.ts";
import { FormNotice, failureIn, StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/kitchen";

/** The kitchen screen: tickets by round, oldest first, with big Start / Done buttons, and undo for the last served. */
export async function loader({ context }: Route.LoaderArgs) {
  return { queue: await context.storeApi.page("staffKitchenQueue", {}) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return kitchenAction(context.storeApi, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/kitchen", (t) => t("staff.kitchen.title"));

function MoveButton({
  ticket,
  to,
  label,
  tone,
}: {
  ticket: KitchenTicket;
  to: string;
  label: string;
  tone: string;
}) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="roundId" value={ticket.roundId} />
      <input type="hidden" name="to" value={to} />
      <button
        type="submit"
        className={`min-h-14 w-full rounded-xl px-4 text-lg font-bold shadow-sm ${tone}`}
        data-kitchen-move={to}
      >
        {label}
      </button>
    </Form>
  );
}

function Ticket({ ticket }: { ticket: KitchenTicket }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const since = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(
    new Date(ticket.sentAt),
  );
  const preparing = ticket.status === "preparing";
  return (
    <li
      className={`flex flex-col gap-3 rounded-2xl border-2 bg-white p-4 ${preparing ? "border-violet-400" : "border-sky-400"}`}
      data-ticket={ticket.ticket}
      data-ticket-table={ticket.tableName}
      data-ticket-status={ticket.status}
    >
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-2xl font-extrabold text-stone-950">{ticket.tableName}</p>
        <p className="text-base font-semibold text-stone-600">
          #{ticket.ticket} · <bdi dir="ltr">{since}</bdi>
        </p>
      </div>
      <p className="text-sm font-semibold text-stone-600">
        {t(`table.status.${ticket.status}`)} · {ticket.dinerName}
      </p>
      <ul className="space-y-1.5 text-lg">
        {ticket.lines.map((line) => (
          <li key={line.id} className={line.voided ? "text-stone-400 line-through" : "text-stone-950"}>
            <span className="font-bold tabular-nums">{line.quantity}×</span> {line.name}
            {line.options.length > 0 ? (
              <span className="block text-base text-stone-600">{line.options.join(" · ")}</span>
            ) : null}
            {line.note ? (
              <span className="block text-base font-semibold text-rose-800">“{line.note}”</span>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-auto">
        {preparing ? (
          <MoveButton
            ticket={ticket}
            to="served"
            label={t("staff.kitchen.done")}
            tone="bg-emerald-700 text-white"
          />
        ) : (
          <MoveButton
            ticket={ticket}
            to="preparing"
            label={t("staff.kitchen.start")}
            tone="bg-stone-900 text-white"
          />
        )}
      </div>
    </li>
  );
}

export default function Kitchen({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const queue = useLive<KitchenQueue>("/staff/kitchen/live", loaderData.queue).current ?? loaderData.queue;
  const last = queue.served[0];
  return (
    <div data-kitchen data-kitchen-version={queue.version}>
      <StaffPageHeader title={t("staff.kitchen.title")} intro={t("staff.kitchen.intro")} />
      <FormNotice failure={failureIn(actionData)} />
      {queue.tickets.length === 0 ? (
        <p
          className="rounded-xl border border-stone-200 bg-white p-6 text-lg text-stone-600"
          data-kitchen-empty
        >
          {t("staff.kitchen.empty")}
        </p>
      ) : (
        <ol className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {queue.tickets.map((ticket) => (
            <Ticket key={ticket.roundId} ticket={ticket} />
          ))}
        </ol>
      )}
      {last ? (
        <section className="mt-8 space-y-3" aria-labelledby="kitchen-served">
          <h2 id="kitchen-served" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
            {t("staff.kitchen.served")}
          </h2>
          <div
            className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-3"
            data-last-served={last.roundId}
          >
            <p className="min-w-0 flex-1 text-base text-stone-800">
              {last.tableName} · #{last.ticket}
            </p>
            <Form method="post">
              <input type="hidden" name="roundId" value={last.roundId} />
              <input type="hidden" name="to" value="preparing" />
              <button
                type="submit"
                className="min-h-12 rounded-xl border-2 border-stone-300 bg-white px-5 text-base font-bold"
                data-kitchen-undo
              >
                {t("staff.kitchen.undo")}
              </button>
            </Form>
          </div>
          <ul className="flex flex-wrap gap-2 text-sm text-stone-600">
            {queue.served.slice(1).map((ticket) => (
              <li key={ticket.roundId} className="rounded-full bg-stone-100 px-3 py-1">
                {ticket.tableName} · #{ticket.ticket}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
