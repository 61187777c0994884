import { useTranslation } from "../../platform/i18n/translation.tsx";
import { unitText } from "./unit-text.ts";

/**
 * A product's unit beside its name or price, in the shopper's language. Isolated in its own
 * direction: a unit the storefront does not know stays as the shop typed it ("PDF").
 */
export function UnitText({ unit, className = "" }: { unit: string; className?: string }) {
  const { t } = useTranslation();
  if (!unit) return null;
  return (
    <span className={className} data-unit>
      <bdi>{unitText(unit, t)}</bdi>
    </span>
  );
}
