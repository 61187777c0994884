/**
 * The pages the browser measures load (first load, blocking time, Lighthouse): the home page, the
 * product listing, and the first product the listing links to, so the product page is one that
 * exists in whatever shop is measured.
 */
export async function shopPages(base: string): Promise<[name: string, path: string][]> {
  const listing = await (await fetch(`${base}/products`)).text();
  const product = /href="(\/products\/\d+)"/.exec(listing)?.[1];
  if (!product) throw new Error(`${base}/products links to no product`);
  return [
    ["home", "/"],
    ["listing", "/products"],
    ["product", product],
  ];
}
