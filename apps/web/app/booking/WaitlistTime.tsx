import type { WaitlistEntry } from "@stoa/contract";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useShop } from "../shell/root-data.ts";

/** The slot waited for, on the shop's clock with its zone named, and the party. */
export function WaitlistTime({
  entry,
}: {
  entry: Pick<WaitlistEntry, "serviceName" | "startsAt" | "timezone" | "partySize">;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const when = new Intl.DateTimeFormat(locale, {
    timeZone: entry.timezone,
    dateStyle: "full",
    timeStyle: "short",
  });
  return (
    <dl className="grid gap-2 rounded-xl border border-stone-200 bg-white p-4 text-sm">
      {entry.serviceName ? (
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("waitlist.service")}</dt>
          <dd className="font-semibold">
            <bdi>{entry.serviceName}</bdi>
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">{t("waitlist.time")}</dt>
        <dd className="text-end font-semibold">
          {when.format(new Date(entry.startsAt))} <span className="text-stone-500">({entry.timezone})</span>
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">{t("waitlist.party")}</dt>
        <dd className="font-semibold">{t("waitlist.people", { count: entry.partySize })}</dd>
      </div>
    </dl>
  );
}
