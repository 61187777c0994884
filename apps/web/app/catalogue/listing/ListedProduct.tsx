import { effectivePrice, formatMoney, type ProductSummary, unitPrice } from "@stoa/contract";
import { Link } from "react-router";
import { cartLineFor } from "../../cart/cart-line.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { WholeWords } from "../../platform/ui/WholeWords.tsx";
import { useShop } from "../../shell/root-data.ts";
import { WishlistHeart } from "../../wishlist/WishlistHeart.tsx";
import { AddToCartButton } from "../product/AddToCartButton.tsx";
import {
  ChooseOptionsButton,
  ProductCard,
  productGridClass,
  QuickViewButton,
} from "../product/ProductCard.tsx";
import { productName } from "../product/product-name.ts";
import { stockLevel } from "../product/StockState.tsx";

export function useProductName(product: Pick<ProductSummary, "name" | "nameLocalizations">): string {
  return productName(product, useShop().locale);
}

/** The product's name as the link of its card; the link's box covers the card, so all of it is clickable. */
export function ProductLink({ product, className = "" }: { product: ProductSummary; className?: string }) {
  const name = useProductName(product);
  return (
    <Link
      to={`/products/${product.id}`}
      className={`after:absolute after:inset-0 after:content-[''] focus-visible:outline-none ${className}`}
    >
      <WholeWords text={name} />
    </Link>
  );
}

/** A product's picture at a fixed box; sold-out products are greyed. */
export function ProductPicture({
  product,
  width,
  height = width,
  sizes,
  priority = false,
  className = "",
}: {
  product: ProductSummary;
  width: number;
  height?: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const name = useProductName(product);
  const soldOut = stockLevel(product) === "out-of-stock";
  if (!product.image) return <div aria-hidden="true" className={`bg-stone-100 ${className}`} />;
  return (
    <StoaImage
      src={product.image.url}
      alt={product.image.alt || name}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      className={`object-cover ${soldOut ? "opacity-60 grayscale" : ""} ${className}`}
    />
  );
}

/**
 * The wishlist heart and quick view, lifted above the card's link so they get their own clicks.
 * In a row (dense list layouts, where the row itself is the quick look) only the heart is shown,
 * so a row still fits a 360 px phone.
 */
export function CardHeart({
  product,
  className = "",
  direction = "column",
}: {
  product: ProductSummary;
  className?: string;
  direction?: "column" | "row";
}) {
  return (
    <div className={`z-10 flex items-center gap-2 ${direction === "column" ? "flex-col" : ""} ${className}`}>
      <WishlistHeart product={product} compact />
      {/* On phones the card itself is the quick look: quick view would only cover more of the picture. */}
      {direction === "column" ? <QuickViewButton product={product} className="max-sm:hidden" /> : null}
    </div>
  );
}

/** Pack size as the shop typed it ("500 g", "6 × 330 ml"): left to right on any page. */

/** "4.00 / kg" next to a pack price, when the pack is a weight or a volume. */
export function PerUnitPrice({ product, className = "" }: { product: ProductSummary; className?: string }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  // A "From" price belongs to the cheapest of several packs or a dish before its extras, not to
  // the product's unit: per unit it would be a price of nothing on the shelf.
  const per =
    product.priceFrom === null
      ? unitPrice(product.unit, effectivePrice(product.price, product.salePrice))
      : null;
  if (!per) return null;
  return (
    <span className={`tabular-nums ${className}`} data-unit-price>
      <bdi dir="ltr">{formatMoney(per.amount, product.currency, locale)}</bdi>
      {" / "}
      {t(per.per === "kg" ? "listing.per-kg" : "listing.per-l")}
    </span>
  );
}

/** The shop's remark on a product ("Spicy", "Fits 2015–2020") as a small label. */
export function RemarkLabel({
  remarks,
  className = "",
}: {
  remarks: string | undefined;
  className?: string;
}) {
  if (!remarks) return null;
  return (
    <span
      className={`inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset ${className}`}
      data-remarks
    >
      {remarks}
    </span>
  );
}

/**
 * Adding from a list: a product with choices to make (a variation, a dish's options) is opened
 * instead, where they are made.
 */
export function ListAddButton({ product, className = "" }: { product: ProductSummary; className?: string }) {
  const { locale } = useShop();
  if (product.hasVariations || product.hasOptions) {
    return (
      <ChooseOptionsButton
        product={product}
        className={`border border-stone-300 bg-white text-stone-900 sm:px-4 hover:border-stone-400 hover:bg-stone-50 ${className}`}
      />
    );
  }
  return (
    <div className="relative z-10">
      <AddToCartButton product={product} line={() => cartLineFor(product, locale)} className={className} />
    </div>
  );
}

/** The shop's usual product cards in a grid, each with its wishlist heart under the quick-view button. */
export function ProductCardGrid({
  products,
  priorityCount = 0,
  className = productGridClass,
}: {
  products: ProductSummary[];
  priorityCount?: number;
  className?: string;
}) {
  return (
    <ul className={className}>
      {products.map((product, index) => (
        <li key={product.id} className="relative flex">
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
