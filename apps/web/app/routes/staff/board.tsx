import type { StaffBoard } from "@stoa/contract";
import { useLive } from "../../dine-in/use-live.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { TableCard } from "../../staff/dine-in/TableCard.tsx";
import { boardAction } from "../../staff/dine-in/tab-actions.server.ts";
import { FormNotice, failureIn, StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/board";

/** The live table board: every table by area, how it stands, and seat / confirm at a tap. */
export async function loader({ context }: Route.LoaderArgs) {
  return { board: await context.storeApi.page("staffTableBoard", {}) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return boardAction(context.storeApi, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/board", (t) => t("staff.tabs.board-title"));

export default function Board({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const board = useLive<StaffBoard>("/staff/board/live", loaderData.board).current ?? loaderData.board;
  const answer = actionData as { ok?: boolean; intent?: string } | undefined;
  const areas = [...new Set(board.tables.map((entry) => entry.table.area))];
  return (
    <div data-staff-board data-board-version={board.version}>
      <StaffPageHeader title={t("staff.tabs.board-title")} intro={t("staff.tabs.board-intro")} />
      <FormNotice
        failure={failureIn(actionData)}
        done={answer?.ok ? t(answer.intent === "seat" ? "staff.tabs.seated" : "staff.tabs.confirmed") : null}
      />
      {board.tables.length === 0 ? <p className="text-stone-600">{t("staff.tabs.no-tables")}</p> : null}
      {areas.map((area) => (
        <section key={area || "-"} className="mb-8" aria-label={area || t("staff.tabs.no-area")}>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500">
            {area || t("staff.tabs.no-area")}
          </h2>
          <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
            {board.tables
              .filter((entry) => entry.table.area === area)
              .map((entry) => (
                <TableCard key={entry.table.id} entry={entry} currency={board.currency} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
