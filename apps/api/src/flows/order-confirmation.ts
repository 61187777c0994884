import { formatMoney } from "@stoa/contract";
import { customerById } from "../customers/service.ts";
import type { CustomerRow } from "../customers/tables.ts";
import { codesOfLines } from "../gift-cards/service.ts";
import type { MessageKind } from "../notifications/messages.ts";
import { enqueueComposed, outboxMessage } from "../notifications/outbox.ts";
import { downloadLink } from "../orders/downloads.ts";
import { guestOrderToken, type LinkKeys } from "../orders/links.ts";
import type { OrderMessage } from "../orders/new-order.ts";
import { isDownload, isPaid } from "../orders/paid-downloads.ts";
import type { NewOrderLine } from "../orders/service.ts";
import type { OrderLineRow, OrderRow } from "../orders/tables.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";

/*
 * The confirmation a placed order sends, written in the transaction that places it: by the
 * create itself, or later by whatever settles its card (the shopper's confirmation, Stripe's
 * webhook, the sweeper), which is why it needs only the shop, not the request.
 */

/** The shop a message is sent for: the store and where its links point. */
export type ShopOrigin = Pick<RequestContext, "store" | "storefrontOrigin">;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Where the confirmation goes: the contact typed at checkout when it is an email, else the account's;
 * and whether the shopper proved the address is theirs. Anyone may type anyone's email at checkout,
 * so a message to an address not proved is one the outbox keeps only a few of an hour (decision 040).
 */
export function confirmationRecipient(
  order: Pick<OrderRow, "customerContact">,
  customer: CustomerRow,
): { channel: "email" | "sms"; to: string; proved: boolean } | null {
  const contact = order.customerContact.trim().toLowerCase();
  const provedEmail = customer.emailVerifiedAt ? customer.email : null;
  if (EMAIL.test(contact)) return { channel: "email", to: contact, proved: contact === provedEmail };
  if (customer.email) return { channel: "email", to: customer.email, proved: provedEmail !== null };
  if (customer.phone && customer.countryCode)
    return {
      channel: "sms",
      to: `+${customer.countryCode}${customer.phone}`,
      proved: customer.phoneVerifiedAt !== null,
    };
  return null;
}

/** Whether an order just placed sends its download links at once: it is paid, and a line downloads. */
export function hasDownloadsNow(
  order: Pick<OrderRow, "paymentStatus" | "payableAmount">,
  lines: NewOrderLine[],
): boolean {
  return isPaid(order) && lines.some(isDownload);
}

/**
 * The confirmation of a placed order, in the shopper's language: the order's page (for a guest,
 * with the token that opens it without a session) and, once paid, signed links to the digital
 * goods. Null when the shopper left no way to reach them.
 */
export function confirmationOf(
  keys: LinkKeys,
  ctx: ShopOrigin,
  customer: CustomerRow,
  order: Pick<
    OrderRow,
    | "storeId"
    | "id"
    | "customerId"
    | "orderNumber"
    | "placedAsGuest"
    | "customerContact"
    | "paymentStatus"
    | "payableAmount"
    | "currency"
    | "locale"
  >,
  lines: OrderLineRow[],
): OrderMessage | null {
  const recipient = confirmationRecipient(order, customer);
  if (!recipient) return null;
  const origin = ctx.storefrontOrigin;
  const link = orderPageLink(keys, ctx, order);
  const now = new Date();
  const downloads = isPaid(order)
    ? lines.filter(isDownload).map((line) => ({
        name: line.name,
        link: downloadLink(
          keys,
          origin,
          { storeId: order.storeId, customerId: order.customerId, orderLineId: line.id },
          now,
        ).url,
      }))
    : [];
  const message = outboxMessage(
    ctx.store,
    recipient.channel,
    recipient.to,
    {
      kind: "orderPlaced",
      orderNumber: order.orderNumber,
      total: formatMoney(order.payableAmount, order.currency, order.locale),
      link,
      downloads,
      giftCards: isPaid(order) ? codesOfLines(keys, order.storeId, lines) : [],
    },
    order.locale,
  );
  return recipient.proved ? message : { ...message, unverifiedRecipient: true };
}

/** The order's page on the shop's storefront; a guest's opens with the token, without a session. */
export function orderPageLink(
  keys: LinkKeys,
  ctx: ShopOrigin,
  order: Pick<OrderRow, "storeId" | "id" | "customerId" | "placedAsGuest">,
): string {
  const origin = ctx.storefrontOrigin;
  return order.placedAsGuest
    ? `${origin}/orders/${order.id}?${new URLSearchParams({ token: guestOrderToken(keys, order) })}`
    : `${origin}/orders/${order.id}`;
}

/** Queues the confirmation in the transaction that placed the order (see `confirmationOf`). */
export async function queueConfirmation(
  tx: Database,
  keys: LinkKeys,
  ctx: ShopOrigin,
  customer: CustomerRow,
  order: OrderRow,
  lines: OrderLineRow[],
): Promise<void> {
  const message = confirmationOf(keys, ctx, customer, order, lines);
  if (message) await enqueueComposed(tx, order.storeId, message);
}

/**
 * Queues a message about an order to whoever placed it (see `confirmationRecipient`), in the
 * order's language and in the caller's transaction, so it goes exactly when the change is written;
 * `about` builds it from the order's page. Nothing when the shopper left no way to reach them.
 */
export async function tellShopper(
  tx: Database,
  keys: LinkKeys,
  shop: ShopOrigin,
  order: OrderRow,
  about: (link: string) => MessageKind,
): Promise<void> {
  const customer = await customerById(tx, order.storeId, order.customerId);
  const recipient = customer && confirmationRecipient(order, customer);
  if (!recipient) return;
  const message = outboxMessage(
    shop.store,
    recipient.channel,
    recipient.to,
    about(orderPageLink(keys, shop, order)),
    order.locale,
  );
  await enqueueComposed(tx, order.storeId, { ...message, unverifiedRecipient: !recipient.proved });
}
