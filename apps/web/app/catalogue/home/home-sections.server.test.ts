import { HOME_SECTION_SIZE, type ProductSummary } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import type { StoreApi } from "../../platform/api/store-api.server.ts";
import { firstHomeRails, laterHomeRails } from "./home-sections.server.ts";

const products = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i }) as ProductSummary);
const ids = (rail: { products: ProductSummary[] }) => rail.products.map((p) => p.id);

/** A store API answering each home source with the products given, and counting what it was asked. */
function storeApiWith(answers: {
  hot: ProductSummary[];
  deals: ProductSummary[];
  recommended: ProductSummary[];
}) {
  const asked: string[] = [];
  const records: Record<string, unknown> = {
    productHot: { records: answers.hot },
    productSearch: { records: answers.deals },
    productRecommend: { records: answers.recommended },
    collectionSearch: {
      records: [{ slug: "fish", name: "Fish", description: "From the sea", products: products(300, 8) }],
    },
    storeImageSearch: [],
  };
  const api = {
    pageAnswer: async (name: string) => {
      asked.push(name);
      return { ok: true, data: records[name] };
    },
  };
  return { storeApi: api as unknown as StoreApi, asked };
}

describe("the home page's rails, first and later", () => {
  it("renders best sellers with the page and leaves their products out of the rails below", async () => {
    const sources = { hot: products(1, 16), deals: products(1, 20), recommended: products(100, 16) };
    const first = storeApiWith(sources);
    const [rail] = await firstHomeRails(first.storeApi);
    expect(first.asked).toEqual(["productHot"]);
    expect(rail?.key).toBe("best-sellers");
    expect(ids(rail as never)).toEqual(products(1, HOME_SECTION_SIZE).map((p) => p.id));

    const later = await laterHomeRails(storeApiWith(sources).storeApi);
    expect(later.map((r) => r.key)).toEqual(["weekly-deals", "recommended", "collection-fish"]);
    // Deals 1–8 are best sellers above them: the rail goes on from 9.
    expect(ids(later[0] as never)).toEqual(products(9, HOME_SECTION_SIZE).map((p) => p.id));
    expect(later[2]?.collection).toEqual({ name: "Fish", description: "From the sea" });
  });

  it("starts the later rails with the next one when the shop has too few best sellers for a rail", async () => {
    const sources = { hot: products(1, 2), deals: products(1, 10), recommended: products(100, 16) };
    expect(await firstHomeRails(storeApiWith(sources).storeApi)).toEqual([]);
    const later = await laterHomeRails(storeApiWith(sources).storeApi);
    expect(later.map((r) => r.key)).toEqual(["weekly-deals", "recommended", "collection-fish"]);
    expect(ids(later[0] as never)).toEqual(products(1, HOME_SECTION_SIZE).map((p) => p.id));
  });
});
