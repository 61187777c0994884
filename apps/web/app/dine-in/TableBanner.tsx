import { isolated } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useShop } from "../shell/root-data.ts";

/** Reminds a diner which table they are ordering at, by the name the scan remembered. */
export function TableBanner() {
  const { t } = useTranslation();
  const { table } = useShop();
  if (!table) return null;
  return (
    <p className="bg-brand px-4 py-2 text-center text-sm font-medium text-white" data-table-banner>
      {t("shell.table-banner", { table: isolated(table) })}
    </p>
  );
}
