import { type WaitlistEntry, waitlistJoinBodySchema } from "@stoa/contract";
import { data, Form } from "react-router";
import { WaitlistTime } from "../../booking/WaitlistTime.tsx";
import { type ActionFailure, invalidFields, type MessageKey } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { rootDataOf, shopMeta } from "../../platform/meta.ts";
import { buttonClass, inputClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/waitlist";

/**
 * The waitlist of a full slot, reached from the slot's "full" link (`?service=&start=&party=`):
 * name and an email or a phone, and the shop offers the place when one frees up.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const party = Number(params.get("party"));
  return {
    serviceId: Number(params.get("service")) || 0,
    startsAt: params.get("start") ?? "",
    partySize: Number.isInteger(party) && party > 0 ? party : 2,
  };
}

type Answer = (ActionFailure & { typed?: Record<string, string> }) | { ok: true; entry: WaitlistEntry };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const typed = Object.fromEntries(
    ["serviceId", "startsAt", "partySize", "name", "email", "phone"].map((k) => [
      k,
      String(form.get(k) ?? ""),
    ]),
  );
  const check = validateWith(waitlistJoinBodySchema, {
    ...typed,
    serviceId: Number(typed.serviceId),
    partySize: Number(typed.partySize),
  });
  if (!check.ok) return data<Answer>({ ...invalidFields(check.fields), typed }, { status: 400 });
  const outcome = await context.storeApi.form("waitlistJoin", { body: check.data });
  if (!outcome.ok) return data<Answer>({ ...outcome.failure, typed }, { status: outcome.status });
  return data<Answer>({ ok: true, entry: outcome.data });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  shopMeta(rootDataOf(matches), { path: "/reserve/waitlist" });

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData as Answer | undefined;
  if (answer && "ok" in answer && answer.ok)
    return (
      <main className="mx-auto max-w-lg space-y-4 px-4 py-10" data-waitlist-joined>
        <h1 className="text-2xl font-bold">{t("waitlist.joined-title")}</h1>
        <p className="text-stone-700">{t("waitlist.joined")}</p>
        <WaitlistTime entry={answer.entry} />
      </main>
    );
  const failure =
    answer && !("ok" in answer && answer.ok)
      ? (answer as ActionFailure & { typed?: Record<string, string> })
      : null;
  const typed = failure?.typed;
  const value = (name: string, fallback: string) => typed?.[name] ?? fallback;
  const fieldError = (name: string) =>
    failure?.fields?.[name] ? (
      <p id={`waitlist-${name}-error`} className="mt-1 text-sm text-red-700">
        {t(failure.fields[name] as MessageKey)}
      </p>
    ) : null;
  const label = "mb-1 block text-sm font-medium";
  return (
    <main className="mx-auto max-w-lg space-y-5 px-4 py-10" data-waitlist>
      <h1 className="text-2xl font-bold">{t("waitlist.title")}</h1>
      <p className="text-stone-700">{t("waitlist.intro")}</p>
      {failure && Object.keys(failure.fields ?? {}).length === 0 ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure.key ? t(failure.key) : failure.message}
        </p>
      ) : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="serviceId" value={value("serviceId", String(loaderData.serviceId))} />
        <input type="hidden" name="startsAt" value={value("startsAt", loaderData.startsAt)} />
        <div>
          <label htmlFor="waitlist-party" className={label}>
            {t("waitlist.party")}
          </label>
          <input
            id="waitlist-party"
            name="partySize"
            type="number"
            min={1}
            required
            defaultValue={value("partySize", String(loaderData.partySize))}
            className={inputClass}
          />
          {fieldError("partySize")}
        </div>
        <div>
          <label htmlFor="waitlist-name" className={label}>
            {t("waitlist.name")}
          </label>
          <input
            id="waitlist-name"
            name="name"
            required
            autoComplete="name"
            defaultValue={value("name", "")}
            className={inputClass}
          />
          {fieldError("name")}
        </div>
        <div>
          <label htmlFor="waitlist-email" className={label}>
            {t("waitlist.email")}
          </label>
          <input
            id="waitlist-email"
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            defaultValue={value("email", "")}
            className={inputClass}
          />
          {fieldError("email")}
        </div>
        <div>
          <label htmlFor="waitlist-phone" className={label}>
            {t("waitlist.phone")}
          </label>
          <input
            id="waitlist-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            dir="ltr"
            defaultValue={value("phone", "")}
            className={inputClass}
          />
          <p className="mt-1 text-xs text-stone-500">{t("waitlist.contact-hint")}</p>
        </div>
        <button type="submit" className={buttonClass.primary}>
          {t("waitlist.join")}
        </button>
      </Form>
    </main>
  );
}
