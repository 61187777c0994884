import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";

export type DownloadFile = { body: ArrayBuffer; contentType: string };

/** Where the files of digital products are kept: read by store and by the name the product gives. */
export type DownloadFiles = {
  read(storeId: number, fileName: string): Promise<DownloadFile | null>;
  /** The names a shop's products may download, for staff to pick one: its own folder's and the shared ones. */
  list(storeId: number): Promise<string[]>;
};

const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".svg": "image/svg+xml",
  ".zip": "application/zip",
  ".epub": "application/epub+zip",
};

export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? "application/octet-stream";
}

/** A plain file name: no folder, no way up, nothing hidden. */
const FILE_NAME = /^[\w][\w .()-]{0,199}$/;

/**
 * Files under `<root>/<store id>/<file name>`, each shop's in a folder of its own, else under
 * `<root>/<file name>`, shared (the demo shops' files are written there). A name that is not a plain
 * file name is never looked up.
 */
export function folderFiles(root: string): DownloadFiles {
  const readAt = async (path: string): Promise<ArrayBuffer | null> => {
    try {
      const data = await readFile(path);
      return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  const namesAt = async (path: string): Promise<string[]> => {
    try {
      const entries = await readdir(path, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && FILE_NAME.test(entry.name))
        .map((entry) => entry.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  };
  return {
    async list(storeId) {
      const [own, shared] = await Promise.all([namesAt(join(root, String(storeId))), namesAt(root)]);
      return [...new Set([...own, ...shared])].sort();
    },
    async read(storeId, fileName) {
      if (!FILE_NAME.test(fileName) || fileName.includes("..")) return null;
      const body =
        (await readAt(join(root, String(storeId), fileName))) ?? (await readAt(join(root, fileName)));
      return body ? { body, contentType: contentTypeOf(fileName) } : null;
    },
  };
}
