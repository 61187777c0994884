import { useEffect, useState } from "react";
import { Link } from "react-router";
import { isolated } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { type QrDrawing, qrDrawing } from "../../staff/tables/qr.server.ts";
import { SHEET_PATH, TABLES_PATH } from "../../staff/tables/TableParts.tsx";
import { sheetTableIds } from "../../staff/tables/table-form.ts";
import { staffButton } from "../../staff/ui.tsx";
import type { Route } from "./+types/table-sheet";

/**
 * The tables' QR codes to print: a page of its own, without the console's frame, made for A4 paper.
 * `?tables=3,5` prints those; every active table otherwise. The codes are drawn on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tableIds = sheetTableIds(new URL(request.url).searchParams);
  const sheet = await context.storeApi.page("staffTableSheet", { body: { tableIds } });
  return {
    storeName: sheet.storeName,
    cards: sheet.codes.map((code) => ({ ...code, qr: qrDrawing(code.url) })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, SHEET_PATH, (t) => t("staff.sheet.title"));

/** Printing needs scripts; without them the browser's own print command does the same. */
function PrintButton() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" onClick={() => window.print()} className={staffButton.primary} data-staff-print>
      {t("staff.sheet.print")}
    </button>
  );
}

function QrCode({ qr, label }: { qr: QrDrawing; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className="mx-auto block size-44 bg-white print:size-[60mm]"
      data-table-qr
    >
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

export default function TableSheet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { storeName, cards } = loaderData;
  return (
    <div className="table-sheet min-h-dvh bg-stone-100 py-6 print:bg-white print:py-0">
      <div className="mx-auto mb-4 flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 print:hidden">
        <Link to={TABLES_PATH} className={staffButton.secondary}>
          {t("staff.sheet.back")}
        </Link>
        <PrintButton />
      </div>
      <main id="main" className="mx-auto max-w-4xl px-4 print:max-w-none print:px-0" data-table-sheet>
        <h1 className="sr-only">{t("staff.sheet.title")}</h1>
        {cards.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-stone-600">{t("staff.sheet.empty")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-[6mm]">
            {cards.map((card) => (
              <li
                key={card.tableId}
                className="break-inside-avoid rounded-2xl border-2 border-stone-900 bg-white p-5 text-center print:rounded-none print:p-[6mm]"
                data-sheet-card={card.name}
                data-table-url={card.url}
              >
                <p className="text-sm font-semibold uppercase tracking-wide text-stone-600">
                  <bdi>{storeName}</bdi>
                </p>
                <p className="mt-1 text-3xl font-bold text-stone-950">
                  <bdi>{card.name}</bdi>
                </p>
                {card.area ? (
                  <p className="text-stone-700">
                    <bdi>{card.area}</bdi>
                  </p>
                ) : null}
                <a href={card.url} className="mt-3 block" data-table-link>
                  <QrCode qr={card.qr} label={t("staff.sheet.qr-label", { name: isolated(card.name) })} />
                </a>
                <p className="mt-3 text-base font-medium text-stone-900">{t("staff.sheet.scan")}</p>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
