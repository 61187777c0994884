import { ERROR_MESSAGES } from "@stoa/contract";
import { describe, expect, it, vi } from "vitest";
import { loadedLocaleTexts, loadLocaleTexts, metaTexts } from "./locale-texts.ts";

describe("a language's texts", () => {
  it("are not there before they are loaded, then are the same object for every page", async () => {
    expect(loadedLocaleTexts("he")).toBeUndefined();
    const first = await loadLocaleTexts("he");
    expect(loadedLocaleTexts("he")).toBe(first);
    expect(await loadLocaleTexts("he")).toBe(first);
  });

  it("hold the storefront's texts and the contract's error catalogue of that language", async () => {
    const ar = await loadLocaleTexts("ar");
    const [key, message] = Object.entries(ERROR_MESSAGES.ar)[0] ?? [];
    expect(key && ar[key]).toBe(message);
    expect(ar["404-back-home"]).toBeTypeOf("string");
    expect(ar["404-back-home"]).not.toBe((await loadLocaleTexts("en"))["404-back-home"]);
  });

  it("give a page's meta the loaded language, or a loaded one in the instant of a switch", async () => {
    vi.resetModules();
    const fresh = await import("./locale-texts.ts");
    expect(() => fresh.metaTexts("en")).toThrow();
    const en = await fresh.loadLocaleTexts("en");
    expect(fresh.metaTexts("en")).toBe(en);
    expect(fresh.metaTexts("ar")).toBe(en);
    expect(metaTexts("ar")).toBe(await loadLocaleTexts("ar"));
  });
});
