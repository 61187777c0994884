/** How often the orders list asks for new orders while it is on screen. */
export const ORDERS_POLL_MS = 10_000;

/** Where the console remembers whether a new order makes a sound (this browser only). */
export const ORDER_SOUND_KEY = "stoa-staff-order-sound";

/** The sound is on unless the staff turned it off on this browser. */
export function soundOn(stored: string | null): boolean {
  return stored !== "off";
}

/**
 * The orders of a fresh read of the list that arrived since the list was last seen: those with an
 * id above the highest seen (ids only grow). Answers them newest first and the new highest id.
 */
export function arrivals(seenMax: number, ids: readonly number[]): { fresh: number[]; seenMax: number } {
  const fresh = ids.filter((id) => id > seenMax);
  return { fresh, seenMax: Math.max(seenMax, ...ids) };
}

/** The highest order id of a list, or 0 for an empty one. */
export function highestId(ids: readonly number[]): number {
  return Math.max(0, ...ids);
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

/**
 * A short two-note chime made by the browser (no sound file to fetch). Browsers let a page play
 * sound only after the person interacted with it; before that the chime is silently skipped.
 */
export function chime(): void {
  const Context: AudioContextClass | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === "suspended") void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const [index, frequency] of [880, 1320].entries()) {
      const at = start + index * 0.16;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.3);
    }
  } catch {
    // No sound is no failure: the highlight and the announcement still say it.
  }
}
