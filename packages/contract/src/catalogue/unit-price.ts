/** Price per kilogram or per litre, as a market shows it next to the pack price. */
export type UnitPrice = { amount: number; per: "kg" | "l" };

const MEASURE = /^(?:(\d+)\s*[×x]\s*)?(\d+(?:[.,]\d+)?)\s*(kg|g|l|ml|cl)$/i;
const GRAMS_OR_MILLILITRES: Record<string, { factor: number; per: UnitPrice["per"] }> = {
  kg: { factor: 1000, per: "kg" },
  g: { factor: 1, per: "kg" },
  l: { factor: 1000, per: "l" },
  cl: { factor: 10, per: "l" },
  ml: { factor: 1, per: "l" },
};

/**
 * The per-kg or per-litre price of a pack ("500 g" at 2.00 → 4.00 per kg, "6 × 330 ml" counted as
 * 1.98 l), in minor units rounded to the nearest; null when the unit is not a weight or volume
 * ("each", "bunch") or is exactly one kilogram or litre, where it would only repeat the price.
 */
export function unitPrice(unit: string, price: number): UnitPrice | null {
  const match = MEASURE.exec(unit.trim());
  if (!match) return null;
  const [, packs = "1", size = "", measure = ""] = match;
  const kind = GRAMS_OR_MILLILITRES[measure.toLowerCase()];
  if (!kind) return null;
  const base = Number(packs) * Number(size.replace(",", ".")) * kind.factor;
  if (!Number.isFinite(base) || base <= 0 || base === 1000) return null;
  return { amount: Math.round((price * 1000) / base), per: kind.per };
}
