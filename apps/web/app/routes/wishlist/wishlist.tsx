import { WISHLIST_LIMIT, type WishlistRecord } from "@stoa/contract";
import { useEffect } from "react";
import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountLayout } from "../../account/AccountLayout.tsx";
import { ListedPrice } from "../../catalogue/product/Price.tsx";
import { ProductThumbnail } from "../../catalogue/product/ProductThumbnail.tsx";
import { productName } from "../../catalogue/product/product-name.ts";
import { StockState } from "../../catalogue/product/StockState.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { AlertIcon, TrashIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { WholeWords } from "../../platform/ui/WholeWords.tsx";
import { useShop } from "../../shell/root-data.ts";
import { HeartIcon } from "../../wishlist/HeartIcon.tsx";
import { useWishlist } from "../../wishlist/WishlistProvider.tsx";
import type { Route } from "./+types/wishlist";

/** Spec §6 and §9: only a signed-in customer's wishlist is asked for, up to 300 products. */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  if (!signedInCustomer((await storeApi.session()).auth)) return { wishlist: null };
  return { wishlist: await storeApi.page("wishlistList", { query: { limit: WISHLIST_LIMIT, page: 1 } }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/wishlist", (t) => t("wishlist.title"));

function SavedProduct({ record }: { record: WishlistRecord }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const wishlist = useWishlist();
  const { product } = record;
  const name = productName(product, locale);
  const href = `/products/${product.id}`;
  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0" data-wishlist-item={product.id}>
      <ProductThumbnail
        image={product.image}
        size={96}
        to={href}
        className="size-20 shrink-0 rounded-xl sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="line-clamp-2 font-medium text-stone-950">
            <Link to={href} className="hover:underline">
              <WholeWords text={name} />
            </Link>
          </h3>
          <ListedPrice product={product} />
          <StockState product={product} />
        </div>
        <button
          type="button"
          onClick={() => wishlist.toggle(product)}
          className="inline-flex items-center gap-1.5 self-start rounded-full border border-stone-300 px-3.5 py-1.5 text-sm font-medium text-stone-800 hover:border-red-300 hover:bg-red-50 hover:text-red-700 sm:self-center"
          aria-label={t("wishlist.remove-named", { name })}
        >
          <TrashIcon className="size-4" />
          {t("wishlist.remove")}
        </button>
      </div>
    </li>
  );
}

function EmptyWishlist() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<HeartIcon className="size-8" />}
      title={t("wishlist.empty-title")}
      text={t("wishlist.empty-text")}
      action={
        <Link to="/products" className={buttonClass.primary}>
          {t("wishlist.browse")}
        </Link>
      }
      data-wishlist-empty
    />
  );
}

function WishlistPage({ records, total }: { records: WishlistRecord[]; total: number }) {
  const { t } = useTranslation();
  const wishlist = useWishlist();
  const { adopt } = wishlist;
  useEffect(() => {
    adopt(records);
  }, [adopt, records]);
  // Until the hearts' own list has arrived, the page's list is the truth; then removals show at once.
  const shown =
    wishlist.state.status === "ready" ? records.filter((r) => wishlist.isSaved(r.productId)) : records;
  const full = total >= WISHLIST_LIMIT && shown.length === records.length;
  return (
    <AccountLayout title={t("wishlist.title")}>
      {full ? (
        <p
          role="status"
          className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-sm leading-6 text-amber-900"
          data-wishlist-full
        >
          <AlertIcon className="size-5 shrink-0" />
          {t("wishlist.full", { count: WISHLIST_LIMIT })}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <EmptyWishlist />
      ) : (
        <section className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7">
          <h2 className="mb-5 text-sm font-medium text-stone-600" data-wishlist-count={shown.length}>
            {t("wishlist.count", { count: shown.length })}
          </h2>
          <ul className="divide-y divide-stone-200">
            {shown.map((record) => (
              <SavedProduct key={record.id} record={record} />
            ))}
          </ul>
        </section>
      )}
    </AccountLayout>
  );
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { wishlist } = loaderData;
  return (
    <RequireAuth ready={wishlist !== null}>
      {wishlist ? <WishlistPage records={wishlist.records} total={wishlist.total} /> : null}
    </RequireAuth>
  );
}
