/** Orders per page of `/orders` (spec §9). */
export const ORDER_PAGE_SIZE = 10;

/**
 * How long a guest's link opens its order after it was placed: long enough to follow a delivery
 * and ask for a refund, not a key to the shopper's name and address for ever after.
 */
export const GUEST_ORDER_LINK_DAYS = 90;
