import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ArrowStartIcon } from "../platform/ui/icons.tsx";
import { containerClass } from "../platform/ui/ui.ts";

/**
 * A review, question or report as a page of its own: what the dialogs show over the product page,
 * for a shopper whose browser runs no scripts (or who followed a link).
 */
export function ReviewPageFrame({
  productId,
  productName,
  title,
  children,
}: {
  productId: number;
  productName: string;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${containerClass} py-8 sm:py-12`}>
      <div className="mx-auto max-w-xl">
        <Link
          to={`/products/${productId}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-600 hover:text-stone-950"
        >
          <ArrowStartIcon className="size-4" />
          <span dir="auto">{t("reviews.back-to", { name: productName })}</span>
        </Link>
        <div className="mt-4 rounded-3xl border border-stone-200 bg-white px-6 py-8 shadow-sm sm:px-10">
          <h1 className="text-2xl font-bold tracking-tight text-stone-950">{title}</h1>
          <p dir="auto" className="mt-1 text-sm text-stone-600">
            {productName}
          </p>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}
