import type { DiaryEntry } from "@stoa/contract";
import { Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { staffButton } from "../ui.tsx";
import { shopTimeLabel } from "./zoned.ts";

export const DIARY_PATH = "/staff/diary";
export const entryHref = (entry: Pick<DiaryEntry, "kind" | "id">) =>
  `${DIARY_PATH}/${entry.kind}/${entry.id}`;

const STATUS_LOOK: Record<DiaryEntry["status"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  confirmed: "bg-sky-50 text-sky-900 ring-sky-200",
  arrived: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  noShow: "bg-red-50 text-red-800 ring-red-200",
  cancelled: "bg-stone-100 text-stone-600 ring-stone-200",
  completed: "bg-stone-100 text-stone-700 ring-stone-200",
};

export function StatusBadge({ status }: { status: DiaryEntry["status"] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_LOOK[status]}`}
      data-status={status}
    >
      {t(`staff.diary.status.${status}`)}
    </span>
  );
}

/** The customer's no-shows at this shop, shown only when there were any. */
export function NoShows({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span
      className="inline-flex rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
      data-no-shows={count}
    >
      {t("staff.diary.no-shows", { count })}
    </span>
  );
}

/** One reservation or booking in the diary: when, who, how many, and the arrived / no-show buttons. */
export function DiaryEntryRow({ entry, timezone }: { entry: DiaryEntry; timezone: string }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const markable = entry.status === "confirmed" || entry.status === "pending";
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3" data-diary-entry={entry.code}>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold tabular-nums">
            <bdi>{shopTimeLabel(entry.startsAt, timezone, locale)}</bdi>–
            <bdi>{shopTimeLabel(entry.endsAt, timezone, locale)}</bdi>
          </span>
          <Link
            to={entryHref(entry)}
            className="font-semibold text-stone-950 underline-offset-2 hover:underline"
          >
            <bdi>{entry.name}</bdi>
          </Link>
          <StatusBadge status={entry.status} />
          <NoShows count={entry.noShows} />
        </p>
        <p className="text-sm text-stone-600">
          {entry.partySize !== null ? (
            t("staff.diary.party", { count: entry.partySize })
          ) : (
            <bdi>{entry.serviceName}</bdi>
          )}
          {" · "}
          <span dir="ltr" className="font-mono">
            {entry.code}
          </span>
          {entry.phone ? (
            <>
              {" · "}
              <a href={`tel:${entry.phone}`} dir="ltr" className="underline">
                {entry.phone}
              </a>
            </>
          ) : null}
          {" · "}
          {t(`staff.diary.source.${entry.source}`)}
        </p>
        {entry.note ? (
          <p className="text-sm text-stone-700">
            <bdi>{entry.note}</bdi>
          </p>
        ) : null}
      </div>
      {markable ? (
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="mark" />
            <input type="hidden" name="kind" value={entry.kind} />
            <input type="hidden" name="id" value={entry.id} />
            <input type="hidden" name="status" value="arrived" />
            <button type="submit" className={staffButton.primary} data-mark-arrived={entry.code}>
              {t("staff.diary.mark.arrived")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="mark" />
            <input type="hidden" name="kind" value={entry.kind} />
            <input type="hidden" name="id" value={entry.id} />
            <input type="hidden" name="status" value="noShow" />
            <button type="submit" className={staffButton.secondary} data-mark-no-show={entry.code}>
              {t("staff.diary.mark.noShow")}
            </button>
          </Form>
        </div>
      ) : null}
    </li>
  );
}

const DONE = {
  mark: "staff.diary.done.mark",
  move: "staff.diary.done.move",
  cancel: "staff.diary.done.cancel",
  "add-day": "staff.diary.done.add-day",
  "add-hours": "staff.diary.done.add-hours",
  remove: "staff.diary.done.remove",
} as const;

/** What a page says once a post of this intent went through. */
export const doneKey = (intent: string) => DONE[intent as keyof typeof DONE] ?? DONE.mark;
