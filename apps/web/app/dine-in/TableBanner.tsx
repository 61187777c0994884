import { useTranslation } from "../platform/i18n/translation.tsx";
import { useShop } from "../shell/root-data.ts";

/** Reminds a dine-in shopper which table they are ordering for. */
export function TableBanner() {
  const { t } = useTranslation();
  const { table } = useShop();
  if (!table) return null;
  return (
    <p className="bg-brand px-4 py-2 text-center text-sm font-medium text-white" data-table-banner>
      {t("shell.table-banner", { table })}
    </p>
  );
}
