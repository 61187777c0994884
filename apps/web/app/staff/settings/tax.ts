/**
 * A tax rate as typed, in percent (up to two decimals, `.` or `,`), in basis points: 7.25 is 725.
 * Undefined for what is not a rate (empty, negative, three decimals, words).
 */
export function basisPointsOfPercent(text: string): number | undefined {
  const value = text.trim().replace(",", ".").replace(/%$/, "").trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return undefined;
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Basis points as the rate field shows them: 725 is "7.25", 1700 is "17". */
export function percentOfBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
