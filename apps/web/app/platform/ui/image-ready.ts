import { imageSources } from "./image.ts";

/**
 * Resolves once the browser holds, decoded, the picture a `StoaImage` with these props would show,
 * or once `within` milliseconds have passed, whichever comes first. It never fails: a picture that
 * cannot load is the image's own business, not a reason to hold the page. The sources are worked
 * out as StoaImage works them out, so the browser picks the same file and the image about to be
 * drawn finds it in memory. Outside a browser there is nothing to wait for.
 */
export function imageReady(
  image: { src: string; width: number; sizes?: string },
  within: number,
): Promise<void> {
  if (typeof Image === "undefined") return Promise.resolve();
  const { src, srcSet } = imageSources(image.src, image.width, image.sizes);
  const picture = new Image();
  picture.fetchPriority = "high";
  // Sizes and srcset before src, so the browser chooses from the set rather than fetching src.
  if (srcSet) {
    if (image.sizes) picture.sizes = image.sizes;
    picture.srcset = srcSet;
  }
  picture.src = src;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, within);
    picture
      .decode()
      .catch(() => undefined)
      .then(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
