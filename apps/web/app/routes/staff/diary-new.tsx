import { APPOINTMENT_REASON_MAX, type DiaryCreateBodyInput } from "@stoa/contract";
import { data, Form, Link, redirect } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { DIARY_PATH, entryHref } from "../../staff/diary/DiaryEntryRow.tsx";
import { missing } from "../../staff/diary/diary-actions.server.ts";
import { shopInstant } from "../../staff/diary/zoned.ts";
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
import type { Route } from "./+types/diary-new";

const NEW_PATH = `${DIARY_PATH}/new`;

/** A reservation or a booking taken by phone or for someone at the counter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const diary = await context.storeApi.page("staffDiary", { body: {} });
  const date = new URL(request.url).searchParams.get("date");
  return {
    timezone: diary.timezone,
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : diary.date,
    reservationServices: diary.reservationServices.filter((s) => s.active),
    bookingServices: diary.bookingServices.filter((s) => s.active),
    resources: diary.resources.filter((r) => r.active),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const kind = form.get("kind") === "booking" ? "booking" : "reservation";
  const startsAt = shopInstant(
    String(form.get("date") ?? ""),
    String(form.get("time") ?? ""),
    String(form.get("timezone") ?? "UTC"),
  );
  if (!startsAt) return missing(kind, "time");
  const caller = {
    startsAt,
    name: String(form.get("name") ?? ""),
    phone: String(form.get("phone") ?? ""),
    email: String(form.get("email") ?? ""),
    note: String(form.get("note") ?? ""),
    source: form.get("source") === "walkIn" ? ("walkIn" as const) : ("phone" as const),
    overrideReason: String(form.get("overrideReason") ?? ""),
  };
  const resourceId = Number(form.get("resourceId"));
  const body: DiaryCreateBodyInput =
    kind === "reservation"
      ? {
          kind,
          serviceId: Number(form.get("serviceId")),
          partySize: Number(form.get("partySize")),
          ...caller,
        }
      : {
          kind,
          serviceId: Number(form.get("serviceId")),
          resourceId: Number.isInteger(resourceId) && resourceId > 0 ? resourceId : null,
          ...caller,
        };
  const outcome = await context.storeApi.form("staffDiaryCreate", { body });
  if (!outcome.ok) return data({ ...outcome.failure, intent: kind }, { status: outcome.status });
  return redirect(entryHref(outcome.data.entry));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, NEW_PATH, (t) => t("staff.diary.new.title"));

function CallerFields({ prefix, fields }: { prefix: string; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`${prefix}-${name}`} className={staffLabel}>
        {label}
      </label>
      {input}
      <FieldError id={`${prefix}-${name}-error`} fields={fields} name={name} />
    </div>
  );
  return (
    <>
      {field(
        "name",
        t("staff.diary.new.name"),
        <input id={`${prefix}-name`} name="name" required className={staffInput} />,
      )}
      {field(
        "phone",
        t("staff.diary.phone"),
        <input id={`${prefix}-phone`} name="phone" type="tel" dir="ltr" className={staffInput} />,
      )}
      {field(
        "email",
        t("staff.diary.email"),
        <input id={`${prefix}-email`} name="email" type="email" dir="ltr" className={staffInput} />,
      )}
      {field(
        "source",
        t("staff.diary.source-label"),
        <select id={`${prefix}-source`} name="source" className={staffInput}>
          <option value="phone">{t("staff.diary.source.phone")}</option>
          <option value="walkIn">{t("staff.diary.source.walkIn")}</option>
        </select>,
      )}
      <div className="sm:col-span-2">
        {field(
          "note",
          t("staff.diary.note"),
          <input id={`${prefix}-note`} name="note" className={staffInput} />,
        )}
      </div>
      <div className="sm:col-span-2">
        {field(
          "overrideReason",
          t("staff.diary.move.override"),
          <input
            id={`${prefix}-overrideReason`}
            name="overrideReason"
            maxLength={APPOINTMENT_REASON_MAX}
            className={staffInput}
          />,
        )}
      </div>
    </>
  );
}

export default function StaffDiaryNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { timezone, date, reservationServices, bookingServices, resources } = loaderData;
  const failure = failureIn(actionData);
  const intent = (actionData as { intent?: string } | undefined)?.intent;
  const when = (prefix: string) => (
    <>
      <input type="hidden" name="timezone" value={timezone} />
      <div>
        <label htmlFor={`${prefix}-date`} className={staffLabel}>
          {t("staff.diary.date")}
        </label>
        <input
          id={`${prefix}-date`}
          type="date"
          name="date"
          required
          defaultValue={date}
          className={staffInput}
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-time`} className={staffLabel}>
          {t("staff.diary.time")}
        </label>
        <input id={`${prefix}-time`} type="time" name="time" required className={staffInput} />
      </div>
    </>
  );
  return (
    <div className="max-w-3xl space-y-6" data-diary-new>
      <StaffPageHeader
        title={t("staff.diary.new.title")}
        intro={t("staff.diary.new.intro", { zone: timezone })}
      >
        <Link to={DIARY_PATH} className={staffButton.secondary}>
          {t("staff.diary.back")}
        </Link>
      </StaffPageHeader>
      <FormNotice failure={failure && Object.keys(failure.fields).length === 0 ? failure : null} />
      {reservationServices.length > 0 ? (
        <StaffPanel title={t("staff.diary.new.reservation")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-new-reservation>
            <input type="hidden" name="kind" value="reservation" />
            <div>
              <label htmlFor="r-service" className={staffLabel}>
                {t("staff.diary.service")}
              </label>
              <select id="r-service" name="serviceId" className={staffInput}>
                {reservationServices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="r-party" className={staffLabel}>
                {t("staff.diary.party-size")}
              </label>
              <input
                id="r-party"
                type="number"
                min={1}
                name="partySize"
                required
                defaultValue={2}
                className={staffInput}
              />
            </div>
            {when("r")}
            <CallerFields prefix="r" fields={intent === "reservation" ? failure?.fields : undefined} />
            <div className="sm:col-span-2">
              <button type="submit" className={staffButton.primary}>
                {t("staff.diary.new.take")}
              </button>
            </div>
          </Form>
        </StaffPanel>
      ) : null}
      {bookingServices.length > 0 ? (
        <StaffPanel title={t("staff.diary.new.booking")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-new-booking>
            <input type="hidden" name="kind" value="booking" />
            <div>
              <label htmlFor="b-service" className={staffLabel}>
                {t("staff.diary.service")}
              </label>
              <select id="b-service" name="serviceId" className={staffInput}>
                {bookingServices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="b-resource" className={staffLabel}>
                {t("staff.diary.resource")}
              </label>
              <select id="b-resource" name="resourceId" className={staffInput}>
                <option value="">{t("staff.diary.new.any-resource")}</option>
                {resources.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
            {when("b")}
            <CallerFields prefix="b" fields={intent === "booking" ? failure?.fields : undefined} />
            <div className="sm:col-span-2">
              <button type="submit" className={staffButton.primary}>
                {t("staff.diary.new.take")}
              </button>
            </div>
          </Form>
        </StaffPanel>
      ) : null}
    </div>
  );
}
