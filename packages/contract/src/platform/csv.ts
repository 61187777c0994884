/**
 * CSV for the console's exports (newsletter subscribers, products): RFC 4180 fields, and no cell a
 * spreadsheet would run as a formula. A field starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading `'` (OWASP's advice against CSV injection), so `=HYPERLINK(…)` typed into a
 * form stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 has it). */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/**
 * A cell as it was before `csvField` guarded it: an import of an exported file gets `=SUM(…)` back,
 * not `'=SUM(…)`, so exporting and importing a file changes nothing.
 */
export function csvUnguarded(cell: string): string {
  return cell.length > 1 && cell[0] === "'" && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
