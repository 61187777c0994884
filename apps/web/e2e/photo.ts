import sharp from "sharp";

/**
 * A photo as a phone takes it: a JPEG with a gradient, larger than the shop keeps. Its red is the
 * run's own, so a run after one that stopped half-way does not send the same picture again.
 */
export async function photo(red: number): Promise<Buffer> {
  const hue = (red + Date.now()) % 256;
  const width = 2000;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = hue;
      pixels[at + 1] = Math.round((x / width) * 255);
      pixels[at + 2] = Math.round((y / height) * 255);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
