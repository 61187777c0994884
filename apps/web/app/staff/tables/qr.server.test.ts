import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { QR_QUIET_ZONE, qrDrawing } from "./qr.server.ts";

const LINK = "http://restaurant.localhost:3000/menu?table=jCGVNV9a0eBXXeQ50hfRtdPRp20-ABkcoF8glQWD_fg";

/** The dark modules the path draws, read back from its rectangles. */
function darkOf(path: string): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let i = 0; i < Number(w); i++)
      dark.add(`${Number(x) + i - QR_QUIET_ZONE},${Number(y) - QR_QUIET_ZONE}`);
  return dark;
}

describe("a table's QR code drawing", () => {
  it("draws exactly the code's dark modules, inside a quiet zone of four", () => {
    const drawing = qrDrawing(LINK);
    const { modules } = QRCode.create(LINK, { errorCorrectionLevel: "M" });
    expect(drawing.size).toBe(modules.size + 2 * QR_QUIET_ZONE);
    const expected = new Set<string>();
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) expected.add(`${x},${y}`);
    expect(darkOf(drawing.path)).toEqual(expected);
  });

  it("differs for another table's link", () => {
    expect(qrDrawing(`${LINK}x`).path).not.toBe(qrDrawing(LINK).path);
  });
});
