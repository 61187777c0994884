import { localized, type ProductSummary } from "@stoa/contract";
import { useShop } from "../../shell/root-data.ts";
import { ProductPurchase } from "../product/ProductPurchase.tsx";
import { ProductModalHeader, ProductModalLoading } from "./ProductModalFrame.tsx";
import { useProductInfo } from "./use-product-info.ts";

/** RESTAURANT_OPTION: a dish's choices and extras, their rules, the quantity and the running total. */
export function RestaurantOptionModal({ product }: { product: ProductSummary }) {
  const { locale } = useShop();
  const { info } = useProductInfo(product.id);
  const description = info ? localized(info.descriptionLocalizations, locale) || info.description : "";
  return (
    <div className="space-y-6 p-6 sm:p-8">
      <ProductModalHeader product={product} />
      {description ? <p className="line-clamp-3 text-sm leading-6 text-stone-600">{description}</p> : null}
      {info ? <ProductPurchase product={info} /> : <ProductModalLoading />}
    </div>
  );
}
