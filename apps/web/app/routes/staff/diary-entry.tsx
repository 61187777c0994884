import { APPOINTMENT_REASON_MAX } from "@stoa/contract";
import { Form, Link } from "react-router";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { DIARY_PATH, doneKey, NoShows, StatusBadge } from "../../staff/diary/DiaryEntryRow.tsx";
import { answer, entryRefOf, markAction, missing } from "../../staff/diary/diary-actions.server.ts";
import { shopClock, shopInstant, shopTimeLabel } from "../../staff/diary/zoned.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/diary-entry";

const refOf = (params: { kind: string; id: string }) => {
  const ref = entryRefOf(params.kind, params.id);
  if (!ref) throw pageProblem("not-found", 404);
  return ref;
};

/** One reservation or booking: mark it, move it (with a reason over a full slot), cancel it; a booking's history. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return context.storeApi.page("staffDiaryDetail", { body: refOf(params) });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ref = refOf(params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "mark") return markAction(context.storeApi, form);
  if (intent === "cancel") {
    const reason = String(form.get("reason") ?? "").trim();
    if (!reason) return missing(intent, "reason");
    return answer(intent, await context.storeApi.form("staffDiaryCancel", { body: { ...ref, reason } }));
  }
  if (intent === "move") {
    const startsAt = shopInstant(
      String(form.get("date") ?? ""),
      String(form.get("time") ?? ""),
      String(form.get("timezone") ?? "UTC"),
    );
    if (!startsAt) return missing(intent, "time");
    const resourceId = Number(form.get("resourceId"));
    const version = Number(form.get("version"));
    return answer(
      intent,
      await context.storeApi.form("staffDiaryMove", {
        body: {
          ...ref,
          startsAt,
          resourceId: Number.isInteger(resourceId) && resourceId > 0 ? resourceId : null,
          overrideReason: String(form.get("overrideReason") ?? "").trim(),
          version: Number.isInteger(version) && version > 0 ? version : null,
        },
      }),
    );
  }
  return missing(intent, "intent");
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, `${DIARY_PATH}/${params.kind}/${params.id}`, (t) => t("staff.diary.entry-title"));

export default function StaffDiaryEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { entry, timezone, history, resources, version } = loaderData;
  const failure = failureIn(actionData);
  const done = actionData as { ok?: boolean; intent?: string } | undefined;
  const askedFor = (actionData as { intent?: string } | undefined)?.intent;
  const live = entry.status === "pending" || entry.status === "confirmed" || entry.status === "arrived";
  const clock = shopClock(entry.startsAt, timezone);
  const when = new Intl.DateTimeFormat(locale, { timeZone: timezone, dateStyle: "full", timeStyle: "short" });
  const row = (label: string, value: React.ReactNode) => (
    <div>
      <dt className="text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900">{value}</dd>
    </div>
  );
  return (
    <div className="max-w-3xl space-y-6" data-diary-detail={entry.code}>
      <StaffPageHeader title={<bdi>{entry.name}</bdi>} intro={when.format(new Date(entry.startsAt))}>
        <Link to={`${DIARY_PATH}?date=${clock.date}`} className={staffButton.secondary}>
          {t("staff.diary.back")}
        </Link>
      </StaffPageHeader>
      <FormNotice
        failure={failure && Object.keys(failure.fields).length === 0 ? failure : null}
        done={done?.ok ? t(doneKey(done.intent ?? "mark")) : null}
      />
      <StaffPanel title={t("staff.diary.details")}>
        <div className="mb-3 flex flex-wrap gap-2">
          <StatusBadge status={entry.status} />
          <NoShows count={entry.noShows} />
        </div>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          {row(
            t("staff.diary.code"),
            <span dir="ltr" className="font-mono">
              {entry.code}
            </span>,
          )}
          {row(t("staff.diary.service"), <bdi>{entry.serviceName}</bdi>)}
          {entry.resourceName ? row(t("staff.diary.resource"), <bdi>{entry.resourceName}</bdi>) : null}
          {entry.partySize !== null ? row(t("staff.diary.party-size"), entry.partySize) : null}
          {row(
            t("staff.diary.time"),
            <span>
              <bdi>{shopTimeLabel(entry.startsAt, timezone, locale)}</bdi>–
              <bdi>{shopTimeLabel(entry.endsAt, timezone, locale)}</bdi>
            </span>,
          )}
          {entry.phone
            ? row(
                t("staff.diary.phone"),
                <a href={`tel:${entry.phone}`} dir="ltr" className="underline">
                  {entry.phone}
                </a>,
              )
            : null}
          {entry.email ? row(t("staff.diary.email"), <bdi>{entry.email}</bdi>) : null}
          {row(t("staff.diary.source-label"), t(`staff.diary.source.${entry.source}`))}
          {entry.note ? row(t("staff.diary.note"), <bdi>{entry.note}</bdi>) : null}
          {entry.overrideReason
            ? row(t("staff.diary.override-kept"), <bdi>{entry.overrideReason}</bdi>)
            : null}
          {entry.cancelReason ? row(t("staff.diary.cancel-reason"), <bdi>{entry.cancelReason}</bdi>) : null}
        </dl>
        {entry.status === "confirmed" || entry.status === "pending" ? (
          <div className="mt-4 flex flex-wrap gap-2">
            {(["arrived", "noShow"] as const).map((status) => (
              <Form method="post" key={status}>
                <input type="hidden" name="intent" value="mark" />
                <input type="hidden" name="kind" value={entry.kind} />
                <input type="hidden" name="id" value={entry.id} />
                <input type="hidden" name="status" value={status} />
                <button
                  type="submit"
                  className={status === "arrived" ? staffButton.primary : staffButton.secondary}
                >
                  {t(`staff.diary.mark.${status}`)}
                </button>
              </Form>
            ))}
          </div>
        ) : null}
      </StaffPanel>
      {live ? (
        <StaffPanel title={t("staff.diary.move.title")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-move-form>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="timezone" value={timezone} />
            {version === null ? null : <input type="hidden" name="version" value={version} />}
            <div>
              <label htmlFor="move-date" className={staffLabel}>
                {t("staff.diary.date")}
              </label>
              <input
                id="move-date"
                type="date"
                name="date"
                required
                defaultValue={clock.date}
                className={staffInput}
              />
            </div>
            <div>
              <label htmlFor="move-time" className={staffLabel}>
                {t("staff.diary.time")}
              </label>
              <input
                id="move-time"
                type="time"
                name="time"
                required
                defaultValue={clock.time}
                className={staffInput}
              />
              <FieldError
                id="move-time-error"
                fields={askedFor === "move" ? failure?.fields : undefined}
                name="time"
              />
            </div>
            {entry.kind === "booking" ? (
              <div>
                <label htmlFor="move-resource" className={staffLabel}>
                  {t("staff.diary.resource")}
                </label>
                <select
                  id="move-resource"
                  name="resourceId"
                  defaultValue={entry.resourceId ?? undefined}
                  className={staffInput}
                >
                  {resources.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <label htmlFor="move-reason" className={staffLabel}>
                {t("staff.diary.move.override")}
              </label>
              <input
                id="move-reason"
                name="overrideReason"
                maxLength={APPOINTMENT_REASON_MAX}
                className={staffInput}
                aria-describedby="move-reason-hint"
              />
              <p id="move-reason-hint" className="mt-1 text-xs text-stone-500">
                {t("staff.diary.move.override-hint")}
              </p>
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={staffButton.primary}>
                {t("staff.diary.move.submit")}
              </button>
            </div>
          </Form>
        </StaffPanel>
      ) : null}
      {live ? (
        <StaffPanel title={t("staff.diary.cancel.title")}>
          <Form method="post" className="space-y-3" data-cancel-form>
            <input type="hidden" name="intent" value="cancel" />
            <div>
              <label htmlFor="cancel-reason" className={staffLabel}>
                {t("staff.diary.cancel.reason")}
              </label>
              <input
                id="cancel-reason"
                name="reason"
                required
                maxLength={APPOINTMENT_REASON_MAX}
                className={staffInput}
              />
              <FieldError
                id="cancel-reason-error"
                fields={askedFor === "cancel" ? failure?.fields : undefined}
                name="reason"
              />
            </div>
            <p className="text-sm text-stone-600">{t("staff.diary.cancel.told")}</p>
            <button type="submit" className={staffButton.danger}>
              {t("staff.diary.cancel.submit")}
            </button>
          </Form>
        </StaffPanel>
      ) : null}
      {history.length > 0 ? (
        <StaffPanel title={t("staff.diary.history")}>
          <ol className="space-y-2 text-sm" data-history>
            {history.map((h) => (
              <li key={`${h.at}${h.action}`} className="flex flex-wrap gap-2">
                <span className="text-stone-500">{when.format(new Date(h.at))}</span>
                <span className="font-medium">
                  {t(`staff.diary.action.${h.action}`, { defaultValue: h.action })}
                </span>
                {h.toStartsAt ? <span>→ {when.format(new Date(h.toStartsAt))}</span> : null}
                {h.reason ? <bdi className="text-stone-600">({h.reason})</bdi> : null}
              </li>
            ))}
          </ol>
        </StaffPanel>
      ) : null}
    </div>
  );
}
