import QRCode from "qrcode";

/**
 * A QR code as an SVG path drawn on the server: `size` modules a side (the quiet zone of four
 * modules the readers need is around it), each dark run of a row one rectangle. No script, no
 * image request, and it prints sharp at any size.
 */
export type QrDrawing = { size: number; path: string };

export const QR_QUIET_ZONE = 4;

export function qrDrawing(text: string): QrDrawing {
  // "M" keeps a code readable with a coffee stain on it, at a size a phone reads across a table.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const { size } = modules;
  const runs: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x += 1;
      runs.push(`M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size: size + 2 * QR_QUIET_ZONE, path: runs.join("") };
}
