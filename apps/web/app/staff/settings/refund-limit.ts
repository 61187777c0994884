/**
 * The refund limit as typed (major units, up to two decimals, `.` or `,`) in minor units: "" is no
 * limit (null), anything else that is not an amount is undefined.
 */
export function minorUnitsOfInput(text: string): number | null | undefined {
  const value = text.trim().replace(",", ".");
  if (value === "") return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return undefined;
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
