import { Transform, type TransformCallback } from "node:stream";

/*
 * The page's scripts are fetched at low priority (decision 032). React Router preloads every module
 * a page runs with `<link rel="modulepreload">`, which browsers fetch at high priority, alongside
 * the page's stylesheet and its main picture: on a slow phone connection a page's 160 KB of
 * JavaScript then shares the line with the 5 KB banner the shopper is waiting to see. The page is
 * rendered on the server and reads without its scripts, so the scripts can wait for what shows:
 * each of those links gets `fetchpriority="low"`. React Router gives no way to set it, so it is
 * written into the HTML as it streams out.
 */

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

const EMPTY = Buffer.alloc(0);
const TAG_START = 0x3c; // "<"

/** A chunk as bytes, without copying the ones React hands over. */
function bytesOf(chunk: Buffer | Uint8Array | string): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk);
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * How many bytes at the end of `bytes` may begin a preload the next chunk finishes. Only the last
 * "<" can start one: the tag has no other.
 */
function tailToKeep(bytes: Buffer): number {
  const from = Math.max(0, bytes.length - (PRELOAD.length - 1));
  const at = bytes.lastIndexOf(TAG_START);
  if (at < from) return 0;
  const tail = bytes.subarray(at);
  return tail.equals(PRELOAD.subarray(0, tail.length)) ? tail.length : 0;
}

/**
 * Passes a page's HTML through, adding `fetchpriority="low"` to its module preloads, including one
 * whose tag is cut across two chunks: the last bytes that could begin a tag wait for the next chunk.
 * A chunk with neither (nearly all of them) goes on as it came.
 */
export function lowPriorityScripts(): Transform {
  let held: Buffer = EMPTY;
  return new Transform({
    transform(chunk: Buffer | Uint8Array | string, _encoding: BufferEncoding, done: TransformCallback) {
      const bytes = held.length > 0 ? Buffer.concat([held, bytesOf(chunk)]) : bytesOf(chunk);
      let at = bytes.indexOf(PRELOAD);
      const keep = tailToKeep(bytes);
      if (at === -1 && keep === 0) {
        held = EMPTY;
        done(null, bytes);
        return;
      }
      const parts: Buffer[] = [];
      let from = 0;
      for (; at !== -1; at = bytes.indexOf(PRELOAD, from)) {
        parts.push(bytes.subarray(from, at), LOW_PRIORITY_PRELOAD);
        from = at + PRELOAD.length;
      }
      const end = bytes.length - keep;
      parts.push(bytes.subarray(from, Math.max(from, end)));
      // Copied: the bytes held may be a view of React's buffer, which it writes over next.
      held = keep > 0 ? Buffer.from(bytes.subarray(end)) : EMPTY;
      done(null, Buffer.concat(parts));
    },
    flush(done: TransformCallback) {
      done(null, held);
    },
  });
}
