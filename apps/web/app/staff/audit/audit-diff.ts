/** The families of the audit log's actions (`order.move` is of "order"), as its filter offers them. */
export const AUDIT_FAMILIES = [
  "order",
  "refund",
  "staff",
  "settings",
  "newsletter",
  "contact",
  "coupon",
  "customer",
  "stock",
  "product",
  "category",
] as const;

export type AuditChange = { field: string; before: string | null; after: string | null };

/** A value as one short line of JSON; absent stays null, long text is cut with an ellipsis. */
export function compactValue(value: unknown, most = 80): string | null {
  if (value === undefined) return null;
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What an audit entry changed, field by field: for two objects, each top-level field whose value
 * differs (a field only on one side shows the other as null); anything else, the whole before and
 * after as one change named "". Values are compact JSON.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return fields
      .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
      .map((field) => ({ field, before: compactValue(was[field]), after: compactValue(now[field]) }));
  }
  if (before == null && after == null) return [];
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ field: "", before: compactValue(before ?? undefined), after: compactValue(after ?? undefined) }];
}
