import type { DeliveryType } from "../checkout/constants.ts";
import type { OrderStatus } from "../orders/statuses.ts";
import type { StaffOrderAction } from "./schemas.ts";

/**
 * The moves the shop is offered on an order, from where it stands: confirm a placed order, start
 * preparing a confirmed one, ship a prepared one (set it ready for pickup when it is collected), hand
 * over one on its way. The API's state machines stay the judge (a refused move is
 * TRANSITION_REFUSED); this only keeps the console from offering a move they would refuse.
 */
export function staffActionsFor(order: {
  status: OrderStatus;
  delivery_type: DeliveryType;
}): StaffOrderAction[] {
  switch (order.status) {
    case "placed":
      return ["confirm"];
    case "confirmed":
      return ["startPreparing"];
    case "preparing":
      return [order.delivery_type === "pickup" ? "readyForPickup" : "ship"];
    case "shipped":
    case "ready_for_pickup":
      return ["deliver"];
    default:
      return [];
  }
}
