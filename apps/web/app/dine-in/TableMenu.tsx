import { formatMoney, type TableMenu as Menu, type ProductSummary, type TableMenuItem } from "@stoa/contract";
import { useRef } from "react";
import { Form } from "react-router";
import { type LineDestination, LineDestinationProvider } from "../catalogue/product/line-destination.tsx";
import { RestaurantOptionModal } from "../catalogue/product-modals/RestaurantOptionModal.tsx";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { StoaImage } from "../platform/ui/StoaImage.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useDialogBehaviour } from "../platform/ui/use-dialog.ts";
import { useHydrated } from "../platform/ui/use-hydrated.ts";
import { useShop } from "../shell/root-data.ts";

/** A table menu's dish as the product modals take it: the modal reads the rest (options, add-ons) itself. */
export function summaryOf(item: TableMenuItem, currency: string): ProductSummary {
  return {
    id: item.id,
    name: item.name,
    nameLocalizations: {},
    slug: item.slug,
    price: item.price,
    salePrice: item.salePrice,
    currency,
    stock: item.available ? 1 : 0,
    sku: "",
    brand: "",
    unit: "",
    image: item.image,
    categoryIds: item.categoryId === null ? [] : [item.categoryId],
    isOnSale: item.salePrice !== null,
    isAvailable: item.available,
    createTime: "",
    remarks: "",
    hasVariations: item.hasOptions,
    hasOptions: item.hasOptions,
    hasFitment: false,
    priceFrom: item.priceFrom,
    regularPriceFrom: null,
    isDigital: false,
    isGiftCard: false,
    rating: null,
  };
}

/**
 * One dish: its photo, name and price, greyed with the reason when it cannot be ordered. Its button
 * is a form that sends a one-dish round (without scripts); with them, it puts the dish in the round
 * being put together, or opens its options (RESTAURANT_OPTION).
 */
function Dish({
  item,
  currency,
  roundKey,
  onAdd,
  onChoose,
}: {
  item: TableMenuItem;
  currency: string;
  roundKey: string;
  onAdd: (item: TableMenuItem) => void;
  onChoose: (item: TableMenuItem) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const hydrated = useHydrated();
  const price = item.priceFrom ?? item.salePrice ?? item.price;
  return (
    <li
      className={`flex gap-3 rounded-xl border border-stone-200 bg-white p-3 ${item.available ? "" : "opacity-60"}`}
      data-dish={item.id}
      data-available={item.available}
    >
      {item.image ? (
        <StoaImage
          src={item.image.url}
          alt={item.image.alt}
          width={80}
          height={80}
          sizes="80px"
          className={`size-20 shrink-0 rounded-lg object-cover ${item.available ? "" : "grayscale"}`}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-stone-950">{item.name}</p>
        {item.description ? <p className="line-clamp-2 text-sm text-stone-600">{item.description}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold tabular-nums text-stone-900">
            {item.priceFrom !== null ? `${t("table.from")} ` : ""}
            <bdi dir="ltr">{formatMoney(price, currency, locale)}</bdi>
          </p>
          {!item.available ? (
            <p className="text-sm font-medium text-stone-600" data-dish-unavailable>
              {t("table.unavailable")}
            </p>
          ) : item.hasOptions ? (
            <button
              type="button"
              className={`${buttonClass.secondary} min-h-11 px-4 py-2 text-sm`}
              disabled={!hydrated}
              onClick={() => onChoose(item)}
              data-dish-choose
            >
              {t("table.choose")}
            </button>
          ) : (
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="dish" />
              <input type="hidden" name="productId" value={item.id} />
              <input type="hidden" name="roundKey" value={roundKey} />
              <button
                type="submit"
                className={`${buttonClass.secondary} min-h-11 px-4 py-2 text-sm`}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  onAdd(item);
                }}
                data-dish-add
              >
                {hydrated ? t("table.add") : t("table.order-one")}
              </button>
            </Form>
          )}
        </div>
      </div>
    </li>
  );
}

/** The table's menu by category, each dish with its own button. */
export function TableMenuList({
  menu,
  roundKeyOf,
  onAdd,
  onChoose,
}: {
  menu: Menu;
  /** A one-dish round's key, made on the server for the form that works without scripts. */
  roundKeyOf: (productId: number) => string;
  onAdd: (item: TableMenuItem) => void;
  onChoose: (item: TableMenuItem) => void;
}) {
  const { t } = useTranslation();
  const sections = [
    ...menu.categories.map((category) => ({
      key: String(category.id),
      name: category.name,
      items: menu.items.filter((item) => item.categoryId === category.id),
    })),
    {
      key: "other",
      name: t("table.other-dishes"),
      items: menu.items.filter(
        (item) => item.categoryId === null || !menu.categories.some((c) => c.id === item.categoryId),
      ),
    },
  ].filter((section) => section.items.length > 0);
  return (
    <div className="space-y-8" data-table-menu>
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`dishes-${section.key}`}>
          <h3 id={`dishes-${section.key}`} className="mb-3 text-lg font-bold text-stone-950">
            {section.name}
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {section.items.map((item) => (
              <Dish
                key={item.id}
                item={item}
                currency={menu.currency}
                roundKey={roundKeyOf(item.id)}
                onAdd={onAdd}
                onChoose={onChoose}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** RESTAURANT_OPTION for a dish of the table: what it adds goes into the round, not the cart. */
export function DishOptionsDialog({
  product,
  destination,
  onClose,
}: {
  product: ProductSummary;
  destination: LineDestination;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useDialogBehaviour(true, panel, onClose);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-stone-950/50 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={product.name}
        className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white sm:rounded-2xl"
        data-dish-options={product.id}
      >
        <div className="flex justify-end px-4 pt-3">
          <button
            type="button"
            className={`${buttonClass.secondary} min-h-11 px-3 py-1.5 text-sm`}
            onClick={onClose}
          >
            {t("table.close")}
          </button>
        </div>
        <LineDestinationProvider value={destination}>
          <RestaurantOptionModal product={product} />
        </LineDestinationProvider>
      </div>
    </div>
  );
}
