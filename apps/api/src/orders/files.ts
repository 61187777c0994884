import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";

export type DownloadFile = { body: ArrayBuffer; contentType: string };

/** Where the files of digital products are kept: read by store and by the name the product gives. */
export type DownloadFiles = { read(storeId: number, fileName: string): Promise<DownloadFile | null> };

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
 * Files under `<root>/<store id>/<file name>`: each shop's downloads in a folder of their own
 * (DATA_DIR/downloads by default). A name that is not a plain file name is never looked up.
 */
export function folderFiles(root: string): DownloadFiles {
  return {
    async read(storeId, fileName) {
      if (!FILE_NAME.test(fileName) || fileName.includes("..")) return null;
      try {
        const data = await readFile(join(root, String(storeId), fileName));
        const body = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
        return { body, contentType: contentTypeOf(fileName) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

/** Tries each source in turn: the shop's own folder first, then, say, the demo stores' generated files. */
export function firstFound(...sources: DownloadFiles[]): DownloadFiles {
  return {
    async read(storeId, fileName) {
      for (const source of sources) {
        const file = await source.read(storeId, fileName);
        if (file) return file;
      }
      return null;
    },
  };
}
