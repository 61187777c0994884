import { z } from "zod";
import { MAX_ID } from "./constants.ts";
import { FIELD_ERROR_KEYS } from "./errors.ts";

/**
 * Says "required" only of a number that is missing: a number that is there but too small, too
 * large or not whole is told so (a schema-wide message would name every problem "required").
 */
export const missingNumberIsRequired = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? FIELD_ERROR_KEYS.required : undefined),
};

/**
 * A row id as a JSON body sends it: a positive PostgreSQL integer (int4). Anything else is a field
 * error, never a query that fails.
 */
export const idSchema = z.number(missingNumberIsRequired).int().positive().max(MAX_ID);

/** The same id read from a path or a query string, where it arrives as text. */
export const idTextSchema = z.coerce.number(missingNumberIsRequired).int().positive().max(MAX_ID);
