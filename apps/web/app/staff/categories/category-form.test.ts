import type { StaffCategory } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { categoryFormBody, categoryFormText, categoryLines, parentChoices } from "./category-form.ts";

const category = (id: number, parentId: number | null, en: string): StaffCategory => ({
  id,
  parentId,
  slug: en.toLowerCase(),
  nameLocalizations: { en },
  sort: 0,
  isShow: true,
  isAvailable: true,
  layout: null,
  version: "v",
});

describe("the category form", () => {
  it("reads what was typed and checks it as the API does, errors on the form's names", () => {
    const form = new FormData();
    form.set("name-en", " Fruit ");
    form.set("name-ar", "فواكه");
    form.set("parentId", "4");
    form.set("layout", "vegetables");
    form.set("isShow", "on");
    const text = categoryFormText(form);
    expect(categoryFormBody(text)).toEqual({
      ok: true,
      data: {
        nameLocalizations: { en: "Fruit", ar: "فواكه" },
        parentId: 4,
        layout: "vegetables",
        isShow: true,
        isAvailable: false,
      },
    });
    const empty = categoryFormBody({ ...text, names: { en: "", ar: "", he: "" }, layout: "spiral" });
    expect(empty).toMatchObject({ ok: false, fields: { "name-en": "error-field-required" } });
    expect(empty.ok ? null : empty.fields.layout).toBeDefined();
  });

  it("indents the tree and never offers a category, or one below it, as its own parent", () => {
    const lines = categoryLines(
      [
        category(1, null, "Fruit"),
        category(2, 1, "Citrus"),
        category(3, 2, "Lemons"),
        category(4, null, "Bread"),
      ],
      "en",
    );
    expect(lines.map((l) => [l.name, l.depth])).toEqual([
      ["Fruit", 0],
      ["Citrus", 1],
      ["Lemons", 2],
      ["Bread", 0],
    ]);
    expect(parentChoices(lines, 1).map((l) => l.id)).toEqual([4]);
    expect(parentChoices(lines, 2).map((l) => l.id)).toEqual([1, 4]);
  });
});
