import { useEffect, useState } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";

/**
 * The shop's zone named beside a time: always on the server, and in the browser only when the
 * shopper's own zone is another (a guest booking from abroad reads the shop's clock).
 */
export function ZoneNote({ timezone }: { timezone: string }) {
  const { t } = useTranslation();
  const [same, setSame] = useState(false);
  useEffect(() => setSame(Intl.DateTimeFormat().resolvedOptions().timeZone === timezone), [timezone]);
  if (same) return null;
  return (
    <span className="text-sm text-stone-600" data-zone={timezone}>
      {t("reserve.shop-time")} <bdi dir="ltr">{timezone.replace(/_/g, " ")}</bdi>
    </span>
  );
}
