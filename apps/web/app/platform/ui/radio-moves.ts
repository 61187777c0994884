const ARROWS: ReadonlySet<string> = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

/**
 * Tells a radio button reached by an arrow key from one picked. Browsers move through a group of
 * radio buttons with the arrow keys by checking each one in turn, with the same click and change
 * events a press makes; a choice whose pick opens something (a dialog) must not open it for a
 * shopper who is only moving past it. The key is heard as it goes down, on the button being left;
 * the click that follows lands on the next one, before the key comes up.
 */
export function radioMoves() {
  let arrowDown = false;
  return {
    keyDown(key: string) {
      arrowDown = ARROWS.has(key);
    },
    keyUp() {
      arrowDown = false;
    },
    pointerDown() {
      arrowDown = false;
    },
    /** Whether the change being handled now came from an arrow key. */
    byArrow(): boolean {
      return arrowDown;
    },
  };
}
