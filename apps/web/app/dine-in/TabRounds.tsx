import { formatMoney, type RoundStatus, type Tab } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useShop } from "../shell/root-data.ts";

/** A round's state in colour and in words (never colour alone). */
const STATE_CLASS: Record<RoundStatus, string> = {
  held: "bg-amber-100 text-amber-900",
  sent: "bg-sky-100 text-sky-900",
  preparing: "bg-violet-100 text-violet-900",
  served: "bg-emerald-100 text-emerald-900",
};

export function RoundState({ status }: { status: RoundStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_CLASS[status]}`}
      data-round-status={status}
    >
      {t(`table.status.${status}`)}
    </span>
  );
}

/** Every round of the tab with its state, who sent it and its lines, and the running total. */
export function TabRounds({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const money = (amount: number) => <bdi dir="ltr">{formatMoney(amount, tab.currency, locale)}</bdi>;
  return (
    <section
      aria-labelledby="tab-rounds"
      className="space-y-3"
      data-tab-rounds
      data-tab-version={tab.version}
    >
      <h2 id="tab-rounds" className="text-xl font-bold text-stone-950">
        {t("table.rounds-title")}
      </h2>
      {tab.rounds.length === 0 ? <p className="text-sm text-stone-600">{t("table.no-rounds")}</p> : null}
      <ol className="space-y-3">
        {tab.rounds.map((round) => (
          <li
            key={round.id}
            className="rounded-xl border border-stone-200 bg-white p-3"
            data-round={round.ticket}
            data-round-by={round.dinerName}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-stone-950">
                {t("table.round", { ticket: round.ticket })}{" "}
                <span className="font-normal text-stone-600">
                  · {t("table.by", { name: round.dinerName })}
                </span>
              </p>
              <RoundState status={round.status} />
            </div>
            <ul className="mt-2 space-y-1 text-sm">
              {round.lines.map((line) => (
                <li key={line.id} className="flex justify-between gap-3" data-line-voided={line.voided}>
                  <span className={line.voided ? "text-stone-400 line-through" : "text-stone-800"}>
                    {line.quantity} × {line.name}
                    {line.options.length > 0 ? (
                      <span className="text-stone-500"> ({line.options.join(" · ")})</span>
                    ) : null}
                    {line.note ? <span className="block text-xs text-stone-500">“{line.note}”</span> : null}
                    {line.voided ? (
                      <span className="block text-xs no-underline">{t("table.voided")}</span>
                    ) : null}
                  </span>
                  <span className="tabular-nums text-stone-900">{money(line.lineTotal)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-stone-100 p-3">
        <p className="text-base font-semibold text-stone-950" data-tab-total={tab.total}>
          {t("table.running-total")}: {money(tab.total)}
        </p>
        {tab.rounds.length > 0 ? (
          <Link to="/checkout/table" className={`${buttonClass.secondary} min-h-11 px-4 py-2`} data-ask-bill>
            {t("table.ask-bill")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
