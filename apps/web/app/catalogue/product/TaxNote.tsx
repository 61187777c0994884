import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { taxNoteKey } from "./tax-note.ts";

/** The shop's word on tax, wherever a page lists prices. */
export function TaxNote({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { store } = useShop();
  return (
    <p className={className} data-tax-note={store.settings.pricesIncludeTax ? "included" : "added"}>
      {t(taxNoteKey(store.settings.pricesIncludeTax))}
    </p>
  );
}
