/*
 * How a bill splits evenly between diners (decision 065 "The bill"): N parts of the total that add
 * up to it exactly, the cents a division leaves over going one each to the first parts, so every
 * phone at the table computes the same part k without asking the server.
 */

/** The N parts of `total` minor units, largest first; they add up to `total`. */
export function evenParts(total: number, parts: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0)
    throw new RangeError(`a total is whole minor units, not ${total}`);
  if (!Number.isSafeInteger(parts) || parts < 1)
    throw new RangeError(`a bill splits into 1 part or more, not ${parts}`);
  const base = Math.floor(total / parts);
  const left = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < left ? 1 : 0));
}

/** Part `part` (1-based) of `total` split into `parts`. */
export function evenPart(total: number, parts: number, part: number): number {
  if (!Number.isSafeInteger(part) || part < 1 || part > parts)
    throw new RangeError(`part ${part} is not one of ${parts}`);
  return evenParts(total, parts)[part - 1] as number;
}
