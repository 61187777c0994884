import { type OpeningHours as Hours, type Locale, openingLines } from "@stoa/contract";
import { useTranslation } from "../platform/i18n/translation.tsx";

const MINUTES_A_DAY = 24 * 60;

/**
 * The shop's opening hours as its staff set them: days in a row on one line ("Mon – Fri 09:00 –
 * 17:00"), in the shopper's language. A shop open every day around the clock says so in words.
 */
export function OpeningHours({
  hours,
  locale,
  className = "",
}: {
  hours: Hours;
  locale: Locale;
  className?: string;
}) {
  const { t } = useTranslation();
  const lines = openingLines(hours, locale);
  if (lines.length === 0) return <p className={className}>{t("opening-hours.none")}</p>;
  if (hours.openDays.length === 7 && hours.closesAt - hours.opensAt >= MINUTES_A_DAY)
    return <p className={className}>{t("opening-hours.always")}</p>;
  return (
    <dl className={`space-y-1 ${className}`} data-opening-hours>
      {lines.map((line) => (
        <div key={line.days} className="flex flex-wrap gap-x-3">
          <dt className="min-w-20">{line.days}</dt>
          <dd dir="ltr" className="tabular-nums">
            {line.time}
          </dd>
        </div>
      ))}
    </dl>
  );
}
