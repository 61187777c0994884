import { describe, expect, it } from "vitest";
import { radioMoves } from "./radio-moves.ts";

describe("radioMoves: a radio button reached by an arrow key, or picked", () => {
  it("takes a change while an arrow key is down for a move", () => {
    const moves = radioMoves();
    for (const key of ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]) {
      moves.keyDown(key);
      expect(moves.byArrow(), key).toBe(true);
      moves.keyUp();
      expect(moves.byArrow()).toBe(false);
    }
  });

  it("takes Space, Enter and a pointer's press for picks", () => {
    const moves = radioMoves();
    moves.keyDown(" ");
    expect(moves.byArrow()).toBe(false);
    moves.keyDown("ArrowDown");
    moves.keyDown("Enter");
    expect(moves.byArrow()).toBe(false);
    moves.keyDown("ArrowDown");
    moves.pointerDown();
    expect(moves.byArrow()).toBe(false);
  });

  it("starts with nothing pressed", () => {
    expect(radioMoves().byArrow()).toBe(false);
  });
});
