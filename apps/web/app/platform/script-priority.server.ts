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

/**
 * Passes a page's HTML through, adding `fetchpriority="low"` to its module preloads, including one
 * whose tag is cut across two chunks: the last bytes that could begin a tag wait for the next chunk.
 */
export function lowPriorityScripts(): Transform {
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
      const bytes = held.length > 0 ? Buffer.concat([held, Buffer.from(chunk)]) : Buffer.from(chunk);
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = bytes.indexOf(PRELOAD, from); at !== -1; at = bytes.indexOf(PRELOAD, from)) {
        parts.push(bytes.subarray(from, at), LOW_PRIORITY_PRELOAD);
        from = at + PRELOAD.length;
      }
      // Keep back a tail that may be the start of a tag the next chunk finishes.
      let keep = 0;
      for (let n = Math.min(PRELOAD.length - 1, bytes.length - from); n > 0; n--) {
        if (bytes.subarray(bytes.length - n).equals(PRELOAD.subarray(0, n))) {
          keep = n;
          break;
        }
      }
      parts.push(bytes.subarray(from, bytes.length - keep));
      held = Buffer.from(bytes.subarray(bytes.length - keep));
      done(null, Buffer.concat(parts));
    },
    flush(done: TransformCallback) {
      done(null, held);
    },
  });
}
