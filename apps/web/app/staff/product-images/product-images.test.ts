import type { StaffProductImage } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { pictureIntentOf, picturesAfter } from "./product-images.ts";

const picture = (url: string): StaffProductImage => ({
  url,
  width: 10,
  height: 10,
  altLocalizations: { en: url },
});
const three = [picture("a"), picture("b"), picture("c")];
const urls = (list: { url: string }[] | null) => list?.map((image) => image.url);

describe("a change to a product's pictures", () => {
  it("makes one the main, moves it, removes it, describes it", () => {
    expect(urls(picturesAfter(three, "main", "c"))).toEqual(["c", "a", "b"]);
    expect(urls(picturesAfter(three, "up", "b"))).toEqual(["b", "a", "c"]);
    expect(urls(picturesAfter(three, "up", "a"))).toEqual(["a", "b", "c"]);
    expect(urls(picturesAfter(three, "down", "b"))).toEqual(["a", "c", "b"]);
    expect(urls(picturesAfter(three, "down", "c"))).toEqual(["a", "b", "c"]);
    expect(urls(picturesAfter(three, "remove", "a"))).toEqual(["b", "c"]);
    expect(picturesAfter(three, "alt", "b", { en: "Side", ar: "جانب", he: "" })?.[1]).toEqual({
      url: "b",
      altLocalizations: { en: "Side", ar: "جانب", he: "" },
    });
  });

  it("is none when the picture is gone, and only known intents are taken", () => {
    expect(picturesAfter(three, "remove", "z")).toBeNull();
    expect(pictureIntentOf("up")).toBe("up");
    expect(pictureIntentOf("drop")).toBeNull();
    expect(pictureIntentOf(null)).toBeNull();
  });
});
