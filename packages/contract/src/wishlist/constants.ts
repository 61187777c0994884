/** The most products a wishlist keeps, and the page the storefront asks for (spec §9). */
export const WISHLIST_LIMIT = 300;
