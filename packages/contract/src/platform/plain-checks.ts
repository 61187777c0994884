// The building blocks of the contract's plain checks (the `checks.ts` of a domain): the storefront
// reads what browser storage holds on every page, and checking it with the zod schemas would put
// zod on every first load (decision 026). Each check answers what its schema's `safeParse` answers
// — the same value, unknown keys dropped and defaults filled in, or null where the schema refuses —
// and a test beside it runs both over good and malformed values.

/** Any object but an array, as `z.object` takes it. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object made by `{}` or JSON, as `z.record` takes it. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `z.number().int()`: a whole number a double holds exactly. */
export function isInt(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

export function isString(value: unknown): value is string {
  return typeof value === "string";
}

export function isBoolean(value: unknown): value is boolean {
  return typeof value === "boolean";
}

/** `z.enum(choices)`. */
export function isOneOf<T extends string>(choices: readonly T[], value: unknown): value is T {
  return choices.includes(value as T);
}

/** `z.array(z.string())`. */
export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}

/**
 * `z.record(key, value)` of values that need no change: a copy holding the entries, or null when a
 * key or a value is refused. A `__proto__` key is left out, as zod leaves it out.
 */
export function recordOf<T>(
  value: unknown,
  isKey: (key: string) => boolean,
  isEntry: (entry: unknown) => entry is T,
): Record<string, T> | null {
  if (!isPlainObject(value)) return null;
  const record: Record<string, T> = {};
  for (const key of Object.keys(value)) {
    if (key === "__proto__") continue;
    const entry = value[key];
    if (!isKey(key) || !isEntry(entry)) return null;
    record[key] = Array.isArray(entry) ? ([...entry] as T) : entry;
  }
  return record;
}

/** Any key or value, for `z.record(z.string(), z.unknown())`. */
export function anything(_value: unknown): _value is unknown {
  return true;
}

/**
 * `z.string().trim().min(min).max(max)`, with `.default(fallback)` when a fallback is given: the
 * trimmed text, or null where the schema refuses.
 */
export function trimmedText(value: unknown, min: number, max: number, fallback?: string): string | null {
  if (value === undefined && fallback !== undefined) return fallback;
  if (!isString(value)) return null;
  const text = value.trim();
  return text.length >= min && text.length <= max ? text : null;
}
