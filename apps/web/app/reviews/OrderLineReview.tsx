import type { MyReview, OrderLine } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { PencilIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";

/** The caller's review standing per product of an order, as the order page asked the API. */
export type OrderReviews = Record<number, MyReview>;

/**
 * Under a line of a delivered order: "Write a review" (or "Edit your review") when the API lets the
 * shopper review that product; REVIEW_RATING over the order page, the review page without scripts.
 */
export function OrderLineReview({ line, reviews }: { line: OrderLine; reviews: OrderReviews }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const mine = reviews[line.productId];
  if (!mine || (!mine.review && !mine.mayReview)) return null;
  return (
    <Link
      to={`/products/${line.productId}/review`}
      onClick={(event) => {
        event.preventDefault();
        openModal("REVIEW_RATING", {
          productId: line.productId,
          productName: line.name,
          review: mine.review,
        });
      }}
      aria-haspopup="dialog"
      aria-label={
        mine.review ? t("reviews.edit-of", { name: line.name }) : t("reviews.write-of", { name: line.name })
      }
      className="mt-1 inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50"
      data-line-review={mine.review ? "edit" : "write"}
    >
      <PencilIcon className="size-4" />
      {mine.review ? t("reviews.edit") : t("reviews.write")}
    </Link>
  );
}
