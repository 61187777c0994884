import { z } from "zod";

/** The success code of every envelope (spec §3 "Generic API response"). */
export const SUCCESS_CODE = "0";

/** `{ code, msg, data }` — every answer of the store API has this shape. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), data });
}

export type Envelope<T> = { code: string; msg: string; data: T };

/**
 * `data` of an error answer: field errors are translation keys by field name. Some errors carry
 * what the caller needs to recover besides (a changed cart's new `calculation`); each domain
 * documents its own.
 */
export const errorDataSchema = z
  .object({
    errors: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .loose()
  .nullable();
export type ErrorData = z.infer<typeof errorDataSchema>;

export function isSuccess(envelope: { code: string }): boolean {
  return envelope.code === SUCCESS_CODE;
}
