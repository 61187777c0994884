import { ERRORS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../platform/http/errors.ts";
import { nextStatus, TransitionRefused, type TransitionTable } from "./status-machine.ts";

type Light = "red" | "green";
const LIGHT: TransitionTable<Light, "go" | "stop"> = { red: { go: "green" }, green: { stop: "red" } };

describe("status machine", () => {
  it("answers a refused move as the envelope's TRANSITION_REFUSED, 409 with code 2001", () => {
    const refused = (() => {
      try {
        nextStatus("light", LIGHT, "red", "stop");
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      kind: "TRANSITION_REFUSED",
      machine: "light",
      from: "red",
      event: "stop",
    });
    expect(ERRORS.TRANSITION_REFUSED).toMatchObject({ code: "2001", status: 409 });
  });

  it("never takes a move from the object prototype", () => {
    const unknown = "constructor" as "go";
    expect(() => nextStatus("light", LIGHT, "red", unknown)).toThrow(TransitionRefused);
    expect(() => nextStatus("light", LIGHT, "toString" as Light, "go")).toThrow(TransitionRefused);
  });
});
