import { TABLE_CODE_PATTERN } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { tableCode, tableCodeHash } from "./table-codes.ts";

const key = Buffer.alloc(32, 7);
const table = { storeId: 3, id: 12, codeVersion: 1 };

describe("a table's code", () => {
  it("is 43 base64url characters, the same every time it is made again", () => {
    const code = tableCode(key, table);
    expect(code).toMatch(TABLE_CODE_PATTERN);
    expect(tableCode(key, { ...table })).toBe(code);
  });

  it("differs by version, table, store and key", () => {
    const code = tableCode(key, table);
    const others = [
      tableCode(key, { ...table, codeVersion: 2 }),
      tableCode(key, { ...table, id: 13 }),
      tableCode(key, { ...table, storeId: 4 }),
      tableCode(Buffer.alloc(32, 8), table),
    ];
    expect(new Set([code, ...others]).size).toBe(5);
  });

  it("is kept as its SHA-256 only", () => {
    const code = tableCode(key, table);
    expect(tableCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(tableCodeHash(code)).not.toContain(code);
  });
});
