import type { StaffOrderNote } from "@stoa/contract";
import { and, asc, eq } from "drizzle-orm";
import { lockOrder } from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "./audit.ts";
import { orderNotes, staffMembers } from "./tables.ts";

/** Staff's notes on an order, oldest first, each with its writer's name (null once the member is gone). */
export async function notesOfOrder(
  db: Database,
  order: Pick<OrderRow, "storeId" | "id">,
): Promise<StaffOrderNote[]> {
  const rows = await db
    .select({ note: orderNotes, staffName: staffMembers.name })
    .from(orderNotes)
    .leftJoin(
      staffMembers,
      and(eq(staffMembers.storeId, orderNotes.storeId), eq(staffMembers.id, orderNotes.staffId)),
    )
    .where(and(eq(orderNotes.storeId, order.storeId), eq(orderNotes.orderId, order.id)))
    .orderBy(asc(orderNotes.id));
  return rows.map(({ note, staffName }) => ({
    id: note.id,
    text: note.text,
    at: note.at.toISOString(),
    staffId: note.staffId,
    staffName: staffName ?? null,
  }));
}

/**
 * A member keeps a note on an order of their store (`staff/orders/notes/add`): signed, dated and
 * kept, never edited. The order is read under its row lock so a note never lands on another
 * store's order; the audit log records that a note was added, not its text.
 */
export async function addOrderNote(
  db: Database,
  storeId: number,
  staffId: number,
  orderId: number,
  text: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, storeId, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    const [note] = await tx
      .insert(orderNotes)
      .values({ storeId, orderId: order.id, staffId, text })
      .returning({ id: orderNotes.id });
    await recordChange(tx, {
      storeId,
      staffId,
      action: "order.note",
      subject: `order:${order.orderNumber}`,
      after: { note: note?.id, length: text.length },
    });
    return order;
  });
}
