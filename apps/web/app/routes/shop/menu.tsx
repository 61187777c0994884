import { MAX_PAGE_SIZE, type ProductSummary } from "@stoa/contract";
import { flattenCategories } from "../../catalogue/listing/product-query.ts";
import { CourseBar } from "../../catalogue/menu/CourseBar.tsx";
import { ProductGrid } from "../../catalogue/product/ProductCard.tsx";
import { TaxNote } from "../../catalogue/product/TaxNote.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { containerClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import type { Route } from "./+types/menu";

/** The whole menu on one page, for shoppers who scanned a table's QR code (spec §2 restaurant route). */
export async function loader({ context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const result = await storeApi.page("productSearch", { query: { limit: MAX_PAGE_SIZE, page: 1 }, body: {} });
  return { products: result.records };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/menu" });
  return shopMeta(root, { title: metaTranslator(root).t("menu.title"), path: "/menu" });
};

export default function Menu({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories, locale, table } = useShop();
  const sections = categories
    .map((category) => {
      const ids = new Set(flattenCategories([category]).map((c) => c.id));
      const products = loaderData.products.filter((product: ProductSummary) =>
        product.categoryIds.some((id) => ids.has(id)),
      );
      return { category, products };
    })
    .filter((section) => section.products.length > 0);
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <h1 className="text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl">{t("menu.title")}</h1>
      {table ? <p className="mt-2 text-stone-600">{t("menu.for-table", { table })}</p> : null}
      <TaxNote className="mt-2 text-sm text-stone-600" />
      <CourseBar
        label={t("nav.categories")}
        courses={sections.map(({ category }) => ({
          key: category.id,
          href: `#menu-${category.slug}`,
          name: categoryName(category, locale),
        }))}
        className="mt-6"
      />
      {sections.map(({ category, products }) => (
        <section
          key={category.id}
          id={`menu-${category.slug}`}
          aria-labelledby={`menu-${category.slug}-title`}
          className="mt-10 scroll-mt-36"
        >
          <h2
            id={`menu-${category.slug}-title`}
            className="mb-5 text-2xl font-bold tracking-tight text-stone-950"
          >
            {categoryName(category, locale)}
          </h2>
          <ProductGrid products={products} />
        </section>
      ))}
    </div>
  );
}
