import type { Locale } from "../platform/locale.ts";

/** How an unnamed diner is named at the table, by the language they scanned in: "Guest 2". */
const GUEST = { en: "Guest", ar: "ضيف", he: "אורח" } as const satisfies Record<Locale, string>;

/** The name of the n-th diner of a tab who typed none (n counted from 1). */
export const guestName = (n: number, locale: Locale): string => `${GUEST[locale]} ${n}`;
