import type { Download } from "@stoa/contract";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountLayout } from "../../account/AccountLayout.tsx";
import { hasExpired } from "../../orders/dates.ts";
import { type DownloadLinkProblem, downloadLinkProblemOf } from "../../orders/download-link.ts";
import { OrderTime } from "../../orders/OrderParts.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInShopper } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { AlertIcon, DownloadIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/downloads";

/** The files the caller has paid for, each with a signed link that runs out (asked afresh on every visit). */
export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const linkProblem = downloadLinkProblemOf(new URL(args.request.url).searchParams);
  if (!signedInShopper((await storeApi.session()).auth)) return { downloads: null, now: 0, linkProblem };
  const { records } = await storeApi.page("downloadList", {});
  return { downloads: records, now: Date.now(), linkProblem };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/downloads", (t) => t("downloads.title"));

/**
 * The time the page judges expiry by: the server's when it was rendered, then the browser's clock,
 * re-read each minute, so a link left open on the screen stops being offered once it has run out.
 */
function useNow(renderedAt: number): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function DownloadRow({ item, now }: { item: Download; now: number }) {
  const { t } = useTranslation();
  const expired = hasExpired(item.expiresAt, now);
  return (
    <li
      className="flex flex-wrap items-center gap-4 py-4 first:pt-0 last:pb-0"
      data-download={item.orderLineId}
      data-expired={expired}
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand/10 text-brand">
        <DownloadIcon className="size-6" />
      </span>
      <div className="min-w-0 flex-1 basis-48 space-y-0.5">
        <p className="font-medium text-stone-950">{item.name}</p>
        <p className="break-all text-sm text-stone-600">
          <bdi>{item.fileName}</bdi>
        </p>
        <p className="text-sm text-stone-500">
          <Link to={`/orders/${item.orderId}`} className="hover:underline">
            {t("orders.number", { number: item.orderNumber })}
          </Link>
          <span aria-hidden="true"> · </span>
          {expired ? (
            <span className="text-amber-800">{t("downloads.expired")}</span>
          ) : (
            <>
              {t("downloads.expires")} <OrderTime at={item.expiresAt} withTime timeZone={item.timezone} />
            </>
          )}
        </p>
      </div>
      {expired ? (
        <Link
          to="/downloads"
          reloadDocument
          className={`${buttonClass.secondary} w-full py-2.5 sm:w-auto`}
          data-renew-link
        >
          {t("downloads.renew")}
        </Link>
      ) : (
        <a
          href={item.url}
          download={item.fileName}
          className={`${buttonClass.primary} w-full py-2.5 sm:w-auto`}
          aria-label={t("downloads.download-named", { name: item.name })}
          data-download-link
        >
          <DownloadIcon className="size-4" />
          {t("downloads.download")}
        </a>
      )}
    </li>
  );
}

function DownloadsPage({
  downloads,
  renderedAt,
  linkProblem,
}: {
  downloads: Download[];
  renderedAt: number;
  linkProblem: DownloadLinkProblem | null;
}) {
  const { t } = useTranslation();
  const now = useNow(renderedAt);
  return (
    <AccountLayout title={t("downloads.title")}>
      {linkProblem ? (
        <p
          role="status"
          className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-sm leading-6 text-amber-900"
          data-link-problem={linkProblem}
        >
          <AlertIcon className="size-5 shrink-0" />
          {t(`downloads.link-${linkProblem}`)}
        </p>
      ) : null}
      {downloads.length === 0 ? (
        <EmptyState
          icon={<DownloadIcon className="size-8" />}
          title={t("downloads.empty-title")}
          text={t("downloads.empty-text")}
          action={
            <Link to="/products" className={buttonClass.primary}>
              {t("cart.start-shopping")}
            </Link>
          }
          data-downloads-empty
        />
      ) : (
        <section className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7">
          <p className="mb-5 text-sm text-stone-600">{t("downloads.intro")}</p>
          <ul className="divide-y divide-stone-200">
            {downloads.map((item) => (
              <DownloadRow key={`${item.orderId}-${item.orderLineId}`} item={item} now={now} />
            ))}
          </ul>
        </section>
      )}
    </AccountLayout>
  );
}

export default function Downloads({ loaderData }: Route.ComponentProps) {
  const { downloads, now, linkProblem } = loaderData;
  return (
    <RequireAuth ready={downloads !== null} allowGuest>
      {downloads ? <DownloadsPage downloads={downloads} renderedAt={now} linkProblem={linkProblem} /> : null}
    </RequireAuth>
  );
}
