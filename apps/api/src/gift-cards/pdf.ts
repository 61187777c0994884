import { CURRENCY_FRACTION_DIGITS, localized } from "@stoa/contract";
import type { DownloadFile } from "../orders/files.ts";
import type { LinkKeys } from "../orders/links.ts";
import { orderLineWithOrder } from "../orders/service.ts";
import type { Database } from "../platform/db/database.ts";
import { onePagePdf } from "../platform/files/pdf.ts";
import type { StoreRow } from "../stores/tables.ts";
import { giftCardsOfOrder } from "./service.ts";

/**
 * The printable file of a paid gift-card line: each card's code and what it is worth now, and how to
 * spend it. Made when asked for, never stored, like the codes themselves (decision 050). Null for a
 * line that is not a gift card, whose file is the product's own. The caller has checked that the
 * asker bought the line and may download it. Amounts are written with the currency's code: the
 * page's fonts have no sign for most currencies.
 */
export async function giftCardFile(
  db: Database,
  keys: LinkKeys,
  store: StoreRow,
  origin: string,
  orderLineId: number,
): Promise<(DownloadFile & { fileName: string }) | null> {
  const found = await orderLineWithOrder(db, store.id, orderLineId);
  if (!found?.line.isGiftCard) return null;
  const { order } = found;
  const { cards } = await giftCardsOfOrder(db, keys, store.id, order.customerId, order.id);
  const mine = cards.filter((card) => card.orderLineId === orderLineId);
  const shop = localized(store.nameLocalizations, "en");
  const body = onePagePdf({
    title: `${shop} Gift Card`,
    subtitle: `Order #${order.orderNumber}`,
    lines: [
      ...mine.flatMap((card, i) => [
        `Card ${i + 1}: ${card.code}`,
        `   Worth ${order.currency} ${(card.value / 10 ** CURRENCY_FRACTION_DIGITS).toFixed(CURRENCY_FRACTION_DIGITS)}${card.redeemed ? " (redeemed)" : ""}`,
      ]),
      "",
      `Spend it at ${origin}: at checkout, type the code under "Have a gift card?".`,
      "It pays part or all of an order; what is left stays on the card.",
      "Keep the code safe: whoever has it can spend the card.",
    ],
  });
  return {
    body: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    contentType: "application/pdf",
    fileName: `gift-card-${order.orderNumber}-${orderLineId}.pdf`,
  };
}
