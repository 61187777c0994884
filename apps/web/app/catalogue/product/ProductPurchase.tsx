import {
  type AddOnChoice,
  type AddOnProblem,
  addOnProblems,
  cartLineId,
  choose,
  clampQuantity,
  dishTotal,
  effectivePrice,
  findVariation,
  formatMoney,
  initialSelection,
  isVariationInStock,
  matchingVariations,
  missingOptions,
  type ProductInfo,
  type ProductVariation,
  priceFrom,
  productPriceRange,
  regularPriceFrom,
  toggleAddOn,
  type VariationSelection,
} from "@stoa/contract";
import { useEffect, useId, useRef, useState } from "react";
import { cartLineFor } from "../../cart/cart-line.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import { AddOnGroups } from "./AddOnGroups.tsx";
import { AddToCartButton } from "./AddToCartButton.tsx";
import {
  EMPTY_RECIPIENT,
  GiftRecipientFields,
  type RecipientDraft,
  recipientOf,
} from "./GiftRecipientFields.tsx";
import { Price, PriceFrom } from "./Price.tsx";
import { productName } from "./product-name.ts";
import { QuantityStepper } from "./QuantityStepper.tsx";
import { StickyBuyBar } from "./StickyBuyBar.tsx";
import { StockAlertForm } from "./StockAlertForm.tsx";
import { StockState, stockLevel } from "./StockState.tsx";
import { VariationPicker } from "./VariationPicker.tsx";

/**
 * The price of what the shopper is choosing: "From" the lowest while the choices left can still
 * change it (the contract's `priceFrom`, the rule listing cards follow too), narrowing with each
 * choice; otherwise the price to pay, with any sale.
 */
function PurchasePrice({
  product,
  item,
  openVariations,
  size = "md",
}: {
  product: ProductInfo;
  item: Pick<ProductInfo, "price" | "salePrice">;
  /** The variations still possible while one is to be chosen; null once chosen, or without any. */
  openVariations: readonly ProductVariation[] | null;
  size?: "md" | "lg";
}) {
  const choices = {
    price: item.price,
    salePrice: item.salePrice,
    variations: openVariations,
    addOnGroups: product.addOnGroups,
  };
  const range = productPriceRange(choices);
  const from = priceFrom(range);
  if (from !== null)
    return (
      <PriceFrom amount={from} regular={regularPriceFrom(choices)} currency={product.currency} size={size} />
    );
  // Every variation still possible costs the same: that price, before the last choice is made.
  const shown = openVariations && range ? { price: range.min, salePrice: null } : item;
  return <Price product={{ ...shown, currency: product.currency }} size={size} />;
}

/**
 * Everything needed to buy a product: price and stock that follow the chosen variation, the
 * variation picker, a dish's add-ons, the quantity and the add button. One component for the product
 * page and the product modals, so they enforce the same rules.
 */
