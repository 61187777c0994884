import type { Reservation } from "@stoa/contract";
import type { ReactNode } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { dayText } from "./shop-time.ts";
import { ZoneNote } from "./ZoneNote.tsx";

const STATUS_TONE: Record<string, string> = {
  confirmed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  arrived: "bg-sky-50 text-sky-800 ring-sky-200",
  completed: "bg-stone-100 text-stone-700 ring-stone-200",
};

/** A reservation's code, status, service, party and time on the shop's clock, its zone named. */
export function ReservationCard({
  reservation,
  children,
}: {
  reservation: Reservation;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const tone = STATUS_TONE[reservation.status] ?? "bg-red-50 text-red-700 ring-red-200";
  return (
    <article
      className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7"
      data-reservation={reservation.code}
      data-status={reservation.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600">
          {t("reserve.code")}{" "}
          <bdi className="font-mono text-lg font-semibold tracking-wider text-stone-950" data-code>
            {reservation.code}
          </bdi>
        </p>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${tone}`} data-status-badge>
          {t(`reserve.status.${reservation.status}`)}
        </span>
      </div>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-stone-500">{t("reserve.when")}</dt>
          <dd className="font-medium text-stone-950">
            {dayText(reservation.date, locale, true)} ·{" "}
            <bdi className="tabular-nums" data-local-time>
              {reservation.localTime}
            </bdi>
            <span className="block">
              <ZoneNote timezone={reservation.timezone} />
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-500">{t("reserve.what")}</dt>
          <dd className="font-medium text-stone-950">
            {reservation.serviceName} · {t("reserve.guests", { count: reservation.partySize })}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-500">{t("reserve.name")}</dt>
          <dd className="text-stone-900">
            <bdi>{reservation.name}</bdi>
          </dd>
        </div>
        {reservation.note ? (
          <div>
            <dt className="text-sm text-stone-500">{t("reserve.note")}</dt>
            <dd className="text-stone-900">
              <bdi>{reservation.note}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
      {children}
    </article>
  );
}
