import { Link } from "react-router";
import { homeHref } from "../dine-in/table.ts";
import { isolated } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { StoaImage } from "../platform/ui/StoaImage.tsx";
import { useShop } from "./root-data.ts";
import { shopLogo, shopName } from "./shop.ts";

/** Logo and name, linking home, or to the table's page for a diner at a table (spec §2). */
export function StoreLogo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { store, locale, table } = useShop();
  const name = shopName(store, locale);
  const logo = shopLogo(store);
  return (
    <Link
      to={homeHref(table)}
      onClick={onNavigate}
      className="flex min-w-0 items-center gap-2.5 rounded-lg"
      aria-label={
        table ? t("shell.menu-link", { name, table: isolated(table) }) : t("shell.home-link", { name })
      }
    >
      {logo ? (
        <StoaImage
          src={logo}
          alt=""
          width={40}
          height={40}
          className="size-9 shrink-0 rounded-xl object-contain sm:size-10"
        />
      ) : null}
      <span className="line-clamp-2 text-[15px] leading-tight font-bold tracking-tight text-stone-950 sm:text-xl">
        {name}
      </span>
    </Link>
  );
}
