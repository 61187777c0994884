import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diskMediaStorage, isMediaKey } from "./media-storage.ts";

describe("the disk media storage", () => {
  it("keeps, answers and forgets a picture by key, with the type its name tells", async () => {
    const dir = await mkdtemp(join(tmpdir(), "stoa-media-"));
    const media = diskMediaStorage(dir);
    const bytes = new Uint8Array([1, 2, 3]);
    await media.put("shops/7/product-ab.webp", bytes, "image/webp");
    expect(await media.get("shops/7/product-ab.webp")).toEqual({ bytes, contentType: "image/webp" });
    // Written under a hidden name and renamed: no partial file is left beside it.
    expect(await readdir(join(dir, "shops", "7"))).toEqual(["product-ab.webp"]);
    await media.put("shops/7/product-ab.webp", new Uint8Array([9]), "image/webp");
    expect((await media.get("shops/7/product-ab.webp"))?.bytes).toEqual(new Uint8Array([9]));
    await media.delete("shops/7/product-ab.webp");
    expect(await media.get("shops/7/product-ab.webp")).toBeNull();
    await media.delete("shops/7/product-ab.webp");
    expect(await media.get("shops/7")).toBeNull();
  });

  it("refuses keys that could leave its folder and types its names do not tell", async () => {
    const media = diskMediaStorage(await mkdtemp(join(tmpdir(), "stoa-media-")));
    for (const key of ["../x.png", "shops/../../x.png", "/etc/passwd", ".hidden.png", "shops//x.png", ""])
      expect(isMediaKey(key), key).toBe(false);
    await expect(media.get("../x.png")).rejects.toThrow(/not a media key/);
    await expect(media.put("a.png", new Uint8Array([1]), "image/webp")).rejects.toThrow(/cannot be kept/);
    await expect(media.put("a.svg", new Uint8Array([1]), "image/svg+xml")).rejects.toThrow(/cannot be kept/);
    expect(await media.get("a.txt")).toBeNull();
  });
});
