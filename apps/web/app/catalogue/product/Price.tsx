import { discountPercent, effectivePrice, formatMoney, type ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";

type PriceProps = { product: Pick<ProductSummary, "price" | "salePrice" | "currency">; size?: "md" | "lg" };

/**
 * The price to pay; on sale, the original struck through next to it. Amounts are isolated (`bdi`)
 * and written left to right, so a right-to-left page does not reorder "US$" and the digits.
 */
export function Price({ product, size = "md" }: PriceProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const now = effectivePrice(product.price, product.salePrice);
  const onSale = now < product.price;
  const format = (amount: number) => formatMoney(amount, product.currency, locale);
  return (
    <p className="price" data-price>
      <span className={`price-now${size === "lg" ? " text-3xl" : ""}${onSale ? " text-red-700" : ""}`}>
        {onSale ? <span className="sr-only">{t("product.price-now")} </span> : null}
        <bdi dir="ltr">{format(now)}</bdi>
      </span>
      {onSale ? (
        <del className={size === "lg" ? "price-was text-lg" : "price-was"} data-price-was>
          <span className="sr-only">{t("product.price-was")} </span>
          <bdi dir="ltr">{format(product.price)}</bdi>
        </del>
      ) : null}
    </p>
  );
}

/**
 * "From $11.50": the lowest a shopper can pay for a product whose choices change its price (the
 * contract's `priceFrom`). "From" is a word apart from the amount, so the amount stays left to right.
 * On sale, the regular "From" (`regularPriceFrom`) is struck through beside it, read out as "was".
 */
export function PriceFrom({
  amount,
  regular = null,
  currency,
  size = "md",
}: {
  amount: number;
  regular?: number | null;
  currency: string;
  size?: "md" | "lg";
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const onSale = regular !== null && regular > amount;
  const format = (value: number) => formatMoney(value, currency, locale);
  return (
    <p className="price" data-price data-price-from>
      <span className={`price-now${size === "lg" ? " text-3xl" : ""}${onSale ? " text-red-700" : ""}`}>
        <span className="price-from">{t("variations.price-from")}</span>{" "}
        {onSale ? <span className="sr-only">{t("product.price-now")} </span> : null}
        <bdi dir="ltr">{format(amount)}</bdi>
      </span>
      {onSale ? (
        <del className={size === "lg" ? "price-was text-lg" : "price-was"} data-price-was>
          <span className="sr-only">{t("product.price-was")} </span>
          <bdi dir="ltr">{format(regular)}</bdi>
        </del>
      ) : null}
    </p>
  );
}

/**
 * A listed product's price, the same in every listing layout, rail, search and wishlist: "From" its
 * lowest price when its choices change what it costs, else its price with any sale; a sale always
 * beside the regular price it lowers.
 */
export function ListedPrice({
  product,
  size = "md",
}: {
  product: Pick<ProductSummary, "price" | "salePrice" | "currency" | "priceFrom" | "regularPriceFrom">;
  size?: "md" | "lg";
}) {
  return product.priceFrom !== null ? (
    <PriceFrom
      amount={product.priceFrom}
      regular={product.regularPriceFrom}
      currency={product.currency}
      size={size}
    />
  ) : (
    <Price product={product} size={size} />
  );
}

/** "-20%" on products that are on sale. */
export function DiscountBadge({
  product,
  className = "",
}: {
  product: Pick<ProductSummary, "price" | "salePrice">;
  className?: string;
}) {
  const { t } = useTranslation();
  const percent = discountPercent(product.price, product.salePrice);
  if (percent <= 0) return null;
  return (
    <span className={`rounded-full bg-red-600 px-2.5 py-1 text-xs font-bold text-white ${className}`}>
      {/* Left-to-right so the minus stays in front of the number in Arabic and Hebrew too. */}
      <bdi dir="ltr">{t("product.discount", { percent })}</bdi>
    </span>
  );
}
