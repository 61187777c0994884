import { formatMoney, VOID_REASON_MAX } from "@stoa/contract";
import { Form, Link } from "react-router";
import { RoundState } from "../../dine-in/TabRounds.tsx";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { tabAction } from "../../staff/dine-in/tab-actions.server.ts";
import {
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/tab";

const tabIdOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw pageProblem("not-found", 404);
  return id;
};

/** One tab: its rounds and lines (void one with a reason), move it, merge it, settle it at the counter. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const tabId = tabIdOf(params.id);
  const [tab, board] = await Promise.all([
    context.storeApi.page("staffTabDetail", { body: { tabId } }),
    context.storeApi.page("staffTableBoard", {}),
  ]);
  return { tab, board };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return tabAction(context.storeApi, tabIdOf(params.id), await request.formData());
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, `/staff/tabs/${params.id}`, (t) => t("staff.tabs.tab-title"));

export default function StaffTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { tab, board } = loaderData;
  const failure = failureIn(actionData);
  const answer = actionData as
    | { ok?: boolean; intent?: "void" | "move" | "merge" | "confirm"; lineId?: number }
    | undefined;
  const money = (amount: number) => <bdi dir="ltr">{formatMoney(amount, tab.currency, locale)}</bdi>;
  const live = tab.status === "open" || tab.status === "billing";
  const freeTables = board.tables.filter((entry) => entry.state === "free");
  const otherTabs = board.tables.filter((entry) => entry.tabId !== null && entry.tabId !== tab.id);
  return (
    <div className="space-y-6" data-staff-tab={tab.id}>
      <StaffPageHeader title={tab.table.name} intro={t(`staff.tabs.tab-status.${tab.status}`)}>
        <Link to="/staff/board" className={staffButton.secondary}>
          {t("staff.tabs.back")}
        </Link>
        {live ? (
          <Link to={`/staff/tabs/${tab.id}/settle`} className={staffButton.primary} data-settle>
            {t("staff.tabs.settle")}
          </Link>
        ) : null}
      </StaffPageHeader>
      <FormNotice
        failure={failure && Object.keys(failure.fields).length === 0 ? failure : null}
        done={answer?.ok ? t(`staff.tabs.done.${answer.intent ?? "confirm"}`) : null}
      />
      <StaffPanel title={t("staff.tabs.summary")}>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-stone-500">{t("staff.tabs.diners")}</dt>
            <dd className="font-semibold">{tab.diners.join(", ") || "—"}</dd>
          </div>
          <div>
            <dt className="text-stone-500">{t("staff.tabs.goods")}</dt>
            <dd className="font-semibold tabular-nums">{money(tab.goods)}</dd>
          </div>
          <div>
            <dt className="text-stone-500">{t("staff.tabs.paid")}</dt>
            <dd className="font-semibold tabular-nums">{money(tab.paid)}</dd>
          </div>
          <div>
            <dt className="text-stone-500">{t("staff.tabs.balance")}</dt>
            <dd className="font-semibold tabular-nums" data-tab-balance={tab.balance}>
              {money(tab.balance)}
            </dd>
          </div>
        </dl>
        {!tab.confirmed && live ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="confirm" />
            <button type="submit" className={staffButton.primary} data-confirm>
              {t("staff.tabs.confirm")}
            </button>
          </Form>
        ) : null}
      </StaffPanel>
      <StaffPanel title={t("staff.tabs.rounds")}>
        {tab.rounds.length === 0 ? (
          <p className="text-sm text-stone-600">{t("staff.tabs.no-rounds")}</p>
        ) : null}
        <ol className="space-y-4">
          {tab.rounds.map((round) => (
            <li key={round.id} className="rounded-lg border border-stone-200 p-3" data-round={round.ticket}>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {t("table.round", { ticket: round.ticket })} · {round.dinerName}
                </p>
                <RoundState status={round.status} />
              </div>
              <ul className="divide-y divide-stone-100">
                {round.lines.map((line) => {
                  const refused = failure && answer?.lineId === line.id ? failure : null;
                  return (
                    <li
                      key={line.id}
                      className="space-y-2 py-2"
                      data-line={line.id}
                      data-voided={line.voided}
                    >
                      <div className="flex justify-between gap-3 text-sm">
                        <span className={line.voided ? "text-stone-400 line-through" : ""}>
                          {line.quantity} × {line.name}
                          {line.options.length > 0 ? ` (${line.options.join(" · ")})` : ""}
                          {line.note ? (
                            <span className="block text-xs text-stone-500">“{line.note}”</span>
                          ) : null}
                        </span>
                        <span className="tabular-nums">{money(line.lineTotal)}</span>
                      </div>
                      {line.voided ? (
                        <p className="text-xs text-stone-600">
                          {t("staff.tabs.voided", { reason: line.voidReason ?? "" })}
                        </p>
                      ) : live && line.paidByShareId === null ? (
                        <Form method="post" className="flex flex-wrap items-end gap-2">
                          <input type="hidden" name="intent" value="void" />
                          <input type="hidden" name="lineId" value={line.id} />
                          <div className="min-w-0 flex-1">
                            <label htmlFor={`void-${line.id}`} className="sr-only">
                              {t("staff.tabs.void-reason", { name: line.name })}
                            </label>
                            <input
                              id={`void-${line.id}`}
                              name="reason"
                              required
                              maxLength={VOID_REASON_MAX}
                              placeholder={t("staff.tabs.void-placeholder")}
                              className={`${staffInput} py-2`}
                              aria-invalid={refused?.fields.reason ? true : undefined}
                            />
                            {refused?.fields.reason ? (
                              <p className="mt-1 text-sm text-red-700">{t(refused.fields.reason)}</p>
                            ) : refused ? (
                              <p className="mt-1 text-sm text-red-700">
                                {refused.key ? t(refused.key) : refused.message}
                              </p>
                            ) : null}
                          </div>
                          <button type="submit" className={`${staffButton.danger} py-2`} data-void>
                            {t("staff.tabs.void")}
                          </button>
                        </Form>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      </StaffPanel>
      {tab.status === "open" ? (
        <div className="grid gap-4 md:grid-cols-2">
          <StaffPanel title={t("staff.tabs.move")}>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="move" />
              <label htmlFor="move-table" className={staffLabel}>
                {t("staff.tabs.move-to")}
              </label>
              <select
                id="move-table"
                name="tableId"
                className={staffInput}
                required
                disabled={freeTables.length === 0}
              >
                {freeTables.map((entry) => (
                  <option key={entry.table.id} value={entry.table.id}>
                    {entry.table.name}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                className={staffButton.secondary}
                disabled={freeTables.length === 0}
                data-move
              >
                {t("staff.tabs.move-button")}
              </button>
            </Form>
          </StaffPanel>
          <StaffPanel title={t("staff.tabs.merge")}>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="merge" />
              <label htmlFor="merge-tab" className={staffLabel}>
                {t("staff.tabs.merge-into")}
              </label>
              <select
                id="merge-tab"
                name="intoTabId"
                className={staffInput}
                required
                disabled={otherTabs.length === 0}
              >
                {otherTabs.map((entry) => (
                  <option key={entry.table.id} value={entry.tabId ?? ""}>
                    {entry.table.name}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                className={staffButton.secondary}
                disabled={otherTabs.length === 0}
                data-merge
              >
                {t("staff.tabs.merge-button")}
              </button>
            </Form>
          </StaffPanel>
        </div>
      ) : null}
    </div>
  );
}
