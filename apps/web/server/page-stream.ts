import type { Writable } from "node:stream";

/** The response as the compression middleware leaves it: `flush` sends what its zlib stream holds. */
type PageResponse = Writable & { flush?: () => void };

/** What a render has ready at once goes out in writes of at most this much. */
const MOST_HELD_BYTES = 64 * 1024;

const PAUSED = Symbol("paused");
const nextTurn = () => new Promise<typeof PAUSED>((resolve) => setImmediate(resolve, PAUSED));

/**
 * Writes a rendered page's stream to the response, holding together what the render has ready at
 * once and flushing only when it pauses (waiting for data of a deferred part) or ends. React
 * hands its HTML over in pieces of a few kilobytes, and React Router's own writer flushed the
 * compression after every piece: each flush compresses and frames its piece alone, which was a
 * tenth of a fresh render's CPU and a worse ratio. A streamed part still reaches the shopper as
 * soon as it is rendered. Backpressure is kept; a shopper who leaves cancels the render.
 */
export async function writePageStream(stream: ReadableStream<Uint8Array>, res: PageResponse): Promise<void> {
  const reader = stream.getReader();
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  const closed = new Promise<never>((_, reject) => {
    const gone = () => {
      if (!res.writableFinished) reject(new Error("the shopper left before the page was sent"));
    };
    res.once("close", gone);
  });
  closed.catch(() => {});

  async function send(flush: boolean): Promise<void> {
    if (heldBytes > 0) {
      const chunk = held.length === 1 ? (held[0] as Uint8Array) : Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      const more = res.write(chunk);
      if (flush) res.flush?.();
      if (!more) await Promise.race([new Promise((resolve) => res.once("drain", resolve)), closed]);
    } else if (flush) res.flush?.();
  }

  try {
    for (;;) {
      const read = reader.read();
      let result = await Promise.race([read, nextTurn(), closed]);
      if (result === PAUSED) {
        await send(true);
        result = await Promise.race([read, closed]);
      }
      if (result.done) break;
      held.push(result.value);
      heldBytes += result.value.byteLength;
      if (heldBytes >= MOST_HELD_BYTES) await send(false);
    }
    await send(false);
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    if (!res.destroyed) res.destroy(error as Error);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
