// The package's public surface: `@stoa/contract` importers see one flat list of names, whichever
// folder a name lives in. Each domain's endpoint map is reached through the merged `endpoints`.
export * from "./account/constants.ts";
export { devMailbox } from "./account/endpoints.ts";
export * from "./account/schemas.ts";
export * from "./cart/saved-cart.ts";
export * from "./catalogue/add-ons.ts";
export * from "./catalogue/constants.ts";
export * from "./catalogue/schemas.ts";
export * from "./catalogue/stock.ts";
export * from "./catalogue/unit-price.ts";
export * from "./catalogue/variations.ts";
export * from "./endpoints.ts";
export * from "./platform/client.ts";
export * from "./platform/constants.ts";
export * from "./platform/endpoint-definition.ts";
export * from "./platform/envelope.ts";
export * from "./platform/errors.ts";
export * from "./platform/locale.ts";
export * from "./platform/money.ts";
export * from "./platform/openapi.ts";
export * from "./platform/pagination.ts";
export * from "./platform/views.ts";
export * from "./store/constants.ts";
export * from "./store/schemas.ts";
export * from "./wishlist/constants.ts";
export * from "./wishlist/schemas.ts";
