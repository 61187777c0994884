import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";

export type StoredImage = { body: Buffer; contentType: string };

type Entry = { file: string; bytes: number };

/** The content type lives in the file name's extension, so no side file is needed to serve a hit. */
const EXTENSIONS: Record<string, string> = {
  "image/avif": "avif",
  "image/webp": "webp",
  "image/png": "png",
  "image/jpeg": "jpeg",
};
const CONTENT_TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));
const FILE_NAME = /^([0-9a-f]{64})\.(avif|webp|png|jpeg)$/;
const TEMP_SUFFIX = ".tmp";
/** Temp files older than this were left by a crash; younger ones may be another process's write. */
const STALE_TEMP_MS = 60 * 60 * 1000;

function hashOf(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * Finished renders on disk, so a restart or deploy does not pay for them again. Files are named by
 * the sha256 of the cache key and written to a temp file first, then renamed: a crash can leave a
 * stray temp file but never a half image under a real name. Total size is capped by deleting the
 * least recently used files. The directory is listed once, on first use, to learn what is there and
 * how big it is; after that a running total is kept, so no request ever lists the directory.
 *
 * Disk trouble (read-only volume, full disk, a file deleted under us) only costs a re-render: it
 * never fails a request.
 */
export class DiskImageCache {
  /** Oldest first: Map keeps insertion order and a hit re-inserts its entry. */
  #index: Promise<Map<string, Entry>> | undefined;
  #bytes = 0;
  #usable = true;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /** Bytes of renders on disk as far as this process knows; for tests and diagnostics. */
  get bytes(): number {
    return this.#bytes;
  }

  async get(key: string): Promise<StoredImage | undefined> {
    const index = await this.#load();
    const hash = hashOf(key);
    const entry = index.get(hash);
    if (!entry) return undefined;
    const path = join(this.dir, entry.file);
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      this.#forget(index, hash, entry);
      return undefined;
    }
    index.delete(hash);
    index.set(hash, entry);
    // The new modification time keeps this file's recency across a restart; losing it is harmless.
    const now = new Date();
    utimes(path, now, now).catch(() => {});
    const ext = entry.file.slice(entry.file.lastIndexOf(".") + 1);
    return { body, contentType: CONTENT_TYPES[ext] ?? "application/octet-stream" };
  }

  async set(key: string, image: StoredImage): Promise<void> {
    const ext = EXTENSIONS[image.contentType];
    const bytes = image.body.byteLength;
    if (!ext || bytes > this.maxBytes) return;
    const index = await this.#load();
    if (!this.#usable) return;
    const hash = hashOf(key);
    const file = `${hash}.${ext}`;
    if (!(await this.#writeAtomically(file, image.body))) return;
    const previous = index.get(hash);
    if (previous) {
      this.#forget(index, hash, previous);
      if (previous.file !== file) await rm(join(this.dir, previous.file), { force: true }).catch(() => {});
    }
    index.set(hash, { file, bytes });
    this.#bytes += bytes;
    await this.#evict(index);
  }

  async #writeAtomically(file: string, body: Buffer): Promise<boolean> {
    const temp = join(this.dir, `${file}.${randomUUID()}${TEMP_SUFFIX}`);
    try {
      await writeFile(temp, body);
      await rename(temp, join(this.dir, file));
      return true;
    } catch {
      await rm(temp, { force: true }).catch(() => {});
      return false;
    }
  }

  #forget(index: Map<string, Entry>, hash: string, entry: Entry): void {
    if (index.get(hash) !== entry) return;
    index.delete(hash);
    this.#bytes -= entry.bytes;
  }

  async #evict(index: Map<string, Entry>): Promise<void> {
    const doomed: string[] = [];
    for (const [hash, entry] of index) {
      if (this.#bytes <= this.maxBytes) break;
      this.#forget(index, hash, entry);
      doomed.push(entry.file);
    }
    await Promise.all(doomed.map((file) => rm(join(this.dir, file), { force: true }).catch(() => {})));
  }

  #load(): Promise<Map<string, Entry>> {
    this.#index ??= this.#scan();
    return this.#index;
  }

  async #scan(): Promise<Map<string, Entry>> {
    const index = new Map<string, Entry>();
    let names: string[];
    try {
      await mkdir(this.dir, { recursive: true });
      names = await readdir(this.dir);
    } catch (error) {
      this.#usable = false;
      console.warn(`Image cache directory ${this.dir} is not usable; renders stay in memory only`, error);
      return index;
    }
    const found = await Promise.all(names.map((name) => this.#inspect(name)));
    const entries = found.filter((item) => item !== undefined).sort((a, b) => a.modified - b.modified);
    for (const { hash, file, bytes } of entries) {
      index.set(hash, { file, bytes });
      this.#bytes += bytes;
    }
    await this.#evict(index);
    return index;
  }

  /** A cached render found by the scan, or undefined; stale temp files from a crash are removed. */
  async #inspect(name: string) {
    const path = join(this.dir, name);
    try {
      const match = FILE_NAME.exec(name);
      if (match?.[1]) {
        const info = await stat(path);
        if (info.isFile()) return { hash: match[1], file: name, bytes: info.size, modified: info.mtimeMs };
      } else if (name.endsWith(TEMP_SUFFIX)) {
        const info = await stat(path);
        if (Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
      }
    } catch {
      // Vanished between listing and stat (another process evicted it): nothing to count.
    }
    return undefined;
  }
}
