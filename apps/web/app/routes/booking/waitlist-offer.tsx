import { Form } from "react-router";
import { WaitlistTime } from "../../booking/WaitlistTime.tsx";
import { failed } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { rootDataOf, shopMeta } from "../../platform/meta.ts";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/waitlist-offer";

/** A freed place offered from the waitlist: held until the time shown, taken with one button. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const outcome = await context.storeApi.form("waitlistOffer", { body: { token: params.token } });
  return outcome.ok ? { entry: outcome.data } : { entry: null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const outcome = await context.storeApi.form("waitlistAccept", { body: { token: params.token } });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, entry: outcome.data };
}

// The token is a key: the page is never indexed and its address never canonical.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...shopMeta(rootDataOf(matches), { path: "/reserve/waitlist" }),
  { name: "robots", content: "noindex" },
];

export default function WaitlistOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const accepted = actionData && "entry" in actionData ? actionData.entry : null;
  const entry = accepted ?? loaderData.entry;
  const refused = actionData && !("entry" in actionData);
  if (!entry || entry.status === "expired" || entry.status === "cancelled")
    return (
      <main className="mx-auto max-w-lg space-y-4 px-4 py-10" data-waitlist-offer="expired">
        <h1 className="text-2xl font-bold">{t("waitlist.offer-gone-title")}</h1>
        <p className="text-stone-700">{t("waitlist.offer-gone")}</p>
      </main>
    );
  const until = entry.offerExpiresAt
    ? new Intl.DateTimeFormat(locale, { timeZone: entry.timezone, timeStyle: "short" }).format(
        new Date(entry.offerExpiresAt),
      )
    : null;
  return (
    <main className="mx-auto max-w-lg space-y-4 px-4 py-10" data-waitlist-offer={entry.status}>
      <h1 className="text-2xl font-bold">
        {entry.status === "booked" ? t("waitlist.booked-title") : t("waitlist.offer-title")}
      </h1>
      {refused ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t("waitlist.offer-gone")}
        </p>
      ) : null}
      <WaitlistTime entry={entry} />
      {entry.status === "booked" && entry.reservationCode ? (
        <p className="text-stone-800">
          {t("waitlist.booked", { code: "" })}
          <strong dir="ltr" className="font-mono">
            {entry.reservationCode}
          </strong>
        </p>
      ) : null}
      {entry.status === "offered" ? (
        <>
          {until ? <p className="text-stone-700">{t("waitlist.held-until", { time: until })}</p> : null}
          <Form method="post">
            <button type="submit" className={buttonClass.primary} data-accept-offer>
              {t("waitlist.accept")}
            </button>
          </Form>
        </>
      ) : null}
      {entry.status === "waiting" ? <p className="text-stone-700">{t("waitlist.joined")}</p> : null}
    </main>
  );
}
