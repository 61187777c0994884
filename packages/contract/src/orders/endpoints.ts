import { checkoutRequestSchema } from "../checkout/checkout.ts";
import { calculationSchema } from "../checkout/pricing.ts";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { paginationQuerySchema } from "../platform/pagination-schemas.ts";
import { GUEST_ORDER_LINK_DAYS, ORDER_PAGE_SIZE } from "./constants.ts";
import {
  buyAgainSchema,
  cancelOrderBodySchema,
  downloadListSchema,
  guestOrderBodySchema,
  orderIdBodySchema,
  orderListBodySchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  placedOrderSchema,
  refundListSchema,
  refundRequestBodySchema,
  refundSchema,
} from "./schemas.ts";

/** Pricing, placing and following orders, for a signed-in customer or a guest session. */
export const orderEndpoints = {
  calculateOrder: {
    method: "post",
    path: "/api/storeOrder/calculate",
    summary: "Price a cart from the catalogue: lines with their problems, tax, shipping, coupon, tip, wallet",
    tag: "Orders",
    auth: true,
    body: checkoutRequestSchema,
    data: calculationSchema,
  },
  createOrder: {
    method: "post",
    path: "/api/storeOrder/create",
    summary:
      "Place an order in one transaction (send an Idempotency-Key header: the same key gives the same order)",
    tag: "Orders",
    auth: true,
    idempotent: true,
    body: checkoutRequestSchema,
    data: placedOrderSchema,
  },
  confirmPayment: {
    method: "post",
    path: "/api/storeOrder/confirmPayment/storeCustomer",
    summary:
      "After the shopper confirmed a card with its bank (3-D Secure): asks the provider and places the order, or says why not",
    tag: "Orders",
    auth: true,
    body: orderIdBodySchema,
    data: placedOrderSchema,
  },
  orderList: {
    method: "post",
    path: "/api/storeOrder/list/storeCustomer",
    summary: "The caller's orders, newest first, by status tab",
    tag: "Orders",
    auth: true,
    query: orderListQuerySchema,
    body: orderListBodySchema,
    data: orderListSchema,
  },
  orderDetail: {
    method: "post",
    path: "/api/storeOrder/detail/storeCustomer",
    summary: "One of the caller's orders with its lines, totals, addresses and timeline",
    tag: "Orders",
    auth: true,
    body: orderIdBodySchema,
    data: orderSchema,
  },
  guestOrderDetail: {
    method: "post",
    path: "/api/storeOrder/detail/guest",
    summary: `A guest's order, opened from the confirmation email's link (order id and its access token) for ${GUEST_ORDER_LINK_DAYS} days after it was placed; then 410 (2018)`,
    tag: "Orders",
    body: guestOrderBodySchema,
    data: orderSchema,
  },
  cancelOrder: {
    method: "post",
    path: "/api/storeOrder/cancel/storeCustomer",
    summary: "Cancel an order that has not shipped: stock, coupon use and wallet credit go back",
    tag: "Orders",
    auth: true,
    body: cancelOrderBodySchema,
    data: orderSchema,
  },
  requestRefund: {
    method: "post",
    path: "/api/storeOrder/refund/storeCustomer",
    summary: "Ask for a refund of lines of a delivered order",
    tag: "Orders",
    auth: true,
    body: refundRequestBodySchema,
    data: refundSchema,
  },
  refundList: {
    method: "post",
    path: "/api/storeOrderRefund/list/storeCustomer",
    summary: "The caller's refund requests with their status",
    tag: "Orders",
    auth: true,
    query: paginationQuerySchema(ORDER_PAGE_SIZE),
    data: refundListSchema,
  },
  buyAgain: {
    method: "post",
    path: "/api/storeOrder/buyAgain/storeCustomer",
    summary:
      "One of the caller's orders as the shop sells it today: its lines priced for the cart, and those no longer sold",
    tag: "Orders",
    auth: true,
    body: orderIdBodySchema,
    data: buyAgainSchema,
  },
  downloadList: {
    method: "get",
    path: "/api/storeOrder/downloads/storeCustomer",
    summary:
      "Signed, expiring links to the digital goods the caller has paid for; each opens GET /api/storeOrder/download/{orderLineId} with the same caller's token",
    tag: "Orders",
    auth: true,
    data: downloadListSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
