import type { DiaryEntry, DiaryExceptionAddBodyInput } from "@stoa/contract";
import { data, Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { DIARY_PATH, DiaryEntryRow, doneKey } from "../../staff/diary/DiaryEntryRow.tsx";
import { answer, entryRefOf, missing } from "../../staff/diary/diary-actions.server.ts";
import { dayLabel, shopInstant } from "../../staff/diary/zoned.ts";
import {
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/diary-exceptions";

const EXCEPTIONS_PATH = `${DIARY_PATH}/exceptions`;

/** The exceptions to come, with the services and resources they may name. */
export async function loader({ context }: Route.LoaderArgs) {
  const [list, diary] = await Promise.all([
    context.storeApi.page("staffDiaryExceptions", {}),
    context.storeApi.page("staffDiary", { body: {} }),
  ]);
  return { ...list, services: diary.reservationServices, resources: diary.resources, today: diary.date };
}

const idOrNull = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Add a closed day (or another capacity) of reservations, closed or extra hours of resources, or remove one. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const reason = String(form.get("reason") ?? "").trim();
  if (intent === "remove") {
    const ref = entryRefOf(form.get("kind"), form.get("id"));
    if (!ref) return missing(intent, "id");
    return answer(intent, await context.storeApi.form("staffDiaryExceptionRemove", { body: ref }));
  }
  let body: DiaryExceptionAddBodyInput;
  if (intent === "add-day") {
    const capacity = String(form.get("capacity") ?? "").trim();
    body = {
      kind: "reservation",
      serviceId: idOrNull(form.get("serviceId")),
      day: String(form.get("day") ?? ""),
      capacity: capacity === "" ? null : Number(capacity),
      reason,
    };
  } else if (intent === "add-hours") {
    const zone = String(form.get("timezone") ?? "UTC");
    const day = String(form.get("day") ?? "");
    const startsAt = shopInstant(day, String(form.get("from") ?? ""), zone);
    const endsAt = shopInstant(day, String(form.get("to") ?? ""), zone);
    if (!startsAt || !endsAt) return missing(intent, "from");
    body = {
      kind: "booking",
      resourceId: idOrNull(form.get("resourceId")),
      type: form.get("type") === "open" ? "open" : "closed",
      startsAt,
      endsAt,
      reason,
    };
  } else return missing(intent, "intent");
  const outcome = await context.storeApi.form("staffDiaryExceptionAdd", { body });
  if (!outcome.ok) return data({ ...outcome.failure, intent }, { status: outcome.status });
  return { ok: true as const, intent, affected: outcome.data.affected };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, EXCEPTIONS_PATH, (t) => t("staff.diary.exceptions.title"));

export default function StaffDiaryExceptions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { exceptions, services, resources, timezone, today } = loaderData;
  const failure = failureIn(actionData);
  const done = actionData as { ok?: boolean; intent?: string; affected?: DiaryEntry[] } | undefined;
  const nameOf = (list: { id: number; name: string }[], id: number | null) =>
    id === null ? t("staff.diary.exceptions.everything") : (list.find((x) => x.id === id)?.name ?? "—");
  const when = new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <div className="max-w-4xl space-y-6" data-diary-exceptions>
      <StaffPageHeader
        title={t("staff.diary.exceptions.title")}
        intro={t("staff.diary.exceptions.intro", { zone: timezone })}
      >
        <Link to={DIARY_PATH} className={staffButton.secondary}>
          {t("staff.diary.back")}
        </Link>
      </StaffPageHeader>
      <FormNotice failure={failure} done={done?.ok ? t(doneKey(done.intent ?? "add-day")) : null} />
      {done?.ok && done.affected ? (
        <StaffPanel title={t("staff.diary.exceptions.affected")} data-affected={done.affected.length}>
          {done.affected.length === 0 ? (
            <p className="text-sm text-stone-600">{t("staff.diary.exceptions.none-affected")}</p>
          ) : (
            <ul className="-mx-4 divide-y divide-stone-200">
              {done.affected.map((entry) => (
                <DiaryEntryRow key={`${entry.kind}${entry.id}`} entry={entry} timezone={timezone} />
              ))}
            </ul>
          )}
        </StaffPanel>
      ) : null}
      <StaffPanel title={t("staff.diary.exceptions.list")}>
        {exceptions.length === 0 ? (
          <p className="text-sm text-stone-600">{t("staff.diary.exceptions.empty")}</p>
        ) : (
          <ul className="divide-y divide-stone-200" data-exception-list>
            {exceptions.map((e) => (
              <li
                key={`${e.kind}${e.id}`}
                className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
                data-exception={e.reason}
              >
                <span>
                  {e.kind === "reservation" ? (
                    <>
                      <strong>{dayLabel(e.day, locale)}</strong> · <bdi>{nameOf(services, e.serviceId)}</bdi>{" "}
                      ·{" "}
                      {e.capacity === null
                        ? t("staff.diary.exceptions.closed")
                        : t("staff.diary.exceptions.capacity", { count: e.capacity })}
                    </>
                  ) : (
                    <>
                      <strong>{when.format(new Date(e.startsAt))}</strong> → {when.format(new Date(e.endsAt))}{" "}
                      · <bdi>{nameOf(resources, e.resourceId)}</bdi> ·{" "}
                      {t(`staff.diary.exceptions.type.${e.type}`)}
                    </>
                  )}
                  {e.reason ? (
                    <>
                      {" · "}
                      <bdi className="text-stone-600">{e.reason}</bdi>
                    </>
                  ) : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="kind" value={e.kind} />
                  <input type="hidden" name="id" value={e.id} />
                  <button type="submit" className={staffButton.secondary}>
                    {t("staff.diary.exceptions.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </StaffPanel>
      {services.length > 0 ? (
        <StaffPanel title={t("staff.diary.exceptions.add-day")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-add-day>
            <input type="hidden" name="intent" value="add-day" />
            <div>
              <label htmlFor="day-service" className={staffLabel}>
                {t("staff.diary.service")}
              </label>
              <select id="day-service" name="serviceId" className={staffInput}>
                <option value="">{t("staff.diary.exceptions.everything")}</option>
                {services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="day-day" className={staffLabel}>
                {t("staff.diary.date")}
              </label>
              <input
                id="day-day"
                type="date"
                name="day"
                required
                defaultValue={today}
                className={staffInput}
              />
            </div>
            <div>
              <label htmlFor="day-capacity" className={staffLabel}>
                {t("staff.diary.exceptions.capacity-label")}
              </label>
              <input
                id="day-capacity"
                type="number"
                min={0}
                name="capacity"
                inputMode="numeric"
                className={staffInput}
                aria-describedby="day-capacity-hint"
              />
              <p id="day-capacity-hint" className="mt-1 text-xs text-stone-500">
                {t("staff.diary.exceptions.capacity-hint")}
              </p>
            </div>
            <div>
              <label htmlFor="day-reason" className={staffLabel}>
                {t("staff.diary.exceptions.reason")}
              </label>
              <input id="day-reason" name="reason" maxLength={200} className={staffInput} />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={staffButton.primary}>
                {t("staff.diary.exceptions.add")}
              </button>
            </div>
          </Form>
        </StaffPanel>
      ) : null}
      {resources.length > 0 ? (
        <StaffPanel title={t("staff.diary.exceptions.add-hours")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-add-hours>
            <input type="hidden" name="intent" value="add-hours" />
            <input type="hidden" name="timezone" value={timezone} />
            <div>
              <label htmlFor="hours-resource" className={staffLabel}>
                {t("staff.diary.resource")}
              </label>
              <select id="hours-resource" name="resourceId" className={staffInput}>
                <option value="">{t("staff.diary.exceptions.everything")}</option>
                {resources.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="hours-type" className={staffLabel}>
                {t("staff.diary.exceptions.type-label")}
              </label>
              <select id="hours-type" name="type" className={staffInput}>
                <option value="closed">{t("staff.diary.exceptions.type.closed")}</option>
                <option value="open">{t("staff.diary.exceptions.type.open")}</option>
              </select>
            </div>
            <div>
              <label htmlFor="hours-day" className={staffLabel}>
                {t("staff.diary.date")}
              </label>
              <input
                id="hours-day"
                type="date"
                name="day"
                required
                defaultValue={today}
                className={staffInput}
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="hours-from" className={staffLabel}>
                  {t("staff.diary.exceptions.from")}
                </label>
                <input
                  id="hours-from"
                  type="time"
                  name="from"
                  required
                  defaultValue="09:00"
                  className={staffInput}
                />
              </div>
              <div>
                <label htmlFor="hours-to" className={staffLabel}>
                  {t("staff.diary.exceptions.to")}
                </label>
                <input
                  id="hours-to"
                  type="time"
                  name="to"
                  required
                  defaultValue="17:00"
                  className={staffInput}
                />
              </div>
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="hours-reason" className={staffLabel}>
                {t("staff.diary.exceptions.reason")}
              </label>
              <input id="hours-reason" name="reason" maxLength={200} className={staffInput} />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={staffButton.primary}>
                {t("staff.diary.exceptions.add")}
              </button>
            </div>
          </Form>
        </StaffPanel>
      ) : null}
    </div>
  );
}
