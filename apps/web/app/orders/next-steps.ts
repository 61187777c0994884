import type { Order } from "@stoa/contract";

/** The sentences of "what happens next" on the order confirmation, as translation keys. */
export type NextStep =
  | "orders.next.delivery"
  | "orders.next.delivery-window"
  | "orders.next.pickup"
  | "orders.next.pickup-time"
  | "orders.next.post"
  | "orders.next.digital"
  | "orders.next.pay-nothing"
  | "orders.next.pay-cash-delivery"
  | "orders.next.pay-cash-pickup"
  | "orders.next.pay-card-held"
  | "orders.next.pay-card-held-pickup"
  | "orders.next.pay-card-charged"
  | "orders.next.updates";

type Placed = Pick<
  Order,
  | "delivery_type"
  | "delivery_time"
  | "payment_gateway"
  | "paymentStatus"
  | "payable_amount"
  | "customer_contact"
>;

/**
 * What the shopper can expect after placing the order: how the goods come (by the delivery type),
 * how and when the money is taken (by the payment method), and where updates go.
 */
export function nextSteps(order: Placed): NextStep[] {
  const steps: NextStep[] = [];
  switch (order.delivery_type) {
    case "delivery":
      steps.push(order.delivery_time ? "orders.next.delivery-window" : "orders.next.delivery");
      break;
    case "pickup":
      steps.push(order.delivery_time ? "orders.next.pickup-time" : "orders.next.pickup");
      break;
    case "post":
      steps.push("orders.next.post");
      break;
    case "digital":
      steps.push("orders.next.digital");
      break;
  }
  if (order.payable_amount === 0 || order.payment_gateway === null) {
    steps.push("orders.next.pay-nothing");
  } else if (order.payment_gateway === "cash") {
    steps.push(
      order.delivery_type === "pickup" ? "orders.next.pay-cash-pickup" : "orders.next.pay-cash-delivery",
    );
  } else {
    // A card is charged when the goods leave the shop: sent, set out for pickup, or, for digital
    // goods, at once.
    const charged = order.paymentStatus === "captured" || order.delivery_type === "digital";
    if (charged) steps.push("orders.next.pay-card-charged");
    else
      steps.push(
        order.delivery_type === "pickup" ? "orders.next.pay-card-held-pickup" : "orders.next.pay-card-held",
      );
  }
  if (order.customer_contact) steps.push("orders.next.updates");
  return steps;
}
