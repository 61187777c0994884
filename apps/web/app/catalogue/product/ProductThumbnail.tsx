import type { ReactNode } from "react";
import { Link } from "react-router";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";

/**
 * The small square picture of a product beside its name: in search suggestions, the wishlist and
 * the product dialogs (and next in cart, checkout and order lines). The picture is decorative, the
 * name beside it says what it is; without an image the frame stays, so lines keep their shape.
 */
export function ProductThumbnail({
  image,
  size,
  className,
  to,
  children,
}: {
  image: { url: string } | null | undefined;
  /** The width it is drawn at, in CSS pixels: 48 in suggestions, 96 in dialogs and lists of saved products. */
  size: 48 | 96;
  /** The frame's own size, corners and place. */
  className: string;
  /**
   * The product page, when the picture also leads there: a second way beside the name's own link,
   * so it is skipped by the keyboard and by screen readers.
   */
  to?: string;
  /** Badges drawn over the picture. */
  children?: ReactNode;
}) {
  const frame = `overflow-hidden bg-stone-100 ${className}`;
  const picture = image ? (
    <StoaImage
      src={image.url}
      alt=""
      width={size}
      height={size}
      sizes={`${size}px`}
      className="size-full object-cover"
    />
  ) : null;
  if (to) {
    return (
      <Link to={to} tabIndex={-1} aria-hidden="true" className={frame}>
        {picture}
        {children}
      </Link>
    );
  }
  return (
    <span className={frame}>
      {picture}
      {children}
    </span>
  );
}
