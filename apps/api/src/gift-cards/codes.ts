import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * A gift card's code names its order line and unit and carries a signature of both by the shop's
 * gift-card key: ten bytes (line id 4, unit 1, signature 5) written as sixteen letters and digits of
 * Crockford's base 32, in groups of four ("7G2K-0M4X-QH9D-T1RS"). Nothing secret is stored; a
 * made-up code fails the signature (one chance in 2^40 per guess, and guesses are throttled).
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const MAC_BYTES = 5;
/** The most cards one line can carry: the unit is one byte. */
export const MAX_CARDS_PER_LINE = 255;

export type CardRef = { orderLineId: number; unit: number };

function mac(key: Buffer, storeId: number, ref: CardRef): Buffer {
  return createHmac("sha256", key)
    .update(`gift-card:${storeId}:${ref.orderLineId}:${ref.unit}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
      value &= (1 << bits) - 1;
    }
  }
  return Buffer.from(bytes);
}

/** The code of a card, as printed and mailed. */
export function giftCardCode(key: Buffer, storeId: number, ref: CardRef): string {
  const bytes = Buffer.alloc(5 + MAC_BYTES);
  bytes.writeUInt32BE(ref.orderLineId, 0);
  bytes.writeUInt8(ref.unit, 4);
  mac(key, storeId, ref).copy(bytes, 5);
  return toBase32(bytes).replace(/(.{4})(?=.)/g, "$1-");
}

/**
 * The card a typed code stands for, or null when it is none of this shop's. Spaces and dashes may be
 * anywhere, any case; the letters a shopper mistakes (O, I, L) are read as the digits they look like.
 */
export function cardOfCode(key: Buffer, storeId: number, typed: string): CardRef | null {
  const text = typed
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (text.length !== 16) return null;
  const bytes = fromBase32(text);
  if (!bytes || bytes.length !== 5 + MAC_BYTES) return null;
  const ref = { orderLineId: bytes.readUInt32BE(0), unit: bytes.readUInt8(4) };
  if (ref.orderLineId === 0 || ref.unit === 0) return null;
  return timingSafeEqual(bytes.subarray(5), mac(key, storeId, ref)) ? ref : null;
}
