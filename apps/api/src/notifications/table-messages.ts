import type { Locale } from "@stoa/contract";

/**
 * A diner's receipt for the share of a table's bill they paid (decision 065): the table, what the
 * share covered, the tip, the card, and what is left of the bill. Amounts come formatted in the
 * diner's language.
 */
export type TableReceiptMessage = {
  kind: "tableReceipt";
  tableName: string;
  orderNumber: number;
  /** The whole rest, one even part ("2 / 3"), or the dishes paid for. */
  covered:
    | { kind: "whole" }
    | { kind: "even"; part: number; parts: number }
    | { kind: "items"; names: string[] };
  goods: string;
  tip: string;
  amount: string;
  /** "Visa •••• 4242", or null when no card was charged. */
  card: string | null;
  /** What the table still owes, formatted; null once the bill is settled. */
  left: string | null;
};

type Texts = {
  subject: (store: string, table: string) => string;
  intro: (table: string, orderNumber: number) => string;
  whole: string;
  even: (part: number, parts: number) => string;
  items: (names: string) => string;
  goods: (amount: string) => string;
  tip: (amount: string) => string;
  amount: (amount: string) => string;
  card: (card: string) => string;
  left: (amount: string) => string;
  settled: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (store, table) => `${store}: your receipt for ${table}`,
    intro: (table, n) =>
      `Thank you for dining with us. You paid your share of the bill of ${table} (order #${n}).`,
    whole: "Your share: the whole bill that was left.",
    even: (part, parts) => `Your share: part ${part} of ${parts} equal parts.`,
    items: (names) => `Your share: ${names}.`,
    goods: (amount) => `Food and drinks: ${amount}`,
    tip: (amount) => `Tip: ${amount}`,
    amount: (amount) => `Paid: ${amount}`,
    card: (card) => `Card: ${card}`,
    left: (amount) => `Still to pay at the table: ${amount}`,
    settled: "The bill is settled.",
  },
  ar: {
    subject: (store, table) => `${store}: إيصالك عن ${table}`,
    intro: (table, n) => `شكرًا لتناولك الطعام معنا. دفعتَ حصتك من فاتورة ${table} (الطلب رقم ${n}).`,
    whole: "حصتك: كل ما تبقّى من الفاتورة.",
    even: (part, parts) => `حصتك: الجزء ${part} من ${parts} أجزاء متساوية.`,
    items: (names) => `حصتك: ${names}.`,
    goods: (amount) => `الطعام والمشروبات: ${amount}`,
    tip: (amount) => `الإكرامية: ${amount}`,
    amount: (amount) => `المدفوع: ${amount}`,
    card: (card) => `البطاقة: ${card}`,
    left: (amount) => `ما زال على الطاولة دفع: ${amount}`,
    settled: "سُدّدت الفاتورة.",
  },
  he: {
    subject: (store, table) => `${store}: הקבלה שלך עבור ${table}`,
    intro: (table, n) => `תודה שסעדת אצלנו. שילמת את חלקך בחשבון של ${table} (הזמנה מס' ${n}).`,
    whole: "החלק שלך: כל מה שנותר מהחשבון.",
    even: (part, parts) => `החלק שלך: חלק ${part} מתוך ${parts} חלקים שווים.`,
    items: (names) => `החלק שלך: ${names}.`,
    goods: (amount) => `אוכל ושתייה: ${amount}`,
    tip: (amount) => `טיפ: ${amount}`,
    amount: (amount) => `שולם: ${amount}`,
    card: (card) => `כרטיס: ${card}`,
    left: (amount) => `נותר לתשלום בשולחן: ${amount}`,
    settled: "החשבון שולם במלואו.",
  },
};

export function composeTableReceipt(message: TableReceiptMessage, locale: Locale, storeName: string) {
  const t = TEXTS[locale];
  const covered =
    message.covered.kind === "whole"
      ? t.whole
      : message.covered.kind === "even"
        ? t.even(message.covered.part, message.covered.parts)
        : t.items(message.covered.names.join(", "));
  return {
    subject: t.subject(storeName, message.tableName),
    body: [
      t.intro(message.tableName, message.orderNumber),
      covered,
      t.goods(message.goods),
      t.tip(message.tip),
      t.amount(message.amount),
      ...(message.card ? [t.card(message.card)] : []),
      message.left ? t.left(message.left) : t.settled,
    ].join("\n"),
  };
}
