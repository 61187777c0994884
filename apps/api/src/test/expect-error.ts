import { ERRORS, type ErrorName } from "@stoa/contract";
import { expect } from "vitest";
import type { CallResult } from "./harness.ts";

/** The call was refused with this error of the contract: its HTTP status and its code (spec §8). */
export function expectError(result: CallResult, kind: ErrorName): void {
  expect({ status: result.status, code: result.json.code }, JSON.stringify(result.json)).toEqual({
    status: ERRORS[kind].status,
    code: ERRORS[kind].code,
  });
}
