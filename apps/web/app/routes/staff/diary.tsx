import type { Diary, DiaryEntry } from "@stoa/contract";
import { Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { DIARY_PATH, DiaryEntryRow } from "../../staff/diary/DiaryEntryRow.tsx";
import { markAction } from "../../staff/diary/diary-actions.server.ts";
import { addDays, dayLabel } from "../../staff/diary/zoned.ts";
import { FormNotice, failureIn, StaffPageHeader, staffButton, staffInput } from "../../staff/ui.tsx";
import type { Route } from "./+types/diary";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A local day of the diary (today unless `?date=`), or the week from it (`?view=week`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const date = params.get("date");
  const view = params.get("view") === "week" ? "week" : "day";
  return context.storeApi.page("staffDiary", { body: { date: date && DATE.test(date) ? date : null, view } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return markAction(context.storeApi, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, DIARY_PATH, (t) => t("staff.diary.title"));

const hrefOf = (date: string, view: Diary["view"]) =>
  `${DIARY_PATH}?date=${date}${view === "week" ? "&view=week" : ""}`;

/** A day's entries grouped by reservable service, then by resource; in a week, only groups with someone. */
function DayGroups({ diary, day }: { diary: Diary; day: string }) {
  const { t } = useTranslation();
  const onDay = diary.entries.filter((entry) => entry.startsAt && dayOfEntry(entry, diary) === day);
  const groups = [
    ...diary.reservationServices.map((s) => ({
      key: `r${s.id}`,
      name: s.name,
      entries: onDay.filter((e) => e.kind === "reservation" && e.serviceId === s.id),
      active: s.active,
    })),
    ...diary.resources.map((r) => ({
      key: `b${r.id}`,
      name: r.name,
      entries: onDay.filter((e) => e.kind === "booking" && e.resourceId === r.id),
      active: r.active,
    })),
  ].filter((g) => g.entries.length > 0 || (diary.view === "day" && g.active));
  if (groups.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
        {t("staff.diary.empty")}
      </p>
    );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {groups.map((group) => (
        <section
          key={group.key}
          className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
          data-diary-group={group.name}
        >
          <h3 className="border-b border-stone-200 bg-stone-50 px-4 py-2 text-sm font-semibold text-stone-800">
            <bdi>{group.name}</bdi>
          </h3>
          {group.entries.length === 0 ? (
            <p className="px-4 py-3 text-sm text-stone-500">{t("staff.diary.nothing")}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {group.entries.map((entry) => (
                <DiaryEntryRow key={`${entry.kind}${entry.id}`} entry={entry} timezone={diary.timezone} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function dayOfEntry(entry: DiaryEntry, diary: Diary): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: diary.timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(entry.startsAt));
  return parts;
}

export default function StaffDiary({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const diary = loaderData;
  const failure = failureIn(actionData);
  const answer = actionData as { ok?: boolean } | undefined;
  const step = diary.view === "week" ? 7 : 1;
  const navLink =
    "inline-flex items-center rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-50";
  return (
    <div className="space-y-5" data-staff-diary={diary.date}>
      <StaffPageHeader
        title={t("staff.diary.title")}
        intro={t("staff.diary.intro", { zone: diary.timezone })}
      >
        <Link to={`${DIARY_PATH}/new?date=${diary.date}`} className={staffButton.primary} data-diary-new-link>
          {t("staff.diary.new.title")}
        </Link>
        <Link to={`${DIARY_PATH}/exceptions`} className={staffButton.secondary}>
          {t("staff.diary.exceptions.title")}
        </Link>
      </StaffPageHeader>
      <FormNotice failure={failure} done={answer?.ok ? t("staff.diary.done.mark") : null} />
      <nav aria-label={t("staff.diary.dates")} className="flex flex-wrap items-center gap-2">
        <Link to={hrefOf(addDays(diary.date, -step), diary.view)} className={navLink} rel="prev">
          {t(diary.view === "week" ? "staff.diary.previous-week" : "staff.diary.previous-day")}
        </Link>
        <Link to={hrefOf(addDays(diary.date, step), diary.view)} className={navLink} rel="next">
          {t(diary.view === "week" ? "staff.diary.next-week" : "staff.diary.next-day")}
        </Link>
        <Link to={diary.view === "week" ? `${DIARY_PATH}?view=week` : DIARY_PATH} className={navLink}>
          {t("staff.diary.today")}
        </Link>
        <Link
          to={hrefOf(diary.date, diary.view === "week" ? "day" : "week")}
          className={navLink}
          data-diary-view={diary.view === "week" ? "day" : "week"}
        >
          {t(diary.view === "week" ? "staff.diary.view-day" : "staff.diary.view-week")}
        </Link>
        <Form method="get" className="flex items-center gap-2">
          {diary.view === "week" ? <input type="hidden" name="view" value="week" /> : null}
          <label htmlFor="diary-date" className="sr-only">
            {t("staff.diary.date")}
          </label>
          <input
            id="diary-date"
            type="date"
            name="date"
            defaultValue={diary.date}
            className={`${staffInput} w-auto`}
          />
          <button type="submit" className={staffButton.secondary}>
            {t("staff.diary.go")}
          </button>
        </Form>
      </nav>
      {diary.days.map((day) => (
        <section key={day} className="space-y-3" data-diary-day={day}>
          <h2 className="text-lg font-semibold text-stone-900">{dayLabel(day, locale)}</h2>
          <DayGroups diary={diary} day={day} />
        </section>
      ))}
    </div>
  );
}
