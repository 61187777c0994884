import { z } from "zod";
import { MAX_PAGE, MAX_PAGE_SIZE } from "./pagination.ts";

/** Query `limit`/`page` of list calls; a bad value is a 400 with field errors, never a silent 500. */
/** `limit` (at most `maxLimit`, MAX_PAGE_SIZE unless a list allows larger pages) and `page`. */
export function paginationQuerySchema(defaultLimit: number, maxLimit: number = MAX_PAGE_SIZE) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  });
}

/**
 * `data: { records, current_page, last_page, per_page, total, total_is_lower_bound }`; when
 * `total_is_lower_bound` is true there are more than `total` matches and `last_page` is the last
 * page counted so far.
 */
export function paginatedSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_is_lower_bound: z.boolean(),
  });
}
