import { ERRORS, MAX_PAGE_SIZE, type MessageKey, type ProductSummary } from "@stoa/contract";
import { data, Link, redirect } from "react-router";
import { flattenCategories } from "../../catalogue/listing/product-query.ts";
import { CourseBar } from "../../catalogue/menu/CourseBar.tsx";
import { ProductGrid } from "../../catalogue/product/ProductCard.tsx";
import { TaxNote } from "../../catalogue/product/TaxNote.tsx";
import { TABLE_COOKIE, TABLE_PATH, tableCodeIn } from "../../dine-in/table.ts";
import { isolated } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { preferenceCookie } from "../../platform/session/cookies.ts";
import { AlertIcon } from "../../platform/ui/icons.tsx";
import { containerClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import type { Route } from "./+types/menu";

/**
 * The whole menu on one page (spec §2 restaurant route). A table's QR code opens it with
 * `?table=<code>`: the scan keeps the diner's in-store token and the table's name (for the banner)
 * and sends them to the table's page. A code that opens no table (rotated, a table switched off, a
 * typed number) says so, and never shows the menu as if the diner sat at a table.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const asked = tableCodeIn(new URL(request.url));
  if (asked.kind === "bad") return data({ table: "unknown" as const }, { status: 404 });
  if (asked.kind === "code") {
    const scan = await storeApi.form("tableScan", { body: { code: asked.code } });
    if (!scan.ok) {
      const unknown =
        scan.failure.code === ERRORS.TABLE_CODE_UNKNOWN.code ||
        scan.failure.code === ERRORS.INVALID_INPUT.code;
      return data(
        unknown ? { table: "unknown" as const } : { table: "problem" as const, key: scan.failure.key },
        { status: scan.status },
      );
    }
    const headers = new Headers();
    headers.append("Set-Cookie", storeApi.inStoreCookie(scan.data.token));
    // The table's name for the banner, for the browser session; never the code, which is a secret.
    headers.append("Set-Cookie", preferenceCookie(TABLE_COOKIE, scan.data.table.name));
    headers.set("Cache-Control", "private, no-store");
    throw redirect(TABLE_PATH, { headers });
  }
  const result = await storeApi.page("productSearch", { query: { limit: MAX_PAGE_SIZE, page: 1 }, body: {} });
  return { table: null, products: result.records };
}

/** What a diner sees when the code they scanned opens no table: who to ask, and the menu to read. */
function TableNotOpened({ problem }: { problem: MessageKey | null }) {
  const { t } = useTranslation();
  return (
    <div className={`${containerClass} py-10 sm:py-16`}>
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center"
        data-table-unknown
      >
        <AlertIcon className="mx-auto size-8 text-amber-700" />
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-950">
          {problem ? t(problem) : t("menu.table-unknown-title")}
        </h1>
        {problem ? null : <p className="mt-2 text-stone-700">{t("menu.table-unknown-text")}</p>}
        <Link
          to="/menu"
          className="mt-5 inline-flex min-h-11 items-center justify-center rounded-xl border border-stone-300 bg-white px-5 font-semibold text-stone-900 hover:bg-stone-50"
        >
          {t("menu.table-unknown-menu")}
        </Link>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/menu" });
  return shopMeta(root, { title: metaTranslator(root).t("menu.title"), path: "/menu" });
};

export default function Menu({ loaderData }: Route.ComponentProps) {
  if (loaderData.table !== null)
    return <TableNotOpened problem={loaderData.table === "problem" ? loaderData.key : null} />;
  return <WholeMenu products={loaderData.products} />;
}

function WholeMenu({ products: listed }: { products: ProductSummary[] }) {
  const { t } = useTranslation();
  const { categories, locale, table } = useShop();
  const sections = categories
    .map((category) => {
      const ids = new Set(flattenCategories([category]).map((c) => c.id));
      const products = listed.filter((product: ProductSummary) =>
        product.categoryIds.some((id) => ids.has(id)),
      );
      return { category, products };
    })
    .filter((section) => section.products.length > 0);
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <h1 className="text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl">{t("menu.title")}</h1>
      {table ? (
        <p className="mt-2 text-stone-600">{t("menu.for-table", { table: isolated(table) })}</p>
      ) : null}
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
