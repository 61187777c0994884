/** Orders per page of `/orders` (spec §9). */
export const ORDER_PAGE_SIZE = 10;
