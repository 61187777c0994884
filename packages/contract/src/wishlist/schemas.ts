import { z } from "zod";
import { productSummarySchema } from "../catalogue/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema } from "../platform/ids.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import { WISHLIST_LIMIT } from "./constants.ts";

/** Wishlist record of spec §3 (id, productId), with the product to show beside it. */
export const wishlistRecordSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  product: productSummarySchema,
  createTime: z.string(),
});
export type WishlistRecord = z.infer<typeof wishlistRecordSchema>;

export const wishlistQuerySchema = paginationQuerySchema(WISHLIST_LIMIT);
export const wishlistPageSchema = paginatedSchema(wishlistRecordSchema);

export const wishlistAddBodySchema = z.object({
  productId: idSchema,
});

/** `DELETE api/wishlist?idList=3,7`: record ids, comma separated, at most one page of them. */
export const wishlistDeleteQuerySchema = z.object({
  idList: z
    .string(FIELD_ERROR_KEYS.required)
    .regex(/^\d{1,10}(,\d{1,10}){0,299}$/, FIELD_ERROR_KEYS.invalid)
    .transform((list) => [...new Set(list.split(",").map(Number))]),
});
export const wishlistDeleteResultSchema = z.object({ deleted: z.number().int() });
