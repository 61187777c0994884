/** A product id as the product page's address takes it: a positive whole number, no leading zero. */
export const PRODUCT_ID = /^[1-9]\d{0,9}$/;

/** Where the browser asks for a product's "you may also like" shelf (decision 031). */
export const relatedProductsPath = (id: number) => `/products/${id}/related`;
