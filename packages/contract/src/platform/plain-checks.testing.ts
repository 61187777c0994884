// What the tests of the plain checks share: running a check and its zod schema over the same values.
import { expect } from "vitest";

type Schema = { safeParse(value: unknown): { success: true; data: unknown } | { success: false } };

/** Values no shape of the contract takes, and some of the wrong type for any one field. */
export const FOREIGN_VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  0,
  1.5,
  -1,
  2 ** 60,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "",
  "  ",
  "text",
  [],
  ["text"],
  {},
  { text: "text" },
];

/**
 * The value with each field in turn left out and then set to each foreign value, and the same for
 * the fields of its nested objects: good and malformed values alike, for the check and the schema
 * to answer.
 */
export function variantsOf(value: Record<string, unknown>): unknown[] {
  const variants: unknown[] = [value, { ...value, unknownField: "kept out" }];
  for (const [key, field] of Object.entries(value)) {
    const { [key]: _left, ...without } = value;
    variants.push(without);
    for (const foreign of FOREIGN_VALUES) variants.push({ ...value, [key]: foreign });
    if (typeof field === "object" && field !== null && !Array.isArray(field)) {
      for (const nested of variantsOf(field as Record<string, unknown>))
        variants.push({ ...value, [key]: nested });
    }
  }
  return variants;
}

/**
 * The check answers each value as the schema does: the very same value when the schema accepts it
 * (unknown keys dropped, defaults filled in), null when the schema refuses it. Returns how many
 * were accepted, so a test can tell its table holds both kinds.
 */
export function expectAgreement(
  check: (value: unknown) => unknown,
  schema: Schema,
  values: readonly unknown[],
) {
  let accepted = 0;
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) accepted++;
    expect(check(value), `${String(JSON.stringify(value))}`).toStrictEqual(
      parsed.success ? parsed.data : null,
    );
  }
  return { accepted, refused: values.length - accepted };
}
