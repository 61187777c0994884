/** Keys remembered at most; keys sent by strangers (unknown hosts) cannot grow the map without bound. */
const MAX_REMEMBERED = 10_000;

/**
 * `load` remembered per key for `freshMs`: what every request needs and a shop changes rarely
 * (its store row, checkout settings, card provider accounts) is read once per moment, and a change
 * reaches every API process within `freshMs`. 0 loads on every call. The promise itself is kept, so
 * concurrent calls for a key share one read; a failed read is forgotten at once.
 */
export function remembered<K, V>(
  load: (key: K) => Promise<V>,
  freshMs: number,
  now: () => number = () => performance.now(),
): (key: K) => Promise<V> {
  if (freshMs <= 0) return load;
  const kept = new Map<K, { until: number; value: Promise<V> }>();
  return (key) => {
    const known = kept.get(key);
    if (known && known.until > now()) return known.value;
    kept.delete(key);
    if (kept.size >= MAX_REMEMBERED) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    const value = load(key);
    kept.set(key, { until: now() + freshMs, value });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
