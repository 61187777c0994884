import type { Locale } from "@stoa/contract";

/**
 * The shopper's email when the shop gives money back on their order, from a request it approved or
 * from the order's page on its own: how much, and where each part went — the card (with the days a
 * card refund takes), the gift card, the shop's wallet, or cash handed back.
 */
export type RefundedMessage = {
  kind: "orderRefunded";
  orderNumber: number;
  /** The whole refund, formatted in the shopper's language. */
  amount: string;
  /** Each part, formatted; absent where nothing went. */
  parts: { to: "card" | "giftCard" | "wallet" | "cash"; amount: string }[];
  /** The order's page; for a guest, with the token that opens it. */
  link: string;
};

type Texts = {
  subject: (store: string, orderNumber: number) => string;
  body: (orderNumber: number, amount: string) => string;
  parts: Record<RefundedMessage["parts"][number]["to"], (amount: string) => string>;
  order: (link: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (store, n) => `${store}: a refund on your order #${n}`,
    body: (n, amount) => `The shop refunded ${amount} on your order #${n}.`,
    parts: {
      card: (amount) =>
        `${amount} goes back to the card you paid with: it can take a few days to appear on your statement.`,
      giftCard: (amount) => `${amount} went back onto the gift card you paid with.`,
      wallet: (amount) => `${amount} was added to your wallet at the shop, for your next order.`,
      cash: (amount) => `${amount} is paid back to you in cash by the shop.`,
    },
    order: (link) => `Your order:\n${link}`,
  },
  ar: {
    subject: (store, n) => `${store}: استرداد على طلبك رقم ${n}`,
    body: (n, amount) => `ردّ المتجر ${amount} على طلبك رقم ${n}.`,
    parts: {
      card: (amount) => `يعود ${amount} إلى البطاقة التي دفعت بها: قد يستغرق ظهوره على كشف بطاقتك بضعة أيام.`,
      giftCard: (amount) => `عاد ${amount} إلى بطاقة الهدية التي دفعت بها.`,
      wallet: (amount) => `أُضيف ${amount} إلى محفظتك في المتجر، لطلبك القادم.`,
      cash: (amount) => `يردّ المتجر إليك ${amount} نقدًا.`,
    },
    order: (link) => `طلبك:\n${link}`,
  },
  he: {
    subject: (store, n) => `${store}: החזר כספי על הזמנה מס' ${n}`,
    body: (n, amount) => `החנות החזירה ${amount} על הזמנה מס' ${n}.`,
    parts: {
      card: (amount) =>
        `${amount} יוחזרו לכרטיס שבו שילמת: הזיכוי עשוי להופיע בפירוט החשבון רק בעוד כמה ימים.`,
      giftCard: (amount) => `${amount} הוחזרו לכרטיס המתנה שבו שילמת.`,
      wallet: (amount) => `${amount} נוספו לארנק שלך בחנות, להזמנה הבאה.`,
      cash: (amount) => `${amount} יוחזרו לך במזומן על ידי החנות.`,
    },
    order: (link) => `ההזמנה שלך:\n${link}`,
  },
};

export function composeRefundedMessage(message: RefundedMessage, locale: Locale, storeName: string) {
  const t = TEXTS[locale];
  return {
    subject: t.subject(storeName, message.orderNumber),
    body: [
      t.body(message.orderNumber, message.amount),
      ...message.parts.map((part) => t.parts[part.to](part.amount)),
      t.order(message.link),
    ].join("\n"),
  };
}
