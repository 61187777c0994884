import { preload } from "react-dom";
import { imageSources } from "./image.ts";

type StoaImageProps = {
  src: string;
  alt: string;
  /** Intrinsic size; reserves the space so the page does not shift while the image loads. */
  width: number;
  height: number;
  /** Layout width for the browser to pick from the srcset, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes?: string;
  /** The page's main (LCP) image: loaded at once, with high priority, and preloaded from the head. */
  priority?: boolean;
  className?: string;
};

/** An image served through the `/_image` optimiser with a responsive srcset. */
export function StoaImage({ src, alt, width, height, sizes, priority = false, className }: StoaImageProps) {
  const { src: url, srcSet } = imageSources(src, width, sizes);
  if (priority) {
    preload(url, { as: "image", imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: "high" });
  }
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      className={className}
    />
  );
}
