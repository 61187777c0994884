/**
 * A path in the API's media library: `/media/` then plain path segments. Percent-escapes, `..`,
 * empty segments, query strings and backslashes are all refused, so neither the optimiser nor the
 * media proxy can be steered to another path or host.
 */
const MEDIA_PATH = /^\/media\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_MEDIA_PATH_LENGTH = 512;

export function isMediaPath(value: string): boolean {
  return value.length <= MAX_MEDIA_PATH_LENGTH && MEDIA_PATH.test(value) && !value.includes("..");
}
