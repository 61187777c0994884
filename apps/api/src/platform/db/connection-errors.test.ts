import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./connection-errors.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a server shutting down or ending the connection", withCode("terminating connection", "57P01")],
    ["a server starting", withCode("the database system is starting up", "57P03")],
    ["a broken connection (class 08)", withCode("connection failure", "08006")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["a refused socket", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a connection ended under a query", new Error("Connection terminated unexpectedly")],
    ["no connection within the pool's timeout", new Error("timeout exceeded when trying to connect")],
    [
      "a driver error wrapped by the query builder",
      new Error("Failed query: select 1", { cause: withCode("terminating connection", "57P01") }),
    ],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("duplicate key", "23505")],
    ["a syntax error", withCode("syntax error", "42601")],
    ["a serialization failure", withCode("could not serialize", "40001")],
    ["a plain error", new Error("something else")],
    ["not an error", "Connection terminated"],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
