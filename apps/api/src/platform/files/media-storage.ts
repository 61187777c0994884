import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/*
 * Where the pictures shops upload are kept (a logo, product images): a few bytes under a key such
 * as `shops/12/logo-<hash>.png`, with their content type. The disk store below keeps them under
 * `<DATA_DIR>/media`; a shop run on several machines would keep them in an object store (S3 and
 * the like) behind this same interface, nothing else changing (decision 063).
 */

/** A picture as kept: its bytes and the type it is answered with. */
export type StoredMedia = { bytes: Uint8Array; contentType: string };

export interface MediaStorage {
  /** Keeps the bytes under the key, whole: a reader finds the old bytes, or none, or all the new. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under the key, or null when none are kept. */
  get(key: string): Promise<StoredMedia | null>;
  /** Forgets the key; forgetting one that is not kept is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * A key is slash-separated names of letters, digits, `.`, `_` and `-`, none starting with a dot:
 * no `..`, no hidden or partial files, nothing outside the store's folder whatever a caller passes.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

/** The types the disk store answers by a file's extension (it keeps no other record of them). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

function extensionOf(key: string): string {
  return key.slice(key.lastIndexOf(".") + 1).toLowerCase();
}

/**
 * The disk store: each key a file under `dir`. A file is written under a hidden name first and
 * renamed into place, so a picture being served is never half written. The content type is told by
 * the key's extension, so a key must end in one the store knows.
 */
export function diskMediaStorage(dir: string): MediaStorage {
  const pathOf = (key: string) => join(dir, checkedKey(key));
  return {
    async put(key, bytes, contentType) {
      const known = TYPE_BY_EXTENSION[extensionOf(checkedKey(key))];
      if (known !== contentType) throw new Error(`${key} cannot be kept as ${contentType}`);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A name of the write's own: two uploads of one picture at once never share a half-written file.
      const partial = join(dirname(path), `.${key.slice(key.lastIndexOf("/") + 1)}.${randomUUID()}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      const contentType = TYPE_BY_EXTENSION[extensionOf(checkedKey(key))];
      if (!contentType) return null;
      const bytes = await readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EISDIR" || error.code === "ENOTDIR") return null;
        throw error;
      });
      return bytes ? { bytes: new Uint8Array(bytes), contentType } : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
