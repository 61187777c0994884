import type { ProductSummary } from "@stoa/contract";
import { Link } from "react-router";
import { cartLineFor } from "../../cart/cart-line.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { SpriteIcon } from "../../platform/ui/icon-sprite.tsx";
import { EyeIcon, OptionsIcon } from "../../platform/ui/icons.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { WholeWords } from "../../platform/ui/WholeWords.tsx";
import { CardRating } from "../../reviews/Stars.tsx";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import { useShop } from "../../shell/root-data.ts";
import { WishlistHeart } from "../../wishlist/WishlistHeart.tsx";
import { AddToCartButton } from "./AddToCartButton.tsx";
import { DiscountBadge, ListedPrice } from "./Price.tsx";
import { productName } from "./product-name.ts";
import { StockState, stockLevel } from "./StockState.tsx";
import { UnitText } from "./UnitText.tsx";

export const PRODUCT_CARD_SIZES =
  "(min-width: 1280px) 18rem, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";
/**
 * The widest a card's picture is drawn: about a third of a 1,023 px window (PRODUCT_CARD_SIZES), so
 * its srcset stops at 750 px, twice that. Each width more is some 60 bytes on every card of a page.
 */
const CARD_IMAGE_SIZE = 360;

/**
 * A product with variations or a dish with add-ons cannot go straight into the cart: its card opens
 * the modal where the shopper chooses (SELECT_PRODUCT_VARIATION, RESTAURANT_OPTION).
 */
export function ChooseOptionsButton({
  product,
  className = "w-full bg-stone-950 text-white hover:bg-stone-800",
}: {
  product: ProductSummary;
  className?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { openModal } = useModal();
  return (
    // A link to the product's page, where the choices work without scripts (decision 047); with
    // them, the choices open over the listing.
    <Link
      to={`/products/${product.id}`}
      onClick={(event) => {
        event.preventDefault();
        if (product.hasVariations) openModal("SELECT_PRODUCT_VARIATION", String(product.id));
        else openModal("RESTAURANT_OPTION", product);
      }}
      className={`card-action ${className}`}
      aria-label={t("variations.choose-options-for", { name: productName(product, locale) })}
      aria-haspopup="dialog"
      data-choose-options={product.hasVariations ? "variation" : "restaurant"}
    >
      <OptionsIcon className={null} />
      <span>{t("variations.choose-options")}</span>
    </Link>
  );
}

/** In a car-parts shop, "check fit" opens CARPART with the part's fitment and the fit check. */
export function CheckFitButton({ product, className = "" }: { product: ProductSummary; className?: string }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { openModal } = useModal();
  return (
    <button
      type="button"
      onClick={() => openModal("CARPART", product)}
      className={className ? `card-action card-action-quiet ${className}` : "card-action card-action-quiet"}
      aria-label={t("carpart.check-fit-of", { name: productName(product, locale) })}
      data-check-fit-card
    >
      <SpriteIcon name="car" className={null} />
      <span>{t("carpart.check-fit")}</span>
    </button>
  );
}

/** Quick view: the product in PRODUCT_DETAILS without leaving the list. */
export function QuickViewButton({
  product,
  className = "",
}: {
  product: ProductSummary;
  className?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { openModal } = useModal();
  return (
    <button
      type="button"
      onClick={() => openModal("PRODUCT_DETAILS", product)}
      className={className ? `picture-button quick-view ${className}` : "picture-button quick-view"}
      aria-label={t("product.quick-view-of", { name: productName(product, locale) })}
    >
      <EyeIcon className={null} />
    </button>
  );
}

/**
 * A product in a grid: the whole card links to the product; quick view opens PRODUCT_DETAILS, and
 * in a car-parts shop "check fit" opens CARPART.
 */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const { locale, store } = useShop();
  const name = productName(product, locale);
  const soldOut = stockLevel(product) === "out-of-stock";
  return (
    <article
      // A car-parts shop's cards carry "check fit" under the cart button: a taller stand-in (app.css).
      className={
        store.vertical === "carparts"
          ? "product-card group [--card-block-size:28.5rem] sm:[--card-block-size:33rem] lg:[--card-block-size:34rem] xl:[--card-block-size:37.25rem]"
          : "product-card group"
      }
      data-product-card={product.id}
    >
      <div className="product-card-media">
        {product.image ? (
          <StoaImage
            src={product.image.url}
            alt={product.image.alt || name}
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            sizes={PRODUCT_CARD_SIZES}
            priority={priority}
            className={soldOut ? "product-card-image opacity-60 grayscale" : "product-card-image"}
          />
        ) : null}
        <DiscountBadge product={product} className="absolute start-3 top-3" />
        {/* On phones the heart alone, small: the whole card opens the product, quick view adds nothing. */}
        <div className="product-card-corner">
          <WishlistHeart product={product} compact />
          <QuickViewButton product={product} />
        </div>
      </div>
      <div className="product-card-body">
        {product.brand ? (
          <p dir="auto" className="product-card-brand">
            {product.brand}
          </p>
        ) : null}
        <h3 className="product-card-name">
          <Link to={`/products/${product.id}`} className="card-link">
            <WholeWords text={name} />
          </Link>
        </h3>
        <CardRating rating={product.rating} />
        {product.unit ? <UnitText unit={product.unit} className="product-card-unit block" /> : null}
        {product.remarks ? (
          <p className="line-clamp-1 text-xs font-medium text-brand" data-remarks>
            {product.remarks}
          </p>
        ) : null}
        <div className="product-card-foot">
          <ListedPrice product={product} />
          {product.hasVariations ? null : <StockState product={product} />}
        </div>
        <div className="product-card-actions">
          {product.hasVariations || product.hasOptions ? (
            <ChooseOptionsButton product={product} />
          ) : (
            <AddToCartButton product={product} line={() => cartLineFor(product, locale)} size="sm" />
          )}
          {store.vertical === "carparts" && product.hasFitment ? <CheckFitButton product={product} /> : null}
        </div>
      </div>
    </article>
  );
}

/** The columns of a grid of product cards: two on a phone, three, then four. */
export const productGridColumns = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4";

/** The grid of product cards, and a card's usual height in each of its columns (app.css). */
export const productGridClass = `${productGridColumns} [--card-block-size:24.5rem] sm:[--card-block-size:29rem] lg:[--card-block-size:30rem] xl:[--card-block-size:33rem]`;

export function ProductGrid({
  products,
  priorityCount = 0,
}: {
  products: ProductSummary[];
  priorityCount?: number;
}) {
  return (
    <ul className={productGridClass}>
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
