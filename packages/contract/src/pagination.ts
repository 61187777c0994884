import { z } from "zod";
import { MAX_PAGE, MAX_PAGE_SIZE } from "./constants.ts";

/** Query `limit`/`page` of list calls; a bad value is a 400 with field errors, never a silent 500. */
export function paginationQuerySchema(defaultLimit: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  });
}
export type PaginationQuery = { limit: number; page: number };

/** `data: { records, current_page, last_page, per_page, total }` */
export function paginatedSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}
export type Paginated<T> = {
  records: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

export function paginate<T>(records: T[], total: number, { limit, page }: PaginationQuery): Paginated<T> {
  return {
    records,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    per_page: limit,
    total,
  };
}
