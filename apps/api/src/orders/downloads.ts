import type { Download, RefundStatus } from "@stoa/contract";
import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type LinkKeys, sign, signatureMatches } from "./links.ts";
import { LIVE_STATUSES, PAID } from "./paid-downloads.ts";
import { shopTimezone } from "./service.ts";
import { orderLines, orders, refundRequestLines, refundRequests } from "./tables.ts";

/** Refunds whose money has gone back (or is going back) to the customer. */
const REFUNDED: RefundStatus[] = ["approved", "refunded"];

/** How long a download link works; `/downloads` hands out fresh ones whenever it is opened. */
export const DOWNLOAD_LINK_SECONDS = 24 * 60 * 60;
/** The most downloads one answer lists: a customer's whole shelf of digital goods, newest first. */
const MAX_DOWNLOADS = 200;

/**
 * Digital lines the customer has paid for: of an order that stands, whose money is taken (or that
 * cost nothing, paid by wallet or coupon), and not refunded unit for unit. A cancelled or wholly
 * refunded order gives no more files. The SQL of paid-downloads.ts's rule, and the refunds.
 */
function paidDigitalLines(storeId: number, customerId: number): SQL | undefined {
  return and(
    eq(orders.storeId, storeId),
    eq(orders.customerId, customerId),
    inArray(orders.status, LIVE_STATUSES),
    or(
      inArray(orders.paymentStatus, PAID),
      and(eq(orders.paymentStatus, "none"), eq(orders.payableAmount, 0)),
    ),
    eq(orderLines.isDigital, true),
    isNotNull(orderLines.digitalFile),
    // A line whose every unit the shop has refunded is given back: its file with it. Found through
    // the order's refunds (by their order index), then each one's line by its key.
    sql`(SELECT coalesce(sum(${refundRequestLines.quantity}), 0) FROM ${refundRequests}
      JOIN ${refundRequestLines} ON ${refundRequestLines.storeId} = ${refundRequests.storeId}
        AND ${refundRequestLines.refundId} = ${refundRequests.id}
        AND ${refundRequestLines.orderLineId} = ${orderLines.id}
      WHERE ${refundRequests.storeId} = ${orders.storeId} AND ${refundRequests.orderId} = ${orders.id}
        AND ${refundRequests.status} IN ${REFUNDED}) < ${orderLines.quantity}`,
  );
}

function signedText(storeId: number, customerId: number, orderLineId: number, expires: number): string {
  return `download:${storeId}:${customerId}:${orderLineId}:${expires}`;
}

/**
 * A link to one bought file: signed for this store, this customer and this line, until `expires`
 * (seconds since the epoch). It opens on the storefront's origin, which fetches the file with the
 * signed-in shopper's own token, so a link passed on opens nothing for anyone else (decision 018).
 */
export function downloadLink(
  keys: LinkKeys,
  origin: string,
  line: { storeId: number; customerId: number; orderLineId: number },
  now: Date,
): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const signature = sign(
    keys.downloads,
    signedText(line.storeId, line.customerId, line.orderLineId, expires),
  );
  const query = new URLSearchParams({ expires: String(expires), signature });
  return { url: `${origin}/downloads/${line.orderLineId}?${query}`, expiresAt: new Date(expires * 1000) };
}

/** The caller's paid digital lines, each with a fresh link, newest order first. */
export async function downloadList(
  db: Database,
  keys: LinkKeys,
  storeId: number,
  customerId: number,
  origin: string,
  now = new Date(),
): Promise<Download[]> {
  const [rows, timezone] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        orderLineId: orderLines.id,
        name: orderLines.name,
        fileName: orderLines.digitalFile,
      })
      .from(orders)
      .innerJoin(orderLines, and(eq(orderLines.storeId, orders.storeId), eq(orderLines.orderId, orders.id)))
      .where(paidDigitalLines(storeId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.id), orderLines.position)
      .limit(MAX_DOWNLOADS),
    shopTimezone(db, storeId),
  ]);
  return rows.map((row) => {
    const link = downloadLink(keys, origin, { storeId, customerId, orderLineId: row.orderLineId }, now);
    return {
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      orderLineId: row.orderLineId,
      name: row.name,
      fileName: row.fileName ?? "",
      url: link.url,
      expiresAt: link.expiresAt.toISOString(),
      timezone,
    };
  });
}

/**
 * The file a download link opens, for the caller it was signed for: a link signed for someone else,
 * tampered with or of another store is refused (403), an expired one says so (410), and a line no
 * longer paid (cancelled, refunded) is not found.
 */
export async function openDownload(
  db: Database,
  keys: LinkKeys,
  storeId: number,
  customerId: number,
  link: { orderLineId: number; expires: number; signature: string },
  now = new Date(),
): Promise<{ fileName: string; name: string }> {
  const text = signedText(storeId, customerId, link.orderLineId, link.expires);
  if (!signatureMatches(keys.downloads, text, link.signature)) throw new ApiError("FORBIDDEN");
  if (link.expires * 1000 <= now.getTime()) throw new ApiError("DOWNLOAD_LINK_EXPIRED");
  const [row] = await db
    .select({ fileName: orderLines.digitalFile, name: orderLines.name })
    .from(orders)
    .innerJoin(orderLines, and(eq(orderLines.storeId, orders.storeId), eq(orderLines.orderId, orders.id)))
    .where(and(paidDigitalLines(storeId, customerId), eq(orderLines.id, link.orderLineId)));
  if (!row?.fileName) throw new ApiError("NOT_FOUND");
  return { fileName: row.fileName, name: row.name };
}
