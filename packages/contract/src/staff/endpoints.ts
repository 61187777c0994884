import { messageSchema } from "../account/schemas.ts";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { paginationQuerySchema } from "../platform/pagination-schemas.ts";
import {
  openingHoursSchema,
  STAFF_PAGE_SIZE,
  staffAnswerRefundBodySchema,
  staffLoginBodySchema,
  staffMoveOrderBodySchema,
  staffOpeningHoursBodySchema,
  staffOrderIdBodySchema,
  staffOrderListBodySchema,
  staffOrderListSchema,
  staffOrderSchema,
  staffRefundListBodySchema,
  staffRefundListSchema,
  staffRefundSchema,
  staffSessionSchema,
  staffStuckPaymentListSchema,
} from "./schemas.ts";

/**
 * The shop's side: staff of one store sign in with their own accounts and tokens, list orders,
 * move them on, answer refund requests and set the shop's opening hours. Staff tokens work here
 * only; shoppers' tokens never do.
 */
export const staffEndpoints = {
  staffLogin: {
    method: "post",
    path: "/api/staff/login",
    summary: "Sign a member of the shop's staff in: a staff token for the other Staff calls",
    tag: "Staff",
    staff: true,
    body: staffLoginBodySchema,
    data: staffSessionSchema,
  },
  staffLogout: {
    method: "post",
    path: "/api/staff/logout",
    summary: "End the staff session of the token sent",
    tag: "Staff",
    auth: true,
    staff: true,
    data: messageSchema,
  },
  staffOrderList: {
    method: "post",
    path: "/api/staff/orders/list",
    summary: "The store's orders, newest first, optionally of one status",
    tag: "Staff",
    auth: true,
    staff: true,
    query: paginationQuerySchema(STAFF_PAGE_SIZE),
    body: staffOrderListBodySchema,
    data: staffOrderListSchema,
  },
  staffOrderDetail: {
    method: "post",
    path: "/api/staff/orders/detail",
    summary: "One order of the store with its lines, totals, addresses and timeline",
    tag: "Staff",
    auth: true,
    staff: true,
    body: staffOrderIdBodySchema,
    data: staffOrderSchema,
  },
  staffMoveOrder: {
    method: "post",
    path: "/api/staff/orders/move",
    summary:
      "Move an order on: confirm → startPreparing → ship or readyForPickup → deliver (ship captures a card payment; deliver of a cash order records the cash collected)",
    tag: "Staff",
    auth: true,
    staff: true,
    body: staffMoveOrderBodySchema,
    data: staffOrderSchema,
  },
  staffRefundList: {
    method: "post",
    path: "/api/staff/refunds/list",
    summary: "The store's refund requests, newest first, optionally of one status",
    tag: "Staff",
    auth: true,
    staff: true,
    query: paginationQuerySchema(STAFF_PAGE_SIZE),
    body: staffRefundListBodySchema,
    data: staffRefundListSchema,
  },
  staffAnswerRefund: {
    method: "post",
    path: "/api/staff/refunds/answer",
    summary:
      "Approve a refund request (card: refunded through the provider; cash: to the wallet or recorded as paid back) or decline it",
    tag: "Staff",
    auth: true,
    staff: true,
    body: staffAnswerRefundBodySchema,
    data: staffRefundSchema,
  },
  staffStuckPayments: {
    method: "post",
    path: "/api/staff/payments/stuck",
    summary:
      "Card money the shop must settle by hand at the provider, newest first: holds and payments that could not be given back, and card orders released while their payment state was unknown",
    tag: "Staff",
    auth: true,
    staff: true,
    data: staffStuckPaymentListSchema,
  },
  staffOpeningHours: {
    method: "post",
    path: "/api/staff/hours/detail",
    summary: "The shop's opening hours, in its own time zone",
    tag: "Staff",
    auth: true,
    staff: true,
    body: staffOpeningHoursBodySchema,
    data: openingHoursSchema,
  },
  staffSetOpeningHours: {
    method: "post",
    path: "/api/staff/hours/update",
    summary:
      "Set the shop's opening hours: as-soon-as-possible orders are taken only while it is open, and delivery windows and pickup times follow them",
    tag: "Staff",
    auth: true,
    staff: true,
    body: openingHoursSchema,
    data: openingHoursSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