export function ProductPurchase({
  product,
  initialVariation = null,
  onVariationChange,
  buyBar = false,
}: {
  product: ProductInfo;
  /** A `?variation=<id>` value to start from. */
  initialVariation?: string | null;
  onVariationChange?: (variation: ProductVariation | null) => void;
  /** The product page on a phone: price and "Add to cart" stay at the bottom of the screen. */
  buyBar?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const [selection, setSelection] = useState<VariationSelection>(() =>
    initialSelection(product, initialVariation),
  );
  const [choice, setChoice] = useState<AddOnChoice>({});
  const [refused, setRefused] = useState<AddOnProblem | null>(null);
  const [triedToAdd, setTriedToAdd] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [recipient, setRecipient] = useState<RecipientDraft>(EMPTY_RECIPIENT);
  const [recipientFix, setRecipientFix] = useState<keyof RecipientDraft | null>(null);
  const groupsRef = useRef<HTMLDivElement>(null);
  const formId = `${useId()}-cart`;
  const buyingRef = useRef<HTMLDivElement>(null);

  const options = product.variationOptions;
  const hasVariations = options.length > 0 && product.variations.length > 0;
  const variation = hasVariations ? findVariation(options, product.variations, selection) : null;
  // With every variation sold out there is nothing to choose: say so rather than "choose options".
  const soldOutEverywhere = hasVariations && !product.variations.some(isVariationInStock);
  const item = variation ?? (soldOutEverywhere ? { ...product, stock: 0, isAvailable: false } : product);
  const choosing = hasVariations && !variation && !soldOutEverywhere;
  const openVariations =
    hasVariations && !variation ? matchingVariations(product.variations, selection) : null;
  const missing = hasVariations ? missingOptions(options, selection) : [];
  const missingText =
    missing[0] !== undefined
      ? t("variations.choose-option", { option: missing[0].name })
      : hasVariations && !variation
        ? t("variations.not-offered")
        : null;

  const variationId = variation?.id ?? null;
  const onChange = useRef(onVariationChange);
  onChange.current = onVariationChange;
  useEffect(() => {
    onChange.current?.(product.variations.find((v) => v.id === variationId) ?? null);
  }, [variationId, product.variations]);

  // A smaller stock for the newly chosen variation lowers the quantity with it.
  const stock = item.stock;
  useEffect(() => {
    setQuantity((current) => clampQuantity(current, stock));
  }, [stock]);

  const groups = product.addOnGroups;
  const problems = [...(triedToAdd ? addOnProblems(groups, choice) : []), ...(refused ? [refused] : [])];
  const total = dishTotal(effectivePrice(item.price, item.salePrice), groups, choice, quantity);
  const name = productName(product, locale);

  const adding = {
    product: item,
    line: () => {
      const line = cartLineFor(product, locale, { variation, groups, choice });
      const present = product.isGiftCard ? recipientOf(recipient) : null;
      // A present is its own line: two cards for two people are two lines.
      return present && !("fix" in present)
        ? {
            ...line,
            id: `${cartLineId(line)}:gift:${present.email}:${present.sendOn ?? ""}`,
            giftRecipient: present,
          }
        : line;
    },
    quantity,
    missing: soldOutEverywhere ? null : missingText,
    total:
      groups.length > 0 || quantity > 1 ? (
        <bdi dir="ltr" data-total>
          {formatMoney(total, product.currency, locale)}
        </bdi>
      ) : undefined,
    onBeforeAdd: () => {
      setTriedToAdd(true);
      const present = product.isGiftCard ? recipientOf(recipient) : null;
      setRecipientFix(present && "fix" in present ? present.fix : null);
      if (present && "fix" in present) return false;
      const first = addOnProblems(groups, choice)[0];
      if (!first) return true;
      // Take the diner to the first group still missing a choice.
      groupsRef.current
        ?.querySelector<HTMLElement>(`[data-add-on-group="${CSS.escape(first.group)}"]`)
        ?.focus();
      return false;
    },
  };

  return (
    <div className="space-y-6" data-product-purchase={product.id} data-variation={variationId ?? ""}>
      <div className="space-y-2">
        <PurchasePrice product={product} item={item} openVariations={openVariations} size="lg" />
        {choosing ? (
          <p className="text-sm text-stone-600" data-stock="choose">
            {t("variations.choose-to-see-stock")}
          </p>
        ) : (
          <StockState product={item} />
        )}
        {/* A product sold by variation is waited for one variation at a time: the chosen one. */}
        {!choosing && stockLevel(item) === "out-of-stock" && (!hasVariations || variation) ? (
          <StockAlertForm productId={product.id} variationId={variationId} />
        ) : null}
        {item.sku ? (
          <p className="text-xs text-stone-500" data-sku>
            {t("product.sku")} <bdi dir="ltr">{item.sku}</bdi>
          </p>
        ) : null}
      </div>

      {hasVariations ? (
        <VariationPicker
          options={options}
          variations={product.variations}
          selection={selection}
          onChoose={(option, value) => setSelection((current) => choose(current, option, value))}
          onClear={() => setSelection({})}
          form={formId}
        />
      ) : null}

      {groups.length > 0 ? (
        <div ref={groupsRef}>
          <AddOnGroups
            groups={groups}
            choice={choice}
            problems={problems}
            currency={product.currency}
            onToggle={(group, itemKey) => {
              const next = toggleAddOn(groups, choice, group, itemKey);
              setChoice(next.choice);
              setRefused(next.refused);
            }}
            form={formId}
          />
        </div>
      ) : null}

      {product.isGiftCard ? (
        <GiftRecipientFields draft={recipient} onChange={setRecipient} fix={recipientFix} />
      ) : null}

      <div ref={buyingRef} className="flex flex-wrap items-center gap-3">
        <QuantityStepper quantity={quantity} stock={stock} onChange={setQuantity} name={name} />
        <AddToCartButton {...adding} formId={formId} className="flex-1 sm:flex-none sm:px-10" />
      </div>
      {buyBar ? (
        <StickyBuyBar
          watched={buyingRef}
          price={<PurchasePrice product={product} item={item} openVariations={openVariations} />}
          action={
            choosing || missing.length > 0 ? (
              <button
                type="button"
                className={`${buttonClass.primary} whitespace-nowrap`}
                onClick={() => {
                  // The choices sit above the page's own button: take the shopper to the first one.
                  const purchase = buyingRef.current?.closest<HTMLElement>("[data-product-purchase]");
                  purchase?.scrollIntoView({ behavior: "smooth", block: "start" });
                  purchase?.querySelector<HTMLElement>("button, input")?.focus({ preventScroll: true });
                }}
                data-buy-bar-choose
              >
                {t("variations.choose-options")}
              </button>
            ) : (
              <AddToCartButton {...adding} sticky className="w-full" />
            )
          }
        />
      ) : null}
    </div>
  );
}
